import type { ChangeApprovalRecord } from '#domain/supplier-change/approval.ts';
import { changeApproveRequest, changeConflictRequest, changeFlowNoQuery, changeRejectRequest } from '#domain/supplier-change/requests.ts';
import { resolveChangeConflict, decideChange } from '#services/supplier-change/approval/decide.ts';
import { changeApprovalRecord } from '#services/supplier-change/approval/record.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { serverMessage } from '../http/server-messages.ts';

const tag = 'supplier information change';

/**
 * The approval card of a supplier information change (spec 3 §7.5 for a change; docs/decisions.md
 * "Supplier information change: approval"): its record, approve, reject, and the conflict decision.
 * Any signed-in staff member may ask; the services decide who may read or decide this very change
 * (its approvers, its staff submitter for reading, administrators), and answer 403 naming why not.
 */
export const changeApprovalEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-change/approval-record',
    summary: "A change's approval steps (every round) and whether the reader decides now",
    tag,
    auth: 'staff',
    query: changeFlowNoQuery,
    handle: ({ deps, query, staff }): Promise<ChangeApprovalRecord> => changeApprovalRecord(deps.db, query.flowNo, staff),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-change/approve',
    summary: "Approve the change's open step (its approver or an administrator; never the submitter; a bank change's two steps by two people)",
    tag,
    auth: 'staff',
    body: changeApproveRequest,
    async handle({ deps, body, staff, locale }) {
      const { status } = await decideChange(deps, { flowNo: body.flowNo, decision: 'approve', reason: body.reason }, staff);
      return { status, message: serverMessage('operationSuccess', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-change/reject',
    summary: 'Reject the change with a reason: it returns to its submitter',
    tag,
    auth: 'staff',
    body: changeRejectRequest,
    async handle({ deps, body, staff, locale }) {
      const { status } = await decideChange(deps, { flowNo: body.flowNo, decision: 'reject', reason: body.reason }, staff);
      return { status, message: serverMessage('operationSuccess', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-change/conflict-decision',
    summary: 'Decide a change whose master changed since its snapshot: apply it over the newer master, or reject it',
    tag,
    auth: 'staff',
    body: changeConflictRequest,
    async handle({ deps, body, staff, locale }) {
      const { status } = await resolveChangeConflict(deps, body, staff);
      return { status, message: serverMessage('operationSuccess', locale) };
    },
  }),
];
