import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { Actor, StaffActor } from '#domain/identity.ts';
import type { ChangeSide } from '#domain/supplier-change/status.ts';

/**
 * Everything the supplier-change workflow, the API and the tests share about it, declared once (style 1).
 * One workflow per submission round of a change: it waits for the approval steps (two for a bank change),
 * applies the approved change to the supplier master with its version check (a conflict waits for the
 * approver), sends it to the ERP, and mails; a rejection or a cancellation ends the round.
 */
export const SUPPLIER_CHANGE_WORKFLOW = 'supplierChangeFlow';

/** A rejected change submitted again is a new round, so a new workflow: the id carries the round. */
export function supplierChangeWorkflowId(flowNo: string, round: number): string {
  return `supplier-change-${flowNo}-r${round}`;
}

/** An approval step the round waits for (written to supplier_change_step at submit). */
export interface ChangeApprovalStepInput {
  seq: number;
  approverJobNumber: string;
  approverName: string;
}

export interface SupplierChangeInput {
  flowNo: string;
  round: number;
  supplierNo: string;
  side: ChangeSide;
  /** A portal account id (supplier side) or a staff job number (staff side): never an approver. */
  submitterId: string;
  submitterName: string;
  /** Needs the second step, mails every contact on file, keeps the new accounts out of the ERP until both approved. */
  bankChange: boolean;
  steps: ChangeApprovalStepInput[];
}

/**
 * pending: waiting for an approval step; conflict: approved, the master changed since the snapshot, the
 * approver decides; applying: being applied and sent to the ERP.
 */
export type SupplierChangePhase = 'pending' | 'conflict' | 'applying' | 'finished' | 'rejected' | 'cancelled';

export interface SupplierChangeState {
  flowNo: string;
  round: number;
  phase: SupplierChangePhase;
  /** The step waiting for its decision (pending only). */
  currentStep: number | null;
  /** Approved by a run of the approval engine (decisions and cancellation go there); absent in rounds from before. */
  onEngine?: true;
}

export interface DecideChangeInput {
  decision: 'approve' | 'reject';
  /** The step decided (as the API found it open): the answer waits until the change has moved past it. */
  step?: number;
  /** Required for a rejection. */
  reason?: string;
  actor: StaffActor;
  /** The caller holds cert_process_manage_all (checked by the API): may decide any step but never their own change twice. */
  asAdmin: boolean;
}

export interface ResolveConflictInput {
  decision: 'apply' | 'reject';
  reason?: string;
  actor: StaffActor;
  asAdmin: boolean;
}

export interface CancelChangeInput {
  /** The submitter side's user (a portal account or staff) who cancels. */
  actor: Actor;
  reason?: string;
}

/** Resolve once the decision (the cancellation) is recorded; the approval's effects run on. */
export const decideChangeUpdate = defineUpdate<SupplierChangeState, [DecideChangeInput]>('decideChange');
export const resolveChangeConflictUpdate = defineUpdate<SupplierChangeState, [ResolveConflictInput]>('resolveChangeConflict');
export const cancelChangeUpdate = defineUpdate<SupplierChangeState, [CancelChangeInput]>('cancelChange');
export const changeStateQuery = defineQuery<SupplierChangeState>('changeState');
/**
 * Answers once the change has moved past its approval's step `step`: the next step open, or the outcome
 * carried (applying, conflict, rejected, cancelled), so that the approver's card shows what their decision did.
 */
export const changePastStepUpdate = defineUpdate<SupplierChangeState, [{ step: number }]>('changePastStep');

/** Refusal reasons of the validators: message ids of domain/supplier-change/messages.ts. */
export const CHANGE_REFUSAL = {
  notPending: 'changeNotPending',
  notApprover: 'changeNotApprover',
  ownApproval: 'changeOwnApproval',
  secondApprover: 'changeSecondApprover',
  noConflict: 'changeNoConflict',
  notCancellable: 'changeNotCancellable',
  reasonRequired: 'enterChangeRejectReason',
} as const;
