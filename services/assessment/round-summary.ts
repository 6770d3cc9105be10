import type { Db } from '#db/connection.ts';
import { roundTaskMail } from '#adapters/mail/assessment-mails.ts';
import { approvalTaskNo, ROUND_TASK, ROUND_TASK_NAME, summaryPath, summaryTaskNo, type RoundTaskType } from '#domain/assessment/round.ts';
import { SYSTEM_ACTOR, type StaffActor } from '#domain/identity.ts';
import { mailLocale } from '#services/rfi/fresh-code.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { planLogOf } from './plan-access.ts';
import type { RoundMailDeps } from './round-mails.ts';
import { closeRoundTask, reopenRoundTask } from './round-tasks.ts';

/** Mails one person a task of the round (the summary, its approval), in their language, once per key. */
async function mailTask(deps: RoundMailDeps, planNo: string, jobNumber: string, type: RoundTaskType, key: string): Promise<void> {
  const [staff, plan] = await Promise.all([
    deps.db.selectFrom('staff').select(['email', 'locale']).where('job_number', '=', jobNumber).executeTakeFirst(),
    deps.db.selectFrom('perf_plan').select('name').where('plan_no', '=', planNo).executeTakeFirstOrThrow(),
  ]);
  if (!staff?.email) return;
  const locale = mailLocale(staff.locale, 'zh');
  const mail = roundTaskMail({ taskName: ROUND_TASK_NAME[type][locale], planNo, planName: plan.name, link: `${deps.publicUrl}${summaryPath(planNo)}`, locale });
  await deps.mailer.send({ dedupeKey: key, to: staff.email, locale, ...mail });
}

/** Every review is submitted: the owner gets the summary task (calculate, adjust, submit) and a mail. */
export async function openSummary(deps: RoundMailDeps, planNo: string): Promise<void> {
  const plan = await deps.db.selectFrom('perf_plan').select('owner_job_number').where('plan_no', '=', planNo).executeTakeFirstOrThrow();
  await deps.db.transaction().execute(async (trx) => {
    await reopenRoundTask(trx, { taskNo: summaryTaskNo(planNo), planNo, type: ROUND_TASK.summary, holder: plan.owner_job_number });
    await writeHistory(trx, {
      relation: planLogOf(planNo),
      dedupeKey: `assessment-reviews-done:${planNo}`,
      actor: SYSTEM_ACTOR,
      action: 'PERF_REVIEWS_DONE',
      description: '全部评审已提交，进入汇总',
    });
  });
  await mailTask(deps, planNo, plan.owner_job_number, ROUND_TASK.summary, `assessment-summary:${planNo}:1`);
}

/**
 * The owner submitted the calculated summary (accepted by the workflow): the approval round is recorded, the plan
 * is approving, the owner's task closes and the approver's opens, in one transaction; then the approver is mailed.
 */
export async function openSummaryApproval(deps: RoundMailDeps, input: { planNo: string; round: number; approverJobNumber: string; actor: StaffActor }): Promise<void> {
  const { planNo, round } = input;
  const approver = await deps.db.selectFrom('staff').select('name').where('job_number', '=', input.approverJobNumber).executeTakeFirstOrThrow();
  await deps.db.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto('perf_round_approval')
      .values({
        plan_no: planNo,
        round,
        approver_job_number: input.approverJobNumber,
        approver_name: approver.name,
        submitted_by_job_number: input.actor.jobNumber,
        submitted_by_name: input.actor.name,
      })
      .onConflict((oc) => oc.columns(['plan_no', 'round']).doNothing())
      .executeTakeFirst();
    if (!made.numInsertedOrUpdatedRows) return;
    await trx.updateTable('perf_plan').set({ status: 'approving', updated_at: new Date() }).where('plan_no', '=', planNo).execute();
    await closeRoundTask(trx, summaryTaskNo(planNo));
    await reopenRoundTask(trx, { taskNo: approvalTaskNo(planNo, round), planNo, type: ROUND_TASK.approval, holder: input.approverJobNumber });
    await writeHistory(trx, {
      relation: planLogOf(planNo),
      actor: input.actor,
      action: 'PERF_SUMMARY_SUBMIT',
      description: `提交汇总审批，审批人 ${approver.name}`,
      detail: { round, approver: approver.name },
    });
  });
  await mailTask(deps, planNo, input.approverJobNumber, ROUND_TASK.approval, `assessment-approval:${planNo}:${round}`);
}

/**
 * The approver's decision (accepted by the workflow): recorded on the approval round with its task closed; a
 * rejection returns the plan to calculated and the summary task to its owner (mailed), an approval leaves the
 * publication to the next activity.
 */
export async function recordSummaryDecision(
  deps: RoundMailDeps,
  input: { planNo: string; round: number; decision: 'approve' | 'reject'; reason?: string; actor: StaffActor },
): Promise<void> {
  const { planNo, round, decision } = input;
  const owner = await deps.db.transaction().execute(async (trx) => {
    const decided = await trx
      .updateTable('perf_round_approval')
      .set({ decision, reason: input.reason ?? null, decided_at: new Date() })
      .where('plan_no', '=', planNo)
      .where('round', '=', round)
      .where('decision', 'is', null)
      .executeTakeFirst();
    if (!decided.numUpdatedRows) return undefined;
    await closeRoundTask(trx, approvalTaskNo(planNo, round));
    const plan = await trx.selectFrom('perf_plan').select('owner_job_number').where('plan_no', '=', planNo).executeTakeFirstOrThrow();
    if (decision === 'reject') {
      await trx.updateTable('perf_plan').set({ status: 'calculated', updated_at: new Date() }).where('plan_no', '=', planNo).execute();
      await reopenRoundTask(trx, { taskNo: summaryTaskNo(planNo), planNo, type: ROUND_TASK.summary, holder: plan.owner_job_number });
    }
    await writeHistory(trx, {
      relation: planLogOf(planNo),
      actor: input.actor,
      action: decision === 'approve' ? 'PERF_SUMMARY_APPROVED' : 'PERF_SUMMARY_REJECTED',
      description: decision === 'approve' ? `汇总审批通过${input.reason ? `：${input.reason}` : ''}` : `汇总审批驳回：${input.reason ?? ''}`,
      detail: { round, reason: input.reason ?? null },
    });
    return plan.owner_job_number;
  });
  if (owner && decision === 'reject') await mailTask(deps, planNo, owner, ROUND_TASK.summary, `assessment-summary:${planNo}:${round + 1}`);
}

/**
 * The approved summary is published: the plan is concluded (by its approver), each supplier's grade at this
 * moment is its conclusion grade where no conclusion was recorded, and the suppliers see it on the portal.
 */
export async function publishResults(db: Db, planNo: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const approval = await trx
      .selectFrom('perf_round_approval')
      .select('approver_name')
      .where('plan_no', '=', planNo)
      .where('decision', '=', 'approve')
      .orderBy('round', 'desc')
      .executeTakeFirstOrThrow();
    const now = new Date();
    const concluded = await trx
      .updateTable('perf_plan')
      .set({ status: 'concluded', concluded_at: now, concluded_by_name: approval.approver_name, updated_at: now })
      .where('plan_no', '=', planNo)
      .where('status', '!=', 'concluded')
      .executeTakeFirst();
    if (!concluded.numUpdatedRows) return;
    await trx
      .updateTable('perf_plan_supplier as ps')
      .from('perf_supplier_summary as s')
      .set((eb) => ({ conclusion_grade: eb.ref('s.grade') }))
      .whereRef('s.plan_no', '=', 'ps.plan_no')
      .whereRef('s.supplier_no', '=', 'ps.supplier_no')
      .where('ps.plan_no', '=', planNo)
      .where('ps.conclusion_grade', 'is', null)
      .execute();
    await writeHistory(trx, { relation: planLogOf(planNo), actor: SYSTEM_ACTOR, action: 'PERF_RESULTS_PUBLISHED', description: '绩效结果已发布' });
  });
}
