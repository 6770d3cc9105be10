import type { Db } from '#db/connection.ts';
import { roundTaskMail } from '#adapters/mail/assessment-mails.ts';
import { REVIEW_STATUS, ROUND_TASK_NAME, reviewWorkPath } from '#domain/assessment/round.ts';
import type { StaffActor } from '#domain/identity.ts';
import { mailLocale } from '#services/rfi/fresh-code.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { planLogOf } from './plan-access.ts';
import type { RoundMailDeps } from './round-mails.ts';
import { closeRoundTask, moveRoundTask } from './round-tasks.ts';

/**
 * A reviewer's submission, recorded by the round's workflow once its validator accepted it (the scores were
 * checked and saved by the API before): the task is finished, leaves "my open tasks", and the log has it, in one
 * transaction. Idempotent: a finished task is left as it is.
 */
export async function recordReviewSubmitted(db: Db, input: { planNo: string; taskNo: string; actor: StaffActor }): Promise<void> {
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const task = await trx
      .updateTable('perf_review_task')
      .set({ status: REVIEW_STATUS.FINISHED, submitted_at: now, updated_at: now })
      .where('task_no', '=', input.taskNo)
      .where('status', '!=', REVIEW_STATUS.FINISHED)
      .returning(['supplier_no', 'role'])
      .executeTakeFirst();
    if (!task) return;
    await closeRoundTask(trx, input.taskNo);
    await writeHistory(trx, {
      relation: planLogOf(input.planNo),
      actor: input.actor,
      action: 'PERF_REVIEW_SUBMIT',
      description: `提交评分：${task.supplier_no}（${task.role}）`,
      detail: { taskNo: input.taskNo, supplierNo: task.supplier_no, role: task.role },
    });
  });
}

/**
 * A transfer accepted by the workflow: the task moves to its new holder (their "my open tasks", with the
 * transfer's from and time), the log has it, then the new holder is mailed in their language.
 */
export async function transferReview(
  deps: RoundMailDeps,
  input: { planNo: string; taskNo: string; from: string; to: { jobNumber: string; name: string }; actor: StaffActor },
): Promise<void> {
  const { db } = deps;
  const now = new Date();
  const moved = await db.transaction().execute(async (trx) => {
    const task = await trx
      .updateTable('perf_review_task')
      .set((eb) => ({
        reviewer_job_number: input.to.jobNumber,
        reviewer_name: input.to.name,
        transferred_from_job_number: input.from,
        transferred_from_name: eb.ref('reviewer_name'),
        transferred_at: now,
        updated_at: now,
      }))
      .where('task_no', '=', input.taskNo)
      .where('reviewer_job_number', '=', input.from)
      .where('status', '!=', REVIEW_STATUS.FINISHED)
      .returning(['supplier_no', 'transferred_from_name'])
      .executeTakeFirst();
    if (!task) return false;
    await moveRoundTask(trx, input.taskNo, input.to.jobNumber);
    await writeHistory(trx, {
      relation: planLogOf(input.planNo),
      actor: input.actor,
      action: 'PERF_REVIEW_TRANSFER',
      description: `转办评审任务：${task.supplier_no}，${task.transferred_from_name ?? input.from} → ${input.to.name}`,
      detail: { taskNo: input.taskNo, supplierNo: task.supplier_no, from: task.transferred_from_name ?? input.from, to: input.to.name },
    });
    return true;
  });
  if (!moved) return;
  const [staff, plan] = await Promise.all([
    db.selectFrom('staff').select(['email', 'locale']).where('job_number', '=', input.to.jobNumber).executeTakeFirst(),
    db.selectFrom('perf_plan').select('name').where('plan_no', '=', input.planNo).executeTakeFirstOrThrow(),
  ]);
  if (!staff?.email) return;
  const locale = mailLocale(staff.locale, 'zh');
  const mail = roundTaskMail({ taskName: ROUND_TASK_NAME.ASSESSMENT_REVIEW[locale], planNo: input.planNo, planName: plan.name, link: `${deps.publicUrl}${reviewWorkPath(input.planNo)}`, locale });
  await deps.mailer.send({ dedupeKey: `assessment-transfer:${input.taskNo}:${input.to.jobNumber}`, to: staff.email, locale, ...mail });
}
