import type { DbOrTrx } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { EXIT_APPROVAL_TASK, EXIT_APPROVAL_TASK_NAME, exitApprovalTaskNo } from '#domain/supplier-exit/exit.ts';

/**
 * The approver's task of an exit (cert_task, the table "my open tasks" reads): made with the submit,
 * in its transaction; finished with the decision or the termination. Both idempotent.
 */
export async function openExitTask(trx: DbOrTrx, input: { flowNo: string; approverJobNumber: string }): Promise<void> {
  await trx
    .insertInto('cert_task')
    .values({
      task_no: exitApprovalTaskNo(input.flowNo),
      flow_no: input.flowNo,
      node_code: EXIT_APPROVAL_TASK.nodeCode,
      task_type: EXIT_APPROVAL_TASK.taskType,
      task_name: EXIT_APPROVAL_TASK_NAME.zh,
      principal_job_number: input.approverJobNumber,
      status: TASK_STATUS.IN_PROGRESS,
    })
    .onConflict((oc) => oc.column('task_no').doNothing())
    .execute();
}

export async function closeExitTask(trx: DbOrTrx, flowNo: string): Promise<void> {
  const now = new Date();
  await trx
    .updateTable('cert_task')
    .set({ status: TASK_STATUS.FINISHED, updated_at: now })
    .where('task_no', '=', exitApprovalTaskNo(flowNo))
    .where('status', '!=', TASK_STATUS.FINISHED)
    .execute();
}
