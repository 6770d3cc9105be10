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

/**
 * Whose the questionnaire is (req flow §6): the principal of the current round's REGISTER_RFI task,
 * else — before the node made it — the flow's purchasing manager. An expansion without e-mail is
 * filled by this person; a registration's link is re-issued by them.
 */
export async function questionnairePrincipal(db: DbOrTrx, flowNo: string): Promise<string> {
  const task = await latestTask(db, { flowNo, taskType: 'REGISTER_RFI' });
  if (task) return task.principalJobNumber;
  const flow = await db.selectFrom('cert_flow').select('purchase_job_number').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  return flow.purchase_job_number;
}

/** A task as the task lists show it, with its principal's name (the job number where no staff row has it). */
export interface TaskListRow {
  taskNo: string;
  nodeCode: string;
  taskType: string;
  taskName: string;
  principalJobNumber: string;
  principalName: string;
  status: number;
  applyNo: string | null;
  endTime: string | null;
  updateTime: string | null;
  createdAt: Date;
}

/** A flow's tasks (of the given types, else all), oldest first. */
export async function tasksOfFlow(db: DbOrTrx, flowNo: string, types?: readonly TaskType[]): Promise<TaskListRow[]> {
  let query = db
    .selectFrom('cert_task as t')
    .leftJoin('staff as s', 's.job_number', 't.principal_job_number')
    .select(['t.task_no', 't.node_code', 't.task_type', 't.task_name', 't.principal_job_number', 's.name', 't.status', 't.apply_no', 't.end_time', 't.updated_at', 't.created_at'])
    .where('t.flow_no', '=', flowNo);
  if (types) query = query.where('t.task_type', 'in', types);
  const rows = await query.orderBy('t.created_at').orderBy('t.task_no').execute();
  return rows.map((r) => ({
    taskNo: r.task_no,
    nodeCode: r.node_code,
    taskType: r.task_type,
    taskName: r.task_name,
    principalJobNumber: r.principal_job_number,
    principalName: r.name ?? r.principal_job_number,
    status: r.status,
    applyNo: r.apply_no,
    endTime: r.end_time ? new Date(r.end_time).toISOString() : null,
    updateTime: r.updated_at ? new Date(r.updated_at).toISOString() : null,
    createdAt: new Date(r.created_at),
  }));
}
