import type { Db, DbOrTrx } from '#db/connection.ts';
import { REVIEW_STATUS, ROUND_TASK, reviewTaskNo } from '#domain/assessment/round.ts';
import type { RoundTask } from '#workflows/assessment-round-definitions.ts';
import { openRoundTasks } from './round-tasks.ts';

export interface PlannedTask {
  taskNo: string;
  supplierNo: string;
  role: string;
  jobNumber: string;
  name: string;
}

/**
 * The round's review tasks: one per supplier × reviewer of each role that the version's manual indices name
 * (a reviewer scores the indices of their role); `computed` says whether any index scores from figures.
 */
export async function plannedTasks(db: DbOrTrx, planNo: string, versionId: string): Promise<{ tasks: PlannedTask[]; computed: boolean }> {
  const [indices, suppliers, reviewers] = await Promise.all([
    db.selectFrom('perf_index').select(['method', 'reviewer_role']).where('version_id', '=', versionId).where('method', 'is not', null).execute(),
    db.selectFrom('perf_plan_supplier').select('supplier_no').where('plan_no', '=', planNo).orderBy('supplier_no').execute(),
    db.selectFrom('perf_plan_reviewer').select(['role', 'job_number', 'name']).where('plan_no', '=', planNo).orderBy('role').orderBy('job_number').execute(),
  ]);
  const roles = new Set(indices.filter((i) => i.method === 'MANUAL' && i.reviewer_role).map((i) => i.reviewer_role!));
  const scoring = reviewers.filter((r) => roles.has(r.role));
  const tasks = suppliers.flatMap((s) =>
    scoring.map((r) => ({ taskNo: reviewTaskNo(planNo, s.supplier_no, r.role, r.job_number), supplierNo: s.supplier_no, role: r.role, jobNumber: r.job_number, name: r.name })),
  );
  return { tasks, computed: indices.some((i) => i.method === 'COMPUTED') };
}

/**
 * The round's opening (an activity, so idempotent): the review tasks, in progress, each in its reviewer's "my
 * open tasks", written in one transaction; answers every task with its holder and whether it is submitted,
 * as the database has them (a retried opening after a transfer keeps the transfer).
 */
export async function openRound(db: Db, planNo: string): Promise<RoundTask[]> {
  const plan = await db.selectFrom('perf_plan').select(['index_version_id', 'deadline']).where('plan_no', '=', planNo).executeTakeFirstOrThrow();
  const { tasks } = await plannedTasks(db, planNo, plan.index_version_id);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < tasks.length; i += 500) {
      await trx
        .insertInto('perf_review_task')
        .values(
          tasks.slice(i, i + 500).map((t) => ({
            task_no: t.taskNo,
            plan_no: planNo,
            supplier_no: t.supplierNo,
            role: t.role,
            reviewer_job_number: t.jobNumber,
            reviewer_name: t.name,
            status: REVIEW_STATUS.IN_PROGRESS,
          })),
        )
        .onConflict((oc) => oc.column('task_no').doNothing())
        .execute();
    }
    await openRoundTasks(
      trx,
      tasks.map((t) => ({ taskNo: t.taskNo, planNo, type: ROUND_TASK.review, holder: t.jobNumber, supplierNo: t.supplierNo, endTime: new Date(plan.deadline) })),
    );
  });
  const rows = await db.selectFrom('perf_review_task').select(['task_no', 'reviewer_job_number', 'status']).where('plan_no', '=', planNo).orderBy('task_no').execute();
  return rows.map((r) => ({ taskNo: r.task_no, holder: r.reviewer_job_number, submitted: r.status === REVIEW_STATUS.FINISHED }));
}
