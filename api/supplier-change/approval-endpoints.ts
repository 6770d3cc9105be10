import { CHANGE_APPROVAL } from '#domain/contracts/supplier-change.ts';
import { resolveChangeConflict, decideChange } from '#services/supplier-change/approval/decide.ts';
import { changeApprovalRecord } from '#services/supplier-change/approval/record.ts';
import { implement } from '../http/endpoint.ts';
import { serverMessage } from '../http/server-messages.ts';

/**
 * The approval card of a supplier information change (domain/contracts/supplier-change.ts): its record, approve,
 * reject, and the conflict decision; the services decide who may read or decide this very change.
 */
export const changeApprovalEndpoints = [
  implement(CHANGE_APPROVAL.record, { handle: ({ deps, query, staff }) => changeApprovalRecord(deps.db, query.flowNo, staff) }),
  implement(CHANGE_APPROVAL.approve, {
    async handle({ deps, body, staff, locale }) {
      const { status } = await decideChange(deps, { flowNo: body.flowNo, decision: 'approve', reason: body.reason }, staff);
      return { status, message: serverMessage('operationSuccess', locale) };
    },
  }),
  implement(CHANGE_APPROVAL.reject, {
    async handle({ deps, body, staff, locale }) {
      const { status } = await decideChange(deps, { flowNo: body.flowNo, decision: 'reject', reason: body.reason }, staff);
      return { status, message: serverMessage('operationSuccess', locale) };
    },
  }),
  implement(CHANGE_APPROVAL.conflictDecision, {
    async handle({ deps, body, staff, locale }) {
      const { status } = await resolveChangeConflict(deps, body, staff);
      return { status, message: serverMessage('operationSuccess', locale) };
    },
  }),
];
