import { actorOf } from '#domain/identity.ts';
import { FLOW_TASKS } from '#domain/contracts/flow-tasks.ts';
import { RFI_READ_KEYS } from '#domain/rfi/questionnaire-contract.ts';
import { decideReview, listRfiTasks, reissueRfiLink } from '#services/cert-flow/tasks.ts';
import { ROUTES } from '#domain/permissions.ts';
import { approvalRecord } from '#services/approval/read.ts';
import { implement } from '../http/endpoint.ts';
import { serverMessage } from '../http/server-messages.ts';

/** Tasks decided with approve / reject and the approval record card (domain/contracts/flow-tasks.ts). */
export const taskEndpoints = [
  implement(FLOW_TASKS.taskList, { permissions: RFI_READ_KEYS, handle: ({ deps, query, locale }) => listRfiTasks(deps.db, query.flowNo, locale) }),
  implement(FLOW_TASKS.approvalRecord, {
    permissions: [ROUTES.certFlowDetail],
    handle: ({ deps, query, staff, locale }) => approvalRecord(deps.db, { flowNo: query.flowNo, taskNo: query.taskNo, readerJobNumber: staff.jobNumber, locale }),
  }),
  implement(FLOW_TASKS.auditPass, {
    pending: true,
    async handle({ deps, body, staff, locale }) {
      await decideReview(deps, { flowNo: body.flowNo, taskNo: body.taskNo, decision: 'pass', actor: actorOf(staff) });
      return serverMessage('operationSuccess', locale);
    },
  }),
  implement(FLOW_TASKS.auditReject, {
    pending: true,
    async handle({ deps, body, staff, locale }) {
      await decideReview(deps, { flowNo: body.flowNo, taskNo: body.taskNo, decision: 'reject', reason: body.reason, actor: actorOf(staff) });
      return serverMessage('operationSuccess', locale);
    },
  }),
  implement(FLOW_TASKS.reissueRfi, {
    pending: true,
    async handle({ deps, body, staff, locale }) {
      await reissueRfiLink(deps, { flowNo: body.flowNo, actor: actorOf(staff), permissions: staff.permissions });
      return serverMessage('operationSuccess', locale);
    },
  }),
];
