import type { Db } from '#db/connection.ts';
import type { ReviewDetailSubmitRequest } from '#domain/assessment/review.ts';
import { REVIEW_STATUS } from '#domain/assessment/round.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { badRequest, conflict, forbidden, type FieldErrors } from '#domain/errors.ts';
import { cmtMember } from './cmt-search.ts';
import { isOwner } from './plan-access.ts';
import type { RoundGateway } from './round-gateway.ts';
import { assertHolder, loadTask, taskIndices, type ReviewTask } from './task-access.ts';
import type { RoundPlan } from './plan-access.ts';

type Deps = { db: Db; rounds: RoundGateway };

/** A task takes scores while it is open and its plan's reviews run. */
function assertOpen(task: ReviewTask, plan: RoundPlan): void {
  if (task.status === REVIEW_STATUS.FINISHED) throw conflict('reviewAlreadySubmitted');
  if (plan.status !== 'running') throw conflict('roundNotReviewing');
}

/**
 * POST /v2/assessment-manage/review-detail-submit: the task's own reviewer saves scores (a draft: open scores
 * allowed) or submits them (every index scored). Scores of indices outside the task are refused naming the row;
 * the scores and the remark are written in one transaction, a submission then goes to the round's workflow,
 * which finishes the task (update id per task: a retried submit applies once).
 */
export async function saveReview(deps: Deps, input: ReviewDetailSubmitRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { task, plan } = await loadTask(db, input.taskNo);
  assertHolder(task, staff);
  assertOpen(task, plan);
  const indices = await taskIndices(db, plan.versionId, task.role);
  const byCode = new Map(indices.map((i) => [i.code, i]));
  const errors: FieldErrors = {};
  input.scores.forEach((s, n) => {
    if (!byCode.has(s.indexCode)) errors[`scores.${n}.indexCode`] = 'scoreIndexUnknown';
  });
  if (input.submit) {
    const given = new Map(input.scores.map((s, n) => [s.indexCode, { s, n }]));
    const stored = await storedScores(db, task.taskNo);
    indices.forEach((i) => {
      const g = given.get(i.code);
      if (g ? g.s.score === null : stored.get(i.id) == null) errors[g ? `scores.${g.n}.score` : 'scores'] = g ? 'enterScore' : 'scoresMissing';
    });
  }
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    if (input.scores.length) {
      await trx
        .insertInto('perf_score')
        .values(
          input.scores.map((s) => ({
            task_no: task.taskNo,
            index_id: byCode.get(s.indexCode)!.id,
            score: s.score,
            remark: s.remark ?? null,
            scored_by_job_number: staff.jobNumber,
            scored_by_name: staff.name,
            scored_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['task_no', 'index_id']).doUpdateSet((eb) => ({
            score: eb.ref('excluded.score'),
            remark: eb.ref('excluded.remark'),
            scored_by_job_number: eb.ref('excluded.scored_by_job_number'),
            scored_by_name: eb.ref('excluded.scored_by_name'),
            scored_at: eb.ref('excluded.scored_at'),
          })),
        )
        .execute();
    }
    await trx
      .updateTable('perf_review_task')
      .set({ remark: input.remark ?? null, updated_at: now })
      .where('task_no', '=', task.taskNo)
      .where('status', '!=', REVIEW_STATUS.FINISHED)
      .execute();
  });
  if (input.submit) await deps.rounds.submitReview(plan.planNo, { taskNo: task.taskNo, actor: actorOf(staff) }, `submit-review:${task.taskNo}`);
}

async function storedScores(db: Db, taskNo: string): Promise<Map<string, string | null>> {
  const rows = await db.selectFrom('perf_score').select(['index_id', 'score']).where('task_no', '=', taskNo).execute();
  return new Map(rows.map((r) => [r.index_id, r.score]));
}

/** POST /v1/assessment-manage/review-remark-save: the task's own reviewer keeps an overall remark on an open task. */
export async function saveReviewRemark(db: Db, input: { taskNo: string; remark?: string }, staff: StaffPrincipal): Promise<void> {
  const { task, plan } = await loadTask(db, input.taskNo);
  assertHolder(task, staff);
  assertOpen(task, plan);
  await db.updateTable('perf_review_task').set({ remark: input.remark ?? null, updated_at: new Date() }).where('task_no', '=', task.taskNo).execute();
}

/**
 * POST /v1/assessment-manage/review-submit: submits each of the caller's open tasks of the plan whose every index
 * is scored (the others stay drafts); answers how many went.
 */
export async function submitAllReviews(deps: Deps, planNo: string, staff: StaffPrincipal): Promise<{ submitted: number }> {
  const { db } = deps;
  const tasks = await db
    .selectFrom('perf_review_task as t')
    .innerJoin('perf_plan as p', 'p.plan_no', 't.plan_no')
    .select(['t.task_no', 't.role', 'p.index_version_id', 'p.status'])
    .where('t.plan_no', '=', planNo)
    .where('t.reviewer_job_number', '=', staff.jobNumber)
    .where('t.status', '!=', REVIEW_STATUS.FINISHED)
    .orderBy('t.task_no')
    .execute();
  if (!tasks.length) return { submitted: 0 };
  if (tasks[0].status !== 'running') throw conflict('roundNotReviewing');
  let submitted = 0;
  const needed = new Map<string, string[]>();
  for (const t of tasks) {
    if (!needed.has(t.role)) needed.set(t.role, (await taskIndices(db, t.index_version_id, t.role)).map((i) => i.id));
    const stored = await storedScores(db, t.task_no);
    if (!needed.get(t.role)!.every((id) => stored.get(id) != null)) continue;
    await deps.rounds.submitReview(planNo, { taskNo: t.task_no, actor: actorOf(staff) }, `submit-review:${t.task_no}`);
    submitted++;
  }
  return { submitted };
}

/**
 * POST /v2/assessment-manage/transfer: an open task goes to another active CMT member; its holder or the plan's
 * owner may transfer it. The workflow moves it (its task row, the new holder's mail) and answers once done.
 */
export async function transferReview(deps: Deps, input: { taskNo: string; toJobNumber: string }, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { task, plan } = await loadTask(db, input.taskNo);
  if (task.reviewerJobNumber !== staff.jobNumber && !isOwner(plan, staff)) throw forbidden('reviewNotTransferable');
  assertOpen(task, plan);
  if (input.toJobNumber === task.reviewerJobNumber) throw badRequest('transferToSelf', { toJobNumber: 'transferToSelf' });
  const to = await cmtMember(db, input.toJobNumber);
  if (!to) throw badRequest('transferTargetUnknown', { toJobNumber: 'transferTargetUnknown' });
  await deps.rounds.transferReview(
    plan.planNo,
    { taskNo: task.taskNo, to: { jobNumber: to.jobNumber, name: to.name }, actor: actorOf(staff) },
    `transfer:${task.taskNo}:${task.reviewerJobNumber}:${to.jobNumber}`,
  );
}
