import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { EngineApprovalKind, StepApprover } from '#domain/approvals/kinds.ts';
export type { ApprovalRef } from '#domain/approvals/kinds.ts';
import type { Actor, StaffActor } from '#domain/identity.ts';

/**
 * Everything the one approval engine (approval-flow.ts), the areas that start it, the API and the tests share
 * about it, declared once (style 1). Every approval is a run of `approvalFlow`: a child of the workflow of what
 * it approves (a certification flow, a change round, an exit, an assessment round).
 */
export const APPROVAL_WORKFLOW = 'approvalFlow';

/** The approval of one subject's round runs under a derived id: the subject's workflow id with the kind. */
export function approvalRunId(parentWorkflowId: string, kind: EngineApprovalKind): string {
  return `${parentWorkflowId}-approval-${kind}`;
}

export interface ApprovalFlowInput {
  kind: EngineApprovalKind;
  /** The number of what is approved: a certification flow, a change, an exit, an assessment plan. */
  flowNo: string;
  round: number;
  /** Unique per round: the subject's rows (steps, tasks, mails) are keyed by it. */
  approvalNo: string;
  /** Fixed when the approval opens, one per step, in order. */
  approvers: StepApprover[];
  /** Who asked for the approval: never decides a step of it. A supplier's portal account has no job number. */
  submitter?: Actor & { jobNumber?: string };
  /**
   * The start already opened the first step (its task and mail): the engine takes the first approver's
   * decision from its start and tells its parent nothing for that step.
   */
  firstStepOpened?: true;
}

/** How the approval ended; a withdrawal by a person carries who and why, a cancelled run ends as its parent's doing. */
export interface ApprovalFlowResult {
  outcome: 'approved' | 'rejected' | 'withdrawn';
  /** The last decider (approved, rejected) or the person who withdrew it. */
  by?: Actor;
  reason?: string;
}

/** A decision on the open step, from the approval card (a rejection needs a reason). */
export interface DecideApprovalInput {
  kind: EngineApprovalKind;
  decision: 'pass' | 'reject';
  reason?: string;
  actor: StaffActor;
  /** The caller holds the area's administrator permission (checked by the API); counts where the kind allows it. */
  asAdmin?: boolean;
}

/** The subject's side takes it back while a step waits (who may is the API's check, against what is stored). */
export interface WithdrawApprovalInput {
  actor: Actor;
  reason?: string;
}

export interface ApprovalState {
  kind: EngineApprovalKind;
  approvalNo: string;
  /** The step waiting for its decision (1-based); 0 before the first is open or once it ended. */
  openStep: number;
  deciders: string[];
  ended: boolean;
}

/** Each answers once its effect is recorded (the step, its task, the history row); what follows runs on. */
export const decideApprovalUpdate = defineUpdate<void, [DecideApprovalInput]>('decideApproval');
export const withdrawApprovalUpdate = defineUpdate<void, [WithdrawApprovalInput]>('withdrawApproval');
export const approvalStateQuery = defineQuery<ApprovalState>('approvalState');
