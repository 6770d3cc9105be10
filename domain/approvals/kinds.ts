import { REJECT_REASON_MAX as SUMMARY_REASON_MAX } from '../assessment/review.ts';
import { REJECT_REASON_MAX as FLOW_REASON_MAX } from '../cert-flow/review.ts';
import { EXIT_REJECT_REASON_MAX } from '../supplier-exit/exit.ts';
import { CHANGE_REJECT_REASON_MAX } from '../supplier-change/requests.ts';
import { type MessageId, withParams } from '../messages.ts';
import { RENEWAL_REJECT_REASON_MAX } from '../certificates/certificate.ts';

/**
 * Every kind of approval the product runs, and the rules its one engine (workflows/approval-flow.ts) holds
 * for it (docs/decisions/0052-one-approval-engine.md). Adding a kind is an entry here, its subject on the
 * activity side (services/approvals/subjects.ts) and the area's start and reaction to the outcome.
 */
export const ENGINE_APPROVAL_KINDS = ['HIGH_POTENTIAL', 'SUPPLIER_CODE', 'SUPPLIER_CHANGE', 'SUPPLIER_EXIT', 'ASSESSMENT_SUMMARY', 'CERTIFICATE_RENEWAL'] as const;
export type EngineApprovalKind = (typeof ENGINE_APPROVAL_KINDS)[number];

/** The message ids (domain/messages.ts and the area's catalogue) a kind's refusals read as. */
export interface ApprovalRefusals {
  notPending: MessageId;
  notApprover: MessageId;
  ownApproval: MessageId;
  secondApprover: MessageId;
  reasonRequired: MessageId;
  reasonTooLong: MessageId;
}

export interface ApprovalRules {
  /** An administrator of the area may decide the open step in the approver's place (never their own submission). */
  adminDecides: boolean;
  /** Each step is decided by a person who decided no earlier step (the four eyes of a bank change). */
  distinctApprovers: boolean;
  /** A rejection's reason, required, is at most this long. */
  reasonMax: number;
  refusals: ApprovalRefusals;
}

const FLOW_REFUSALS: ApprovalRefusals = {
  notPending: 'approvalNotPending',
  notApprover: 'notPendingApprover',
  ownApproval: 'approvalOwnSubmission',
  secondApprover: 'approvalSecondApprover',
  reasonRequired: 'reasonRequired',
  reasonTooLong: 'rejectReasonTooLong',
};

export const APPROVAL_RULES: Record<EngineApprovalKind, ApprovalRules> = {
  HIGH_POTENTIAL: { adminDecides: false, distinctApprovers: true, reasonMax: FLOW_REASON_MAX, refusals: FLOW_REFUSALS },
  SUPPLIER_CODE: { adminDecides: false, distinctApprovers: true, reasonMax: FLOW_REASON_MAX, refusals: FLOW_REFUSALS },
  SUPPLIER_CHANGE: {
    adminDecides: true,
    distinctApprovers: true,
    reasonMax: CHANGE_REJECT_REASON_MAX,
    refusals: {
      notPending: 'changeNotPending',
      notApprover: 'changeNotApprover',
      ownApproval: 'changeOwnApproval',
      secondApprover: 'changeSecondApprover',
      reasonRequired: 'enterChangeRejectReason',
      reasonTooLong: 'rejectReasonTooLong',
    },
  },
  SUPPLIER_EXIT: {
    adminDecides: true,
    distinctApprovers: true,
    reasonMax: EXIT_REJECT_REASON_MAX,
    refusals: {
      notPending: 'exitNotPending',
      notApprover: 'exitNotApprover',
      ownApproval: 'exitOwnApproval',
      secondApprover: 'approvalSecondApprover',
      reasonRequired: 'enterExitReason',
      reasonTooLong: 'rejectReasonTooLong',
    },
  },
  ASSESSMENT_SUMMARY: {
    adminDecides: false,
    distinctApprovers: true,
    reasonMax: SUMMARY_REASON_MAX,
    refusals: {
      notPending: 'roundNotApproving',
      notApprover: 'roundNotApprover',
      ownApproval: 'roundOwnApproval',
      secondApprover: 'approvalSecondApprover',
      reasonRequired: 'enterRoundRejectReason',
      reasonTooLong: 'rejectReasonTooLong',
    },
  },
  CERTIFICATE_RENEWAL: {
    adminDecides: true,
    distinctApprovers: true,
    reasonMax: RENEWAL_REJECT_REASON_MAX,
    refusals: {
      notPending: 'renewalNotPending',
      notApprover: 'renewalNotApprover',
      ownApproval: 'approvalOwnSubmission',
      secondApprover: 'approvalSecondApprover',
      reasonRequired: 'reasonRequired',
      reasonTooLong: 'rejectReasonTooLong',
    },
  },
};

/** What the engine's activities are told of an approval: the subject's rows are found by these. */
export interface ApprovalRef {
  kind: EngineApprovalKind;
  /** The number of what is approved: a certification flow, a change, an exit, an assessment plan. */
  flowNo: string;
  round: number;
  approvalNo: string;
}

/** One step's approver, fixed when the approval opens. */
export interface StepApprover {
  jobNumber: string;
  name: string;
  /** The flow responsibility the approver was found by, where there is one. */
  role?: string;
}

/**
 * Why `actor` may not decide the open step now, as a message id of the kind, or undefined when they may: the
 * rules that hold across kinds, checked by the engine's validator (and by the API before it, on what is stored).
 */
export function decisionRefusal(
  rules: ApprovalRules,
  ask: { actor: string; asAdmin?: boolean; decision: 'pass' | 'reject'; reason?: string },
  at: { approver: string; submitter?: string; deciders: readonly string[] },
): string | undefined {
  const r = rules.refusals;
  if (at.submitter && ask.actor === at.submitter) return r.ownApproval;
  if (rules.distinctApprovers && at.deciders.includes(ask.actor)) return r.secondApprover;
  if (ask.actor !== at.approver && !(rules.adminDecides && ask.asAdmin)) return r.notApprover;
  if (ask.decision === 'reject' && !ask.reason?.trim()) return r.reasonRequired;
  if (ask.decision === 'reject' && ask.reason!.trim().length > rules.reasonMax) return withParams(r.reasonTooLong, { max: rules.reasonMax });
  return undefined;
}
