import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { ENGINE_APPROVAL_KINDS } from './kinds.ts';

/**
 * The one approval card (docs/decisions/0052-one-approval-engine.md): any approval the engine runs, read and decided
 * the same way whatever it approves. `ref` is the number of what is approved — a certification flow (its
 * high-potential or supplier-code application), a change, an exit, an assessment plan.
 */
export const approvalRef = z.object({ kind: z.enum(ENGINE_APPROVAL_KINDS), ref: requiredText(64) });
export type ApprovalCardRef = z.infer<typeof approvalRef>;

/** A rejection's reason is required; how long it may be is the kind's rule (domain/approvals/kinds.ts), checked by the service. */
export const approvalApproveRequest = approvalRef.extend({ reason: z.string().max(1000).optional() });
export const approvalRejectRequest = approvalRef.extend({ reason: requiredText(1000, 'reasonRequired') });

/** One approver's step of a round: who holds it, what was decided, by whom (an administrator may decide in their place) and why. */
export const approvalStepRow = z.object({
  round: z.number(),
  step: z.number(),
  approverId: z.string(),
  approverName: z.string(),
  decision: z.enum(['pass', 'reject']).nullable(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
  openedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});

/** Where the approval stands: not submitted yet, waiting for a step, or ended one of three ways. */
export const APPROVAL_CARD_STATUS = ['none', 'approving', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalCardStatus = (typeof APPROVAL_CARD_STATUS)[number];

export const approvalCard = z.object({
  kind: z.enum(ENGINE_APPROVAL_KINDS),
  ref: z.string(),
  status: z.enum(APPROVAL_CARD_STATUS),
  submitterName: z.string().nullable(),
  /** Every opened step, oldest round first. */
  steps: z.array(approvalStepRow),
  /** The reader may approve or reject the open step now. */
  canDecide: z.boolean(),
  /** The longest rejection reason the kind takes. */
  reasonMax: z.number(),
});
export type ApprovalCard = z.infer<typeof approvalCard>;

