import type { DbOrTrx } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { CHANGE_TASK_NAME, CHANGE_TASK_NODE, CHANGE_TASK_TYPES, type ChangeTaskType } from '#domain/supplier-change/approval.ts';

/**
 * A change's tasks in "my open tasks": rows of the certification tasks (`cert_task`), on the supplier's
 * certification flow (the flow whose release is its master), node SUPPLIER_CHANGE, apply_no = the
 * change's number. One writer for opening and one for closing them.
 */

/** The certification flow a supplier's change tasks hang on, if the supplier came through one. */
export async function taskFlowOf(db: DbOrTrx, supplierNo: string): Promise<string | null> {
  const row = await db.selectFrom('supplier').select(['master_flow_no', 'source_flow_no']).where('supplier_no', '=', supplierNo).executeTakeFirst();
  return row?.master_flow_no ?? row?.source_flow_no ?? null;
}

/** Opens the task (idempotent: a task number is opened once). */
export async function openChangeTask(
  db: DbOrTrx,
  task: { supplierNo: string; changeFlowNo: string; taskNo: string; taskType: ChangeTaskType; principalJobNumber: string },
): Promise<void> {
  const flowNo = await taskFlowOf(db, task.supplierNo);
  if (!flowNo) return;
  await db
    .insertInto('cert_task')
    .values({
      task_no: task.taskNo,
      flow_no: flowNo,
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
    .where('apply_no', '=', changeFlowNo)
    .where('task_type', 'in', CHANGE_TASK_TYPES)
    .where('status', '!=', TASK_STATUS.FINISHED);
  if (taskNo) q = q.where('task_no', '=', taskNo);
  await q.execute();
}
