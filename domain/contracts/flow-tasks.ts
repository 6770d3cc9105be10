import { z } from 'zod';
import { approvalRecordCard, approvalRecordQuery } from '../cert-flow/approval-record.ts';
import { flowNoQuery } from '../cert-flow/flow-no.ts';
import { historyPageQuery, historyRecord } from '../cert-flow/history.ts';
import { auditPassRequest, auditRejectRequest, flowTaskRow } from '../cert-flow/review.ts';
import { pageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * Tasks decided with approve / reject and the flow's change logs: the stage-10 list, the two RFI reviews, re-issuing the link, and the
 * approval steps of the high-potential and supplier-code applications with their record card (req rfi §4
 * "Tasks", req flow §2.4, §7.1). A write answers the success text in the caller's language.
 */
const tag = 'certification flow';
const done = z.string();

export const FLOW_TASKS = {
  taskList: contract({ method: 'get', path: '/v1/cert-flow-node/task-list', summary: 'Stage-10 tasks of a flow', tag, auth: 'staff', query: flowNoQuery, response: z.array(flowTaskRow) }),
  approvalRecord: contract({
    method: 'get',
    path: '/v1/cert-flow-node/approval-record',
    summary: "A task's approval record card: its approval, every approver's decision, whether the reader decides",
    tag,
    auth: 'staff',
    query: approvalRecordQuery,
    response: approvalRecordCard,
  }),
  auditPass: contract({
    method: 'post',
    path: '/v1/cert-flow-node/audit-pass',
    summary: 'Pass an RFI review or an approval step (task principal only)',
    tag,
    auth: 'staff',
    body: auditPassRequest,
    response: done,
  }),
  auditReject: contract({
    method: 'post',
    path: '/v1/cert-flow-node/audit-reject',
    summary: 'Reject an RFI review or an approval step with a reason',
    tag,
    auth: 'staff',
    body: auditRejectRequest,
    response: done,
  }),
  reissueRfi: contract({ method: 'post', path: '/v1/cert-flow-node/reissue-rfi', summary: 'Mail the supplier a fresh link', tag, auth: 'staff', body: flowNoQuery, response: done }),
  history: contract({
    method: 'get',
    path: '/v1/operator-history/onBoard-page',
    summary: 'Change log of a flow (10 RFI, 20 flow)',
    tag,
    auth: 'staff',
    query: historyPageQuery,
    response: pageAnswer(historyRecord),
  }),
};
