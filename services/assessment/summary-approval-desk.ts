import type { ApprovalCardStatus } from '#domain/approvals/card.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import type { ApprovalDesk } from '#services/approvals/desk.ts';
import { isoOf } from '#services/approvals/desk.ts';
import { loadPlan } from './plan-access.ts';
import { assertMayReadSummary } from './summary-read.ts';
import { decideSummary } from './summary-approval.ts';

/** A plan's summary on the approval card: one step per round, its approver's; read by the owner, its approvers and administrators. */
export const summaryApprovalDesk: ApprovalDesk = {
  readers: [ROUTES.assessmentReview, PERMISSIONS.certProcessManageAll],
  async card(db, planNo, staff) {
    const plan = await loadPlan(db, planNo);
    await assertMayReadSummary(db, plan, staff);
    const rounds = await db.selectFrom('perf_round_approval').selectAll().where('plan_no', '=', planNo).orderBy('round').execute();
    const last = rounds.at(-1);
    const status: ApprovalCardStatus =
      plan.status === 'approving' ? 'approving' : plan.status === 'concluded' && last ? 'approved' : last?.decision === 'reject' ? 'rejected' : last ? 'withdrawn' : 'none';
    return {
      status,
      submitterName: last?.submitted_by_name ?? null,
      steps: rounds.map((r) => ({
        round: r.round,
        step: 1,
        approverId: r.approver_job_number,
        approverName: r.approver_name,
        decision: r.decision === 'approve' ? 'pass' : r.decision,
        decidedBy: r.decision ? r.approver_name : null,
        reason: r.reason,
        openedAt: isoOf(r.submitted_at),
        decidedAt: isoOf(r.decided_at),
      })),
      canDecide: status === 'approving' && last?.decision === null && last.approver_job_number === staff.jobNumber && plan.ownerJobNumber !== staff.jobNumber,
    };
  },
  async decide(deps, planNo, ask, staff) {
    await decideSummary(deps, { planNo, decision: ask.decision === 'pass' ? 'approve' : 'reject', reason: ask.reason }, staff);
  },
};
