import type { DbOrTrx } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { CHANGE_TASK_NAME, CHANGE_TASK_NODE, CHANGE_TASK_TYPES, type ChangeTaskType } from '#domain/supplier-change/approval.ts';

/**
 * A change's tasks in "my open tasks": rows of the one task table (`cert_task`) whose flow_no and
 * apply_no are the change's number, node SUPPLIER_CHANGE (as an exit's approval task carries the exit's).
 * One writer for opening and one for closing them.
 */

/** Opens the task (idempotent: a task number is opened once). */
export async function openChangeTask(db: DbOrTrx, task: { changeFlowNo: string; taskNo: string; taskType: ChangeTaskType; principalJobNumber: string }): Promise<void> {
  await db
    .insertInto('cert_task')
    .values({
      task_no: task.taskNo,
      flow_no: task.changeFlowNo,
      node_code: CHANGE_TASK_NODE,
      task_type: task.taskType,
      task_name: CHANGE_TASK_NAME[task.taskType].zh,
      principal_job_number: task.principalJobNumber,
      status: TASK_STATUS.IN_PROGRESS,
      apply_no: task.changeFlowNo,
    })
    .onConflict((oc) => oc.column('task_no').doNothing())
    .execute();
}

/** Closes the change's open tasks: one (by number), or all of them. */
export async function closeChangeTasks(db: DbOrTrx, changeFlowNo: string, taskNo?: string): Promise<void> {
  let q = db
    .updateTable('cert_task')
    .set({ status: TASK_STATUS.FINISHED, end_time: new Date(), updated_at: new Date() })
    .where('flow_no', '=', changeFlowNo)
    .where('task_type', 'in', CHANGE_TASK_TYPES)
    .where('status', '!=', TASK_STATUS.FINISHED);
  if (taskNo) q = q.where('task_no', '=', taskNo);
  await q.execute();
}
