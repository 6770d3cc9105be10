import { APPROVALS } from '#domain/contracts/approvals.ts';
import { approvalCard, decideApproval } from '#services/approvals/approval-card.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

/** The one approval card and its decision pair (domain/contracts/approvals.ts); who may read and decide is the kind's desk. */
export const approvalEndpoints = [
  implement(APPROVALS.card, { handle: ({ deps, query, staff, locale }) => approvalCard(deps.db, query, staff, locale) }),
  implement(APPROVALS.approve, {
    async handle({ deps, body, staff, locale }) {
      await decideApproval(deps, { ...body, decision: 'pass' }, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  implement(APPROVALS.reject, {
    async handle({ deps, body, staff, locale }) {
      await decideApproval(deps, { ...body, decision: 'reject' }, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
];
