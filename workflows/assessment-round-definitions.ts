import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { RoundPhase } from '#domain/assessment/round.ts';
import type { StaffActor } from '#domain/identity.ts';

/**
 * Everything the assessment-round workflow, the API and the tests share about it, declared once (style 1).
 * One workflow per started performance plan: it opens the review tasks, reminds and escalates on the
 * plan's deadline, waits until every task is submitted, then for the owner's summary and its approval,
 * and publishes the results.
 */
export const ASSESSMENT_ROUND_WORKFLOW = 'assessmentRoundFlow';

/** The plan number is the business key: a plan runs one round. */
export function assessmentRoundWorkflowId(planNo: string): string {
  return `assessment-round-${planNo}`;
}

export interface AssessmentRoundInput {
  planNo: string;
  ownerJobNumber: string;
  /** The reviewers' deadline (ISO): reminded a working day before, escalated to the owner after. */
  deadline: string;
}

/** A review task as the workflow tracks it: who holds it now and whether it is submitted. */
export interface RoundTask {
  taskNo: string;
  holder: string;
  submitted: boolean;
}

export interface AssessmentRoundState {
  planNo: string;
  phase: RoundPhase;
  submitted: number;
  total: number;
  /** The approver of the summary while it waits, and the approval round (1 for the first submission). */
  approverJobNumber: string | null;
  approvalRound: number;
  /** The summary is decided on a run of the approval engine; absent in rounds from before. */
  onEngine?: true;
}

export interface SubmitReviewInput {
  taskNo: string;
  actor: StaffActor;
}

export interface TransferReviewInput {
  taskNo: string;
  to: { jobNumber: string; name: string };
  actor: StaffActor;
}

export interface SubmitSummaryInput {
  approverJobNumber: string;
  /** Shown on the approval's step (absent in submissions from before). */
  approverName?: string;
  actor: StaffActor;
}

/** Rounds from before the approval engine: their summary's decision (new rounds decide on the engine's run). */
export interface DecideSummaryInput {
  decision: 'approve' | 'reject';
  /** Required for a rejection. */
  reason?: string;
  actor: StaffActor;
}

/** Each answers once its effect is recorded (task rows, history, mail). */
export const submitReviewUpdate = defineUpdate<AssessmentRoundState, [SubmitReviewInput]>('submitReview');
export const transferReviewUpdate = defineUpdate<AssessmentRoundState, [TransferReviewInput]>('transferReview');
export const submitSummaryUpdate = defineUpdate<AssessmentRoundState, [SubmitSummaryInput]>('submitSummary');
export const decideSummaryUpdate = defineUpdate<AssessmentRoundState, [DecideSummaryInput]>('decideSummary');
export const roundStateQuery = defineQuery<AssessmentRoundState>('roundState');

/** Refusal reasons of the validators: message ids of domain/assessment/messages.ts. */
export const ROUND_REFUSAL = {
  notReviewing: 'roundNotReviewing',
  taskNotFound: 'reviewTaskNotFound',
  notHolder: 'reviewNotHolder',
  alreadySubmitted: 'reviewAlreadySubmitted',
  notTransferable: 'reviewNotTransferable',
  transferToSelf: 'transferToSelf',
  notSummarizing: 'roundNotSummarizing',
  notOwner: 'planNotOwner',
  ownApproval: 'roundOwnApproval',
  notApproving: 'roundNotApproving',
  notApprover: 'roundNotApprover',
  reasonRequired: 'enterRoundRejectReason',
} as const;
