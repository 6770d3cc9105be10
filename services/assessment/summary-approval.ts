import type { Db } from '#db/connection.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { badRequest, conflict, forbidden } from '#domain/errors.ts';
import { cmtMember } from './cmt-search.ts';
import { loadPlan } from './plan-access.ts';
import type { RoundGateway } from './round-gateway.ts';

type Deps = { db: Db; rounds: RoundGateway };

/**
 * POST /v1/assessment-manage/review-submit-bpm: the owner sends the calculated summary to an approver (an active
 * CMT member other than themselves). The round's workflow opens the approval (task, mail) and answers once it is.
 */
export async function submitSummary(deps: Deps, input: { planNo: string; approverJobNumber: string }, staff: StaffPrincipal): Promise<void> {
  const plan = await loadPlan(deps.db, input.planNo);
  // The owner's own act: the approval card shows who submitted it, so nobody submits in their name.
  if (staff.jobNumber !== plan.ownerJobNumber) throw forbidden('planNotOwner');
  if (plan.status !== 'calculated') throw conflict(plan.status === 'running' ? 'summaryNotCalculated' : 'roundNotSummarizing');
  if (input.approverJobNumber === plan.ownerJobNumber) throw badRequest('roundOwnApproval', { approverJobNumber: 'roundOwnApproval' });
  const approver = await cmtMember(deps.db, input.approverJobNumber);
  if (!approver) throw badRequest('roundApproverUnknown', { approverJobNumber: 'roundApproverUnknown' });
  const round = await deps.db
    .selectFrom('perf_round_approval')
    .select((eb) => eb.fn.max('round').as('last'))
    .where('plan_no', '=', plan.planNo)
    .executeTakeFirst();
  const actor = actorOf(staff);
  await deps.rounds.submitSummary(
    plan.planNo,
    { approverJobNumber: approver.jobNumber, approverName: approver.name, actor },
    `submit-summary:${plan.planNo}:${(round?.last ?? 0) + 1}`,
    async () => (await loadPlan(deps.db, plan.planNo)).status === 'calculated',
  );
}

/**
 * POST /v1/assessment-manage/audit-pass and audit-reject: the summary's approver decides (never its owner); a
 * rejection needs a reason. The workflow records it and, on approval, concludes the plan and publishes the results.
 */
export async function decideSummary(deps: Deps, input: { planNo: string; decision: 'approve' | 'reject'; reason?: string }, staff: StaffPrincipal): Promise<void> {
  const plan = await loadPlan(deps.db, input.planNo);
  if (plan.status !== 'approving') throw conflict('roundNotApproving');
  const pending = await deps.db
    .selectFrom('perf_round_approval')
    .select(['round', 'approver_job_number'])
    .where('plan_no', '=', plan.planNo)
    .where('decision', 'is', null)
    .orderBy('round', 'desc')
    .executeTakeFirst();
  if (!pending) throw conflict('roundNotApproving');
  if (staff.jobNumber === plan.ownerJobNumber) throw forbidden('roundOwnApproval');
  if (staff.jobNumber !== pending.approver_job_number) throw forbidden('roundNotApprover');
  await deps.rounds.decideSummary(
    plan.planNo,
    { decision: input.decision, reason: input.reason, actor: actorOf(staff) },
    `decide-summary:${plan.planNo}:${pending.round}`,
    async () => (await loadPlan(deps.db, plan.planNo)).status === 'approving',
  );
}
