import { z } from 'zod';
import type { Locale } from '../i18n.ts';
import type { MessageId } from '../messages.ts';
import { optionalText, requiredText } from '../fields.ts';

/**
 * The approval of a supplier information change (docs/decisions.md "Supplier information change:
 * approval"): who decides each step, the tasks and their screen, the decisions' requests and the
 * refusals' messages, shared by the workflow, the server and the approval card.
 */

/** A rejection's or a conflict decision's reason: the modification explanation's limit (spec 3 §5.1, §9). */
export const CHANGE_DECISION_REASON_MAX = 500;

/**
 * Who holds a step: 1 the purchasing manager of the supplier's certification flow; 2 (a bank change
 * only) the CMT leader of that flow. A holder who is the submitter, or who already holds the other
 * step, is replaced by an administrator who is neither, so the two approvals are always two people
 * and never the submitter's own.
 */
export const CHANGE_STEP_ROLE = { 1: 'PURCHASE_MANAGER', 2: 'CMT_LEADER' } as const;

/** Task types of a change in "my open tasks": an approver's step, and the submitter's returned change. */
export const CHANGE_TASK_TYPE = { approval: 'CHANGE_APPROVAL', returned: 'CHANGE_RETURNED' } as const;
export type ChangeTaskType = (typeof CHANGE_TASK_TYPE)[keyof typeof CHANGE_TASK_TYPE];
export const CHANGE_TASK_TYPES: readonly string[] = Object.values(CHANGE_TASK_TYPE);
/** The node code change tasks carry on the supplier's (finished) certification flow. */
export const CHANGE_TASK_NODE = 'SUPPLIER_CHANGE';

export const CHANGE_TASK_NAME: Record<ChangeTaskType, Record<Locale, string>> = {
  CHANGE_APPROVAL: { zh: '供应商信息变更审批', en: 'Supplier information change approval' },
  CHANGE_RETURNED: { zh: '供应商信息变更被驳回', en: 'Supplier information change returned' },
};

/** One task per change, round and step; the submitter's of a rejection; the last approver's of a conflict. */
export function changeTaskNo(flowNo: string, round: number, step: number | 'submitter' | 'conflict'): string {
  return `${flowNo}-R${round}-${typeof step === 'number' ? `S${step}` : step.toUpperCase()}`;
}

/** The approval card of a change (the comparison, the steps, the decision buttons). */
export const CHANGE_APPROVAL_ROUTE = '/supplier-change/approval';
export function changeApprovalPath(flowNo: string): string {
  return `${CHANGE_APPROVAL_ROUTE}?${new URLSearchParams({ flowNo })}`;
}

export const changeFlowNoQuery = z.object({ flowNo: z.string().trim().min(1, { error: 'required' }).max(40, { error: 'invalidValue' }) });

/** POST /v1/supplier-change/approve: an optional remark. */
export const changeApproveRequest = changeFlowNoQuery.extend({ reason: z.string().trim().max(CHANGE_DECISION_REASON_MAX).optional() });
/** POST /v1/supplier-change/reject: the reason is what the submitter reads. */
export const changeRejectRequest = changeFlowNoQuery.extend({ reason: requiredText(CHANGE_DECISION_REASON_MAX, 'enterChangeRejectReason') });
/** POST /v1/supplier-change/conflict-decision: apply over the newer master, or reject with a reason. */
export const changeConflictRequest = changeFlowNoQuery
  .extend({ decision: z.enum(['apply', 'reject'], { error: 'invalidValue' }), reason: optionalText(CHANGE_DECISION_REASON_MAX) })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'enterChangeRejectReason' });
  });
export type ChangeApproveRequest = z.output<typeof changeApproveRequest>;
export type ChangeRejectRequest = z.output<typeof changeRejectRequest>;
export type ChangeConflictRequest = z.output<typeof changeConflictRequest>;

/** A step of the approval record (GET /v1/supplier-change/approval-record). */
export interface ChangeApprovalStepView {
  round: number;
  seq: number;
  approverName: string;
  /** Approval status (spec 3 §3.4): -1 not started, 10 in progress, 20 approved, 0 rejected. */
  status: number;
  decidedByName: string | null;
  reason: string | null;
  decidedAt: string | null;
}

/** The approval record of a change: its steps and what the reader may do now. */
export interface ChangeApprovalRecord {
  flowNo: string;
  supplierNo: string;
  supplierName: string;
  modifyType: string;
  status: string;
  bankChange: boolean;
  round: number;
  submitterName: string;
  /** The last rejection's reason, the ERP's refusal. */
  reason: string | null;
  erpMessage: string | null;
  steps: ChangeApprovalStepView[];
  /** The reader may approve or reject now (the open step is theirs, or they are an administrator; never their own change). */
  canDecide: boolean;
  /** The reader decides the conflict (status conflict): apply over the newer master, or reject. */
  canResolveConflict: boolean;
  /** Why the reader may not decide, when a step or a conflict waits: a message id. */
  refusal: string | null;
}

/** Refusal reasons of the workflow's validators and the decision endpoints: message ids below. */
export const CHANGE_REFUSAL = {
  notPending: 'changeNotPending',
  notApprover: 'changeNotApprover',
  ownApproval: 'changeOwnApproval',
  sameApprover: 'changeSecondApprover',
  notSubmitter: 'changeNotSubmitter',
  notConflict: 'changeNoConflict',
  reasonRequired: 'enterChangeRejectReason',
} as const satisfies Record<string, MessageId>;
