import { actorOf } from '#domain/identity.ts';
import { auditPassRequest, auditRejectRequest, type FlowTaskRow } from '#domain/cert-flow/review.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import { RFI_READ_KEYS } from '#domain/rfi/questionnaire-contract.ts';
import { decideReview, listRfiTasks, reissueRfiLink } from '#services/cert-flow/tasks.ts';
import { approvalRecordQuery, type ApprovalRecordCard } from '#domain/cert-flow/approval-record.ts';
import { ROUTES } from '#domain/permissions.ts';
import { approvalRecord } from '#services/approval/read.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { serverMessage } from '../http/server-messages.ts';

const tag = 'certification flow';

/**
 * Tasks decided with approve / reject: the stage-10 list, the two RFI reviews, re-issuing the link,
 * and the approval steps of the high-potential and supplier-code applications with their record card
 * (spec 1 §4 "Tasks", spec 2 §2.4, §7.1).
 */
export const taskEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/cert-flow-node/task-list',
    summary: 'Stage-10 tasks of a flow',
    tag,
    auth: 'staff',
    permissions: RFI_READ_KEYS,
    query: flowNoQuery,
    handle: ({ deps, query, locale }): Promise<FlowTaskRow[]> => listRfiTasks(deps.db, query.flowNo, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/cert-flow-node/approval-record',
    summary: "A task's approval record card: its approval, every approver's decision, whether the reader decides",
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    query: approvalRecordQuery,
    handle: ({ deps, query, staff, locale }): Promise<ApprovalRecordCard> =>
      approvalRecord(deps.db, { flowNo: query.flowNo, taskNo: query.taskNo, readerJobNumber: staff.jobNumber, locale }),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/cert-flow-node/audit-pass',
    pending: true,
    summary: 'Pass an RFI review or an approval step (task principal only)',
    tag,
    auth: 'staff',
    body: auditPassRequest,
    async handle({ deps, body, staff, locale }) {
      await decideReview(deps, { flowNo: body.flowNo, taskNo: body.taskNo, decision: 'pass', actor: actorOf(staff) });
      return serverMessage('operationSuccess', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/cert-flow-node/audit-reject',
    pending: true,
    summary: 'Reject an RFI review or an approval step with a reason',
    tag,
    auth: 'staff',
    body: auditRejectRequest,
    async handle({ deps, body, staff, locale }) {
      await decideReview(deps, { flowNo: body.flowNo, taskNo: body.taskNo, decision: 'reject', reason: body.reason, actor: actorOf(staff) });
      return serverMessage('operationSuccess', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/cert-flow-node/reissue-rfi',
    pending: true,
    summary: 'Mail the supplier a fresh link',
    tag,
    auth: 'staff',
    body: flowNoQuery,
    async handle({ deps, body, staff, locale }) {
      await reissueRfiLink(deps, { flowNo: body.flowNo, actor: actorOf(staff), permissions: staff.permissions });
      return serverMessage('operationSuccess', locale);
    },
  }),
];
