import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { RoundReminderKind } from '#domain/assessment/round.ts';
import type { StaffActor } from '#domain/identity.ts';
import { mailReviewers, remindRound } from '#services/assessment/round-mails.ts';
import { openRound } from '#services/assessment/round-open.ts';
import { recordReviewSubmitted, transferReview } from '#services/assessment/round-reviews.ts';
import { openSummary, openSummaryApproval, publishResults, recordSummaryDecision } from '#services/assessment/round-summary.ts';
import type { RoundTask } from '#workflows/assessment-round-definitions.ts';

export interface RoundActivityDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/** What an assessment round's workflow does to the outside world (services/assessment/round-*.ts); all idempotent. */
export function createAssessmentRoundActivities(deps: RoundActivityDeps) {
  const { db } = deps;
  return {
    /** Makes the review tasks (reviewer × supplier, scoring the indices of the reviewer's role) and their rows in "my open tasks". */
    async openRound(input: { planNo: string }): Promise<{ tasks: RoundTask[] }> {
      return { tasks: await openRound(db, input.planNo) };
    },
    /** One mail per reviewer, in their language, under a key per plan and reviewer. */
    async mailReviewers(input: { planNo: string }): Promise<void> {
      await mailReviewers(deps, input.planNo);
    },
    async remindRound(input: { planNo: string; kind: RoundReminderKind }): Promise<void> {
      await remindRound(deps, input);
    },
    async recordReviewSubmitted(input: { planNo: string; taskNo: string; actor: StaffActor }): Promise<void> {
      await recordReviewSubmitted(db, input);
    },
    async transferReview(input: { planNo: string; taskNo: string; from: string; to: { jobNumber: string; name: string }; actor: StaffActor }): Promise<void> {
      await transferReview(deps, input);
    },
    async openSummary(input: { planNo: string }): Promise<void> {
      await openSummary(deps, input.planNo);
    },
    async openSummaryApproval(input: { planNo: string; round: number; approverJobNumber: string; actor: StaffActor }): Promise<void> {
      await openSummaryApproval(deps, input);
    },
    async recordSummaryDecision(input: { planNo: string; round: number; decision: 'approve' | 'reject'; reason?: string; actor: StaffActor }): Promise<void> {
      await recordSummaryDecision(deps, input);
    },
    async publishResults(input: { planNo: string }): Promise<void> {
      await publishResults(db, input.planNo);
    },
  };
}

export type AssessmentRoundActivities = ReturnType<typeof createAssessmentRoundActivities>;
