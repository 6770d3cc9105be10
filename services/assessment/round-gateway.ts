import type {
  AssessmentRoundInput,
  AssessmentRoundState,
  DecideSummaryInput,
  SubmitReviewInput,
  SubmitSummaryInput,
  TransferReviewInput,
} from '#workflows/assessment-round-definitions.ts';

/**
 * The services' view of the assessment-round workflows (over Temporal in api/, recorded in API tests).
 * Like ExitGateway: a deadline on every call; a validator's refusal is the 409 with its reason; an unknown
 * round the 404; an unreachable engine the 503. Update ids derive from the request, so a retry applies once.
 */
export interface RoundGateway {
  /** Starts the plan's round; a second start of the same plan is the same request. */
  start(input: AssessmentRoundInput): Promise<void>;
  submitReview(planNo: string, input: SubmitReviewInput, updateId: string): Promise<AssessmentRoundState>;
  transferReview(planNo: string, input: TransferReviewInput, updateId: string): Promise<AssessmentRoundState>;
  /** Resolves once the approver's step is open; `stillAllowed` says the stored plan is still calculated (a summary just returned is asked again). */
  submitSummary(planNo: string, input: SubmitSummaryInput, updateId: string, stillAllowed?: () => Promise<boolean>): Promise<void>;
  /** Resolves once the decision is recorded; `stillPending` says the stored plan still waits for it (an approval run not yet found is asked again). */
  decideSummary(planNo: string, input: DecideSummaryInput, updateId: string, stillPending?: () => Promise<boolean>): Promise<void>;
}
