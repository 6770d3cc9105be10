import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { Actor, StaffActor } from '#domain/identity.ts';
import { CHANGE_REFUSAL } from '#domain/supplier-change/approval.ts';

/**
 * Everything the supplier-change workflow, the API and the tests share about it, declared once (STYLE 1).
 * One workflow run per submission (round) of a change: its approval steps, then the master and the ERP.
 */
export const SUPPLIER_CHANGE_WORKFLOW = 'supplierChangeFlow';

/** The change's number is the business key; a resubmitted change runs again under the same id. */
export function supplierChangeWorkflowId(flowNo: string): string {
  return `supplier-change-${flowNo}`;
}

export interface SupplierChangeInput {
  flowNo: string;
  /** The submission this run decides: a stale start (the change moved on) ends at once. */
  round: number;
}

/** A step's holder. */
export interface ChangeApprover {
  jobNumber: string;
  name: string;
}

/** What the first activity reads of the change. */
export interface OpenedChange {
  /** false: the change is not (any more) waiting for this round's approval. */
  open: boolean;
  side: 'supplier' | 'staff';
  /** A portal account id or a staff job number. */
  submitterId: string;
  bankChange: boolean;
  /** One step, or two for a bank change (two people, neither the submitter). */
  approvers: ChangeApprover[];
}

/**
 * waiting: a step is open. conflict: approved, the master changed since the snapshot, the approver decides.
 * applying: written to the master, going to the ERP. finished, rejected, cancelled: the run is over;
 * superseded: started for a round the change is no longer in (a late repeated start), nothing done.
 */
export type SupplierChangePhase = 'opening' | 'waiting' | 'conflict' | 'applying' | 'finished' | 'rejected' | 'cancelled' | 'superseded';

export interface SupplierChangeState {
  flowNo: string;
  round: number;
  phase: SupplierChangePhase;
  /** The open step (1-based), 0 when none is open. */
  step: number;
  /** Who decided each step of this round, by step. */
  deciders: string[];
}

export interface DecideChangeInput {
  decision: 'pass' | 'reject';
  reason?: string;
  actor: StaffActor;
  /** The caller holds the administrator's permission (checked by the API): may decide any step. */
  asAdmin: boolean;
}

export interface ResolveConflictInput {
  decision: 'apply' | 'reject';
  reason?: string;
  actor: StaffActor;
  asAdmin: boolean;
}

export interface CancelChangeInput {
  actor: Actor;
  /** The caller as the change names its submitter: a portal account id or a staff job number. */
  callerId: string;
}

/** Resolve once the decision is recorded; a last approval answers once it is applied or found in conflict. */
export const decideChangeUpdate = defineUpdate<SupplierChangeState, [DecideChangeInput]>('decideChange');
export const resolveChangeConflictUpdate = defineUpdate<SupplierChangeState, [ResolveConflictInput]>('resolveChangeConflict');
export const cancelChangeUpdate = defineUpdate<SupplierChangeState, [CancelChangeInput]>('cancelChange');
export const changeStateQuery = defineQuery<SupplierChangeState>('changeState');

/** The validators' refusals (message ids of domain/supplier-change/approval-messages.ts). */
export { CHANGE_REFUSAL };
