import { approvalTaskNo } from '#domain/assessment/round.ts';
import type { StaffActor } from '#domain/identity.ts';
import type { ApprovalSubject } from '#services/approvals/subject.ts';
import { openSummaryApproval, recordSummaryDecision } from './round-summary.ts';
import { closeRoundTask } from './round-tasks.ts';

/**
 * An assessment plan's summary as the approval engine's subject (req performance §2.4): the owner's submission opens
 * the chosen approver's task (mailed); a rejection returns the summary to its owner. Publishing the results
 * of an approved summary is the round workflow's next step. The owner does not take a submitted summary back.
 */
export const summaryApprovalSubject: ApprovalSubject = {
  async openStep(deps, input) {
    await openSummaryApproval(deps, { planNo: input.flowNo, round: input.round, approverJobNumber: input.approver.jobNumber, actor: input.submitter as StaffActor });
  },
  async recordDecision(deps, input) {
    await recordSummaryDecision(deps, { planNo: input.flowNo, round: input.round, decision: input.decision === 'pass' ? 'approve' : 'reject', reason: input.reason, actor: input.actor });
  },
  async withdraw(deps, input) {
    await closeRoundTask(deps.db, approvalTaskNo(input.flowNo, input.round));
  },
  async close(deps, ref) {
    await closeRoundTask(deps.db, approvalTaskNo(ref.flowNo, ref.round));
  },
};
