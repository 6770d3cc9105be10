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
  submitSummary(planNo: string, input: SubmitSummaryInput, updateId: string): Promise<AssessmentRoundState>;
  decideSummary(planNo: string, input: DecideSummaryInput, updateId: string): Promise<AssessmentRoundState>;
}
