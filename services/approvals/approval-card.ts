import type { Db } from '#db/connection.ts';
import type { ApprovalCard, ApprovalCardRef } from '#domain/approvals/card.ts';
import { APPROVAL_RULES, type EngineApprovalKind } from '#domain/approvals/kinds.ts';
import { badRequest, forbidden } from '#domain/errors.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import type { Locale } from '#domain/i18n.ts';
import { withParams } from '#domain/messages.ts';
import { hasPermission } from '#domain/permissions.ts';
import { flowApprovalDesk } from '#services/approval/flow-approval-desk.ts';
import { summaryApprovalDesk } from '#services/assessment/summary-approval-desk.ts';
import { changeApprovalDesk } from '#services/supplier-change/approval/change-approval-desk.ts';
import { exitApprovalDesk } from '#services/supplier-exit/exit-approval-desk.ts';
import { renewalApprovalDesk } from '#services/certificates/renewal-approval.ts';
import type { ApprovalDesk, DeskDecision, DeskDeps } from './desk.ts';

/** The desk of each kind of approval: how its card reads and how a decision on it is checked (desk.ts). */
export const APPROVAL_DESKS: Record<EngineApprovalKind, ApprovalDesk> = {
  HIGH_POTENTIAL: flowApprovalDesk('HIGH_POTENTIAL'),
  SUPPLIER_CODE: flowApprovalDesk('SUPPLIER_CODE'),
  SUPPLIER_CHANGE: changeApprovalDesk,
  SUPPLIER_EXIT: exitApprovalDesk,
  ASSESSMENT_SUMMARY: summaryApprovalDesk,
  CERTIFICATE_RENEWAL: renewalApprovalDesk,
};

function deskFor(kind: EngineApprovalKind, staff: StaffPrincipal): ApprovalDesk {
  const desk = APPROVAL_DESKS[kind];
  if (desk.readers.length > 0 && !hasPermission(staff.permissions, desk.readers)) throw forbidden();
  return desk;
}

/** GET /api/v1/approvals/card: any approval, as the reader may see it. */
export async function approvalCard(db: Db, input: ApprovalCardRef, staff: StaffPrincipal, locale: Locale): Promise<ApprovalCard> {
  const card = await deskFor(input.kind, staff).card(db, input.ref, staff, locale);
  return { kind: input.kind, ref: input.ref, reasonMax: APPROVAL_RULES[input.kind].reasonMax, ...card };
}

/**
 * POST /api/v1/approvals/approve and reject: the kind's rules on the reason (required for a rejection, at most
 * the kind's length), then the area's checks on what is stored, then the engine's validator.
 */
export async function decideApproval(deps: DeskDeps, input: ApprovalCardRef & DeskDecision, staff: StaffPrincipal): Promise<void> {
  const desk = deskFor(input.kind, staff);
  const { refusals, reasonMax } = APPROVAL_RULES[input.kind];
  const reason = input.reason?.trim() || undefined;
  if (input.decision === 'reject' && !reason) throw badRequest(refusals.reasonRequired, { reason: refusals.reasonRequired });
  if (reason && reason.length > reasonMax) {
    const message = withParams(refusals.reasonTooLong, { max: reasonMax });
    throw badRequest(message, { reason: message });
  }
  await desk.decide(deps, input.ref, { decision: input.decision, reason }, staff);
}
