import { flowNoQuery } from '../cert-flow/flow-no.ts';
import { highPotentialDetail, highPotentialRequest } from '../cert-flow/high-potential.ts';
import { aptitudeDraft, aptitudeRequest, aptitudeResult } from '../cert-flow/nodes/aptitude.ts';
import { certDetail, certDraft, certRequest } from '../cert-flow/nodes/cert.ts';
import { kcpDetailQuery, kcpSubmitRequest } from '../cert-flow/nodes/kcp.ts';
import { kcp2CompleteRequest, kcp2Detail, kcp2SaveRequest } from '../cert-flow/nodes/kcp2.ts';
import { nodeFormDetail } from '../cert-flow/nodes/node-form.ts';
import { publicityDetail, publicitySaveRequest } from '../cert-flow/nodes/publicity.ts';
import { sampleCertDetail, sampleCertFinishRequest, sampleCertTransferRequest } from '../cert-flow/nodes/sample-cert.ts';
import { saveExpertRequest, saveScoreRequest, systemCertDetail } from '../cert-flow/nodes/system-cert.ts';
import { finishTodoRequest } from '../cert-flow/todos.ts';
import { messageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * The node screens of a certification flow (req flow §7.2–§7.8): each node's read and its writes. A write's body is
 * the whole request, the flow (and the node, for a meeting) with the form; each answers what happened.
 */
const tag = 'certification nodes';
const read = <P extends string, S extends string>(path: P, summary: S) => ({ method: 'get', path, summary, tag, auth: 'staff', query: flowNoQuery }) as const;
const write = <P extends string, S extends string>(path: P, summary: S) => ({ method: 'post', path, summary, tag, auth: 'staff', response: messageAnswer }) as const;

export const FLOW_NODES = {
  aptitude: contract({ ...read('/v1/cert-flow-aptitude/detail', 'Qualification matching: summary, file and whether this user may edit'), response: nodeFormDetail }),
  aptitudeResult: contract({ ...read('/v1/cert-flow-aptitude/result-detail', 'Qualification matching result after completion'), response: aptitudeResult }),
  aptitudeSave: contract({ ...write('/v1/cert-flow-aptitude/audit', 'Save qualification matching without completing (principal only)'), body: aptitudeDraft }),
  aptitudeComplete: contract({ ...write('/v1/cert-flow-aptitude/completed', 'Save and complete qualification matching (principal only)'), body: aptitudeRequest }),

  kcp: contract({
    method: 'get',
    path: '/v1/cert-flow-kcp/detail',
    summary: 'Meeting conclusion: conclusion, attachments and whether this user may edit',
    tag,
    auth: 'staff',
    query: kcpDetailQuery,
    response: nodeFormDetail,
  }),
  kcpSubmit: contract({ ...write('/v1/cert-flow-kcp/submit', 'Save and complete a meeting conclusion; a failing conclusion ends the flow (principal only)'), body: kcpSubmitRequest }),

  kcp2: contract({
    ...read('/v1/supplier-assessment/task-detail', 'KCP2: conclusion, attachments, to-dos, the high-potential and supplier-code states, and what this user may do'),
    response: kcp2Detail,
  }),
  kcp2Save: contract({
    ...write('/v1/supplier-assessment/save', 'KCP2: save the conclusion, attachments and to-do list without completing; the to-dos become tasks (principal only)'),
    body: kcp2SaveRequest,
  }),
  kcp2Complete: contract({
    ...write(
      '/v1/supplier-assessment/complete',
      'KCP2: save and complete; refused while the high-potential approval or the supplier-code application is open; a failing conclusion ends the flow (principal only)',
    ),
    body: kcp2CompleteRequest,
  }),
  finishTodo: contract({
    ...write('/v1/supplier-assessment/finish-todo', "Mark a to-do done, which finishes its task (the to-do's principal only, while the flow runs)"),
    body: finishTodoRequest,
  }),

  highPotential: contract({
    ...read(
      '/v1/supplier-assessment/get_high-supplier-apply',
      'High-potential application: attachments, to-dos, approval status, bpmUrl and bpmRemark, and whether this user may edit',
    ),
    response: highPotentialDetail,
  }),
  highPotentialSave: contract({
    ...write('/v1/supplier-assessment/save_high-supplier-apply', 'High-potential application: save the attachments and to-dos; the to-dos become tasks (KCP2 principal only)'),
    body: highPotentialRequest,
  }),
  highPotentialSubmit: contract({
    ...write(
      '/v1/supplier-assessment/submit_high-supplier-apply',
      'High-potential application: save and submit for approval; needs an attachment and a first to-do (KCP2 principal only)',
    ),
    body: highPotentialRequest,
  }),

  cert: contract({
    ...read('/v1/cert-flow-cert/detail', 'Certificate check: the certificate rows (the questionnaire step 5 until first saved) and whether this user may edit'),
    response: certDetail,
  }),
  certSave: contract({ ...write('/v1/cert-flow-cert/save', 'Save the certificate rows without completing (principal only)'), body: certDraft }),
  certComplete: contract({ ...write('/v1/cert-flow-cert/completed', 'Save the certificate rows and complete the certificate check (principal only)'), body: certRequest }),

  sampleCert: contract({ ...read('/v1/sample-cert/detail', 'Sample certification: conclusion, description, attachments, edit and transfer rights'), response: sampleCertDetail }),
  sampleCertFinish: contract({
    ...write('/v1/sample-cert/finish', 'Save and complete sample certification; a failing conclusion ends the flow (principal only)'),
    body: sampleCertFinishRequest,
  }),
  sampleCertTransfer: contract({ ...write('/v1/sample-cert/transfer', 'Transfer sample certification to another technical reviewer'), body: sampleCertTransferRequest }),

  publicity: contract({
    ...read('/v1/supplier-publicity/task-detail', "Publicity: objections, the period's end time and the server's clock, and what this user may do"),
    response: publicityDetail,
  }),
  publicitySave: contract({ ...write('/v1/supplier-publicity/save', 'Publicity: save the objections table; rows left out are deleted (principal only)'), body: publicitySaveRequest }),
  publicityReturn: contract({
    ...write('/v1/supplier-publicity/return', 'Publicity: return the flow to KCP2, which opens again; answers once it is in progress (principal only)'),
    body: flowNoQuery,
  }),
  publicityPush: contract({
    ...write('/v1/supplier-publicity/push', 'Publicity: publish it as a pop-up announcement, once per publicity period (cert_process_manage_all)'),
    body: flowNoQuery,
  }),

  systemCert: contract({ ...read('/v1/system-cert/task-detail', 'System certification items, step and what the caller may do'), tag: 'certification flow', response: systemCertDetail }),
  systemCertExperts: contract({ ...write('/v1/system-cert/save-expert', 'Assign the review experts (purchasing manager)'), tag: 'certification flow', body: saveExpertRequest }),
  systemCertScore: contract({ ...write('/v1/system-cert/save', "Submit one dimension's scores (its expert only)"), tag: 'certification flow', body: saveScoreRequest }),
  systemCertComplete: contract({
    ...write('/v1/system-cert/complete', 'Complete system certification (quality expert, else purchasing manager)'),
    tag: 'certification flow',
    body: flowNoQuery,
  }),
};
