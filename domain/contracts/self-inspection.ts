import { flowNoQuery } from '../cert-flow/flow-no.ts';
import {
  aidQuery,
  auditConclusionRequest,
  checklistIssueRequest,
  checklistPageRequest,
  checklistSubmitRequest,
  selfInspectionDetail,
  supplierChecklistRow,
} from '../cert-flow/nodes/self-inspection.ts';
import { fileAnswer, messageAnswer, pageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * The self-inspection node (req flow §7.4): the staff's rows, issue, audit and completion; the supplier's checklist
 * in its portal (page, detail, template download, submit).
 */
const tag = 'self-inspection';

export const SELF_INSPECTION = {
  detail: contract({
    method: 'get',
    path: '/v1/self-inspection/detail',
    summary: 'Self-inspection rows, node and supplier-account warning',
    tag,
    auth: 'staff',
    query: flowNoQuery,
    response: selfInspectionDetail,
  }),
  issue: contract({
    method: 'post',
    path: '/v1/self-inspection/checklist/issue',
    summary: 'Issue the actual checklist template (row owner, status 10)',
    tag,
    auth: 'staff',
    body: checklistIssueRequest,
    response: messageAnswer,
  }),
  audit: contract({
    method: 'post',
    path: '/v1/self-inspection/audit-conclusion/submit',
    summary: 'Audit a submitted row: 40 reject, 50 approve (row owner, status 30)',
    tag,
    auth: 'staff',
    body: auditConclusionRequest,
    response: messageAnswer,
  }),
  finish: contract({
    method: 'post',
    path: '/v1/self-inspection/finish-node',
    summary: 'Complete the node once every row is approved (principal)',
    tag,
    auth: 'staff',
    body: flowNoQuery,
    response: messageAnswer,
  }),
  checklistPage: contract({
    method: 'post',
    path: '/v1/self-inspection/checklist/page',
    summary: "The supplier's issued checklist rows of a flow",
    tag,
    auth: 'portal',
    body: checklistPageRequest,
    response: pageAnswer(supplierChecklistRow),
  }),
  checklistDetail: contract({
    method: 'get',
    path: '/v1/self-inspection/checklist/detail',
    summary: 'One issued checklist row (supplier)',
    tag,
    auth: 'portal',
    query: aidQuery,
    response: supplierChecklistRow,
  }),
  template: contract({
    method: 'get',
    path: '/v1/self-inspection/checklist/template',
    summary: 'Download the issued template of an own row (supplier)',
    tag,
    auth: 'portal',
    query: aidQuery,
    response: fileAnswer,
  }),
  submit: contract({
    method: 'post',
    path: '/v1/self-inspection/checklist/submit',
    summary: 'Submit the document and self score (collaboration role, status 20)',
    tag,
    auth: 'portal',
    body: checklistSubmitRequest,
    response: messageAnswer,
  }),
};
