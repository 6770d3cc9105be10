import { z } from 'zod';
import { flowNoQuery } from '../cert-flow/flow-no.ts';
import { catalogueReviseRequest, vdaCatalogue } from '../vda63/catalogue.ts';
import { vdaAction, vdaActionAnswerRequest, vdaActionCloseRequest, vdaActionRequest, vdaAuditDetail, vdaExpertsRequest, vdaScoreRequest } from '../vda63/audit.ts';
import { ppapDetail, ppapDispositionRequest, ppapElementSubmitRequest, ppapLevelRequest, ppapReviewRequest, ppapWarrantRequest } from '../ppap/ppap.ts';
import { fileAnswer, messageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * The industry standards inside the nodes (req flow §10, §11): the VDA 6.3 process audit of system certification
 * with its catalogue and action items, and the PPAP submission of sample certification, for staff and for the
 * supplier's portal.
 */
const tag = 'industry standards';
const staffWrite = <P extends string, S extends string, B extends z.ZodType>(path: P, summary: S, body: B) =>
  contract({ method: 'post', path, summary, tag, auth: 'staff', body, response: messageAnswer });
const portalWrite = <P extends string, S extends string, B extends z.ZodType>(path: P, summary: S, body: B) =>
  contract({ method: 'post', path, summary, tag, auth: 'portal', body, response: messageAnswer });

export const VDA_AUDIT = {
  catalogue: contract({ method: 'get', path: '/api/v1/vda-catalogue', summary: 'The VDA 6.3 catalogue’s newest version and whether this user may revise it', tag, auth: 'staff', response: vdaCatalogue }),
  revise: contract({
    method: 'post',
    path: '/api/v1/vda-catalogue/revise',
    summary: 'Revise the question texts and stars as a new version (scenario configuration permission)',
    tag,
    auth: 'staff',
    body: catalogueReviseRequest,
    response: z.object({ version: z.number(), message: z.string() }),
  }),
  detail: contract({ method: 'get', path: '/api/v1/vda-audit/detail', summary: 'A flow’s VDA 6.3 audit: elements, answers, figures, grade, action items', tag, auth: 'staff', query: flowNoQuery, response: vdaAuditDetail }),
  experts: staffWrite('/api/v1/vda-audit/experts', 'Name an expert per process element and the process steps (purchasing manager)', vdaExpertsRequest),
  score: staffWrite('/api/v1/vda-audit/score', 'Save or hand in one element’s answers (its expert)', vdaScoreRequest),
  action: staffWrite('/api/v1/vda-audit/action', 'Make a finding below 10 an action item for the supplier (the element’s expert)', vdaActionRequest),
  closeAction: staffWrite('/api/v1/vda-audit/action-close', 'Close an answered action item or return it (the element’s expert)', vdaActionCloseRequest),
  complete: staffWrite('/api/v1/vda-audit/complete', 'Record the grade and complete system certification (purchasing manager)', flowNoQuery),
  report: contract({ method: 'get', path: '/api/v1/vda-audit/report', summary: 'The audit report as an .xlsx workbook', tag, auth: 'staff', query: flowNoQuery, response: fileAnswer }),
};

export const PORTAL_STANDARDS = {
  actions: contract({ method: 'get', path: '/api/v1/portal/vda-actions', summary: 'The process audit’s action items of the account’s flows', tag, auth: 'portal', response: z.array(vdaAction) }),
  answerAction: portalWrite('/api/v1/portal/vda-actions/answer', 'Answer an open action item with the measure taken and its evidence', vdaActionAnswerRequest),
  ppap: contract({ method: 'get', path: '/api/v1/portal/ppap', summary: 'A flow’s PPAP submission as the supplier works on it', tag, auth: 'portal', query: flowNoQuery, response: ppapDetail }),
  ppapElement: portalWrite('/api/v1/portal/ppap/element', 'Submit one element’s files for review', ppapElementSubmitRequest),
  ppapWarrant: portalWrite('/api/v1/portal/ppap/warrant', 'Submit the part submission warrant (element 18)', ppapWarrantRequest),
};

export const PPAP = {
  detail: contract({ method: 'get', path: '/api/v1/ppap/detail', summary: 'A flow’s PPAP submission: level, elements, warrant, disposition', tag, auth: 'staff', query: flowNoQuery, response: ppapDetail }),
  level: staffWrite('/api/v1/ppap/level', 'Change the submission level while nothing is submitted (technical reviewer)', ppapLevelRequest),
  review: staffWrite('/api/v1/ppap/review', 'Accept an element or return it with a reason (technical reviewer)', ppapReviewRequest),
  disposition: staffWrite('/api/v1/ppap/disposition', 'Set the warrant’s disposition, which completes sample certification (technical reviewer)', ppapDispositionRequest),
};
