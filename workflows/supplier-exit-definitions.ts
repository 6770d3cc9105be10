import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { StaffActor } from '#domain/identity.ts';

/**
 * Everything the supplier-exit workflow, the API and the tests share about it, declared once (style 1).
 * One workflow per submitted exit: it waits for the approver's decision or a termination, then applies
 * the outcome through idempotent activities.
 */
export const SUPPLIER_EXIT_WORKFLOW = 'supplierExitFlow';

export function supplierExitWorkflowId(flowNo: string): string {
  return `supplier-exit-${flowNo}`;
}

export interface SupplierExitInput {
  flowNo: string;
  sponsorJobNumber: string;
  approverJobNumber: string;
  /** Shown on the approval's steps; absent in exits submitted before they ran on the approval engine. */
  sponsorName?: string;
  approverName?: string;
}

/** pending: waiting for a decision; applying: approved, its effects (ERP block, categories, supplier) running. */
export type SupplierExitPhase = 'pending' | 'applying' | 'approved' | 'rejected' | 'terminated';

export interface SupplierExitState {
  flowNo: string;
  phase: SupplierExitPhase;
  /** Decided by a run of the approval engine (decisions go there); absent in exits from before. */
  onEngine?: true;
}

export interface DecideExitInput {
  decision: 'pass' | 'reject';
  reason?: string;
  actor: StaffActor;
  /** The caller holds the administrator's permission (checked by the API): may decide any exit. */
  asAdmin: boolean;
}

export interface TerminateExitInput {
  actor: StaffActor;
  asAdmin: boolean;
}

/** Resolve once the decision (or the termination) is recorded; the approval's effects run on. */
export const decideExitUpdate = defineUpdate<SupplierExitState, [DecideExitInput]>('decideExit');
export const terminateExitUpdate = defineUpdate<SupplierExitState, [TerminateExitInput]>('terminateExit');
export const exitStateQuery = defineQuery<SupplierExitState>('exitState');

/** Refusal reasons of the validators: message ids of domain/supplier-exit/messages.ts. */
export const EXIT_REFUSAL = {
  notPending: 'exitNotPending',
  notApprover: 'exitNotApprover',
  ownApproval: 'exitOwnApproval',
  notSponsor: 'exitNotSponsor',
  reasonRequired: 'enterExitReason',
} as const;
