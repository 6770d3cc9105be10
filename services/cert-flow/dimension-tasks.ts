import type { Db, DbOrTrx } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { mailStaffTask } from '#services/mail/staff-task-mail.ts';
import { TASK_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import type { DimensionCode } from '#domain/cert-flow/dimensions.ts';
import { dimensionTaskName, dimensionTaskNo, type DimensionTaskType } from '#domain/cert-flow/tasks.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { ensureTask } from './projection.ts';

/**
 * The tasks of one inspection dimension (domain/cert-flow/tasks.ts): made, handed on and closed with
 * the dimension's work, so each owner and expert finds theirs under "my open tasks".
 */

const NODE_OF: Record<DimensionTaskType, NodeCode> = {
  SELF_INSPECTION_ISSUE: 'SELF_INSPECTION',
  SELF_INSPECTION_AUDIT: 'SELF_INSPECTION',
  SYSTEM_CERT_SCORE: 'SYSTEM_CERT',
};

export interface DimensionTask {
  flowNo: string;
  taskType: DimensionTaskType;
  dimension: DimensionCode;
  round?: number;
}

const taskNoOf = (t: DimensionTask) => dimensionTaskNo(t.flowNo, t.taskType, t.dimension, t.round);

/** The task for its owner, once (a retried write finds it, and a finished one stays finished). */
export async function ensureDimensionTask(db: DbOrTrx, task: DimensionTask, principalJobNumber: string): Promise<string> {
  return ensureTask(db, {
    flowNo: task.flowNo,
    nodeCode: NODE_OF[task.taskType],
    taskType: task.taskType,
    taskName: dimensionTaskName(task.taskType, task.dimension, 'zh'),
    principalJobNumber,
    taskNo: taskNoOf(task),
  });
}

/** The task's owner changes (experts re-chosen before any score): the open task follows; none closes it. */
export async function assignDimensionTask(db: DbOrTrx, task: DimensionTask, principalJobNumber: string | null): Promise<void> {
  if (!principalJobNumber) return closeDimensionTask(db, task);
  await ensureDimensionTask(db, task, principalJobNumber);
  await db
    .updateTable('cert_task')
    .set({ principal_job_number: principalJobNumber, status: TASK_STATUS.IN_PROGRESS, updated_at: new Date() })
    .where('task_no', '=', taskNoOf(task))
    .execute();
}

/** Its work is done. */
export async function closeDimensionTask(db: DbOrTrx, task: DimensionTask): Promise<void> {
  await db
    .updateTable('cert_task')
    .set({ status: TASK_STATUS.FINISHED, updated_at: new Date() })
    .where('task_no', '=', taskNoOf(task))
    .where('status', '!=', TASK_STATUS.FINISHED)
    .execute();
}

/** Tells the owner by mail, linking to the node's screen; once per task and person. */
export async function mailDimensionTask(deps: { db: Db; mailer: Mailer; publicUrl: string }, task: DimensionTask, jobNumber: string): Promise<void> {
  const flow = await deps.db.selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', task.flowNo).executeTakeFirstOrThrow();
  await mailStaffTask(deps, {
    jobNumber,
    dedupeKey: `task:${taskNoOf(task)}:${jobNumber}`,
    taskName: (locale) => dimensionTaskName(task.taskType, task.dimension, locale),
    flowNo: task.flowNo,
    supplierName: flow.supplier_name,
    path: flowDetailPath(task.flowNo, NODE_OF[task.taskType]),
  });
}
