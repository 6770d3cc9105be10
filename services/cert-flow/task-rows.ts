import type { DbOrTrx } from '#db/connection.ts';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import type { TaskType } from '#domain/cert-flow/tasks.ts';

export interface TaskRef {
  taskNo: string;
  principalJobNumber: string;
}

/**
 * The newest task of a kind in a flow (optionally of one node): a node's principal task, the current
 * round's questionnaire or review task. Earlier rounds' tasks stay as history, so only the newest counts.
 */
export async function latestTask(db: DbOrTrx, q: { flowNo: string; taskType: TaskType; nodeCode?: NodeCode }): Promise<TaskRef | undefined> {
  let query = db
    .selectFrom('cert_task')
    .select(['task_no', 'principal_job_number'])
    .where('flow_no', '=', q.flowNo)
    .where('task_type', '=', q.taskType);
  if (q.nodeCode) query = query.where('node_code', '=', q.nodeCode);
  const row = await query.orderBy('created_at', 'desc').orderBy('task_no', 'desc').executeTakeFirst();
  return row && { taskNo: row.task_no, principalJobNumber: row.principal_job_number };
}
