import type { Db } from '#db/connection.ts';
import type { Actor } from '#domain/identity.ts';
import { NODE_STATUS, RELATION_TYPE, STAGE, TASK_STATUS, type NodeCode, type Stage } from '#domain/cert-flow/enums.ts';
import { ENDED_STAGES } from '#domain/cert-flow/rules.ts';

/**
 * The DB projection of a flow's progress, written only by the workflow's activities (DESIGN §4).
 * Every write is idempotent: a retried activity changes nothing twice and logs nothing twice.
 */

export async function logOnce(
  db: Db,
  entry: { dedupeKey: string; flowNo: string; actor: Actor; action: string; description: string; detail?: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('operation_history')
    .values({
      relation_type: RELATION_TYPE.CERT_FLOW,
      relation_code: entry.flowNo,
      dedupe_key: entry.dedupeKey,
      operator_id: entry.actor.id,
      operator_name: entry.actor.name,
      action: entry.action,
      description: entry.description,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

export async function markNodeOpen(db: Db, flowNo: string, nodeCode: NodeCode, stage: Stage, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cert_flow')
      .set({ current_node_code: nodeCode, stage, updated_at: now })
      .where('flow_no', '=', flowNo)
      .where('stage', 'not in', ENDED_STAGES)
      .execute();
    await trx
      .updateTable('cert_flow_node')
      .set({ status: NODE_STATUS.IN_PROGRESS, started_at: now })
      .where('flow_no', '=', flowNo)
      .where('node_code', '=', nodeCode)
      .where('status', '=', NODE_STATUS.NOT_FINISH)
      .execute();
  });
}

export async function markNodeFinished(db: Db, flowNo: string, nodeCode: NodeCode, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cert_flow_node')
      .set({ status: NODE_STATUS.FINISHED, finished_at: now })
      .where('flow_no', '=', flowNo)
      .where('node_code', '=', nodeCode)
      .where('status', '!=', NODE_STATUS.FINISHED)
      .execute();
    await trx
      .updateTable('cert_task')
      .set({ status: TASK_STATUS.FINISHED, updated_at: now })
      .where('flow_no', '=', flowNo)
      .where('node_code', '=', nodeCode)
      .where('status', '!=', TASK_STATUS.FINISHED)
      .execute();
  });
}

/**
 * The flow's end (terminated, failed or finished): the stage, the node that was still open closed
 * (it can no longer be worked, spec 2 §4.2), and its open tasks closed so nobody's to-do list keeps them.
 */
export async function markFlowEnded(db: Db, flowNo: string, stage: Stage, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cert_flow')
      .set({ stage, updated_at: now, ...(stage === STAGE.FINISHED ? { pass_time: now } : {}) })
      .where('flow_no', '=', flowNo)
      .where('stage', 'not in', ENDED_STAGES)
      .execute();
    await trx
      .updateTable('cert_flow_node')
      .set({ status: NODE_STATUS.CLOSED })
      .where('flow_no', '=', flowNo)
      .where('status', 'in', [NODE_STATUS.IN_PROGRESS, NODE_STATUS.KCP])
      .execute();
    await trx
      .updateTable('cert_task')
      .set({ status: TASK_STATUS.FINISHED, updated_at: now })
      .where('flow_no', '=', flowNo)
      .where('status', '!=', TASK_STATUS.FINISHED)
      .execute();
  });
}

/** Creates a task once: the task number is derived from the flow, node and type. */
export async function ensureTask(
  db: Db,
  task: { flowNo: string; nodeCode: NodeCode; taskType: string; taskName: string; principalJobNumber: string; applyNo?: string; round?: number },
): Promise<string> {
  // A task that recurs (a second review round) carries its round in the number.
  const taskNo = `${task.flowNo}-${task.nodeCode}-${task.taskType}${task.round && task.round > 1 ? `-${task.round}` : ''}`;
  await db
    .insertInto('cert_task')
    .values({
      task_no: taskNo,
      flow_no: task.flowNo,
      node_code: task.nodeCode,
      task_type: task.taskType,
      task_name: task.taskName,
      principal_job_number: task.principalJobNumber,
      status: TASK_STATUS.IN_PROGRESS,
      apply_no: task.applyNo ?? null,
    })
    .onConflict((oc) => oc.column('task_no').doNothing())
    .execute();
  return taskNo;
}
