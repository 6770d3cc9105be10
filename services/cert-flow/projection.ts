import type { Transaction } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import type { Database } from '#db/schema.ts';
import { SYSTEM_ACTOR, type Actor } from '#domain/identity.ts';
import { NODE_STAGE, NODE_STATUS, STAGE, TASK_STATUS, type NodeCode, type Stage } from '#domain/cert-flow/enums.ts';
import { NODE_TASK_NAME } from '#domain/cert-flow/node-principals.ts';
import { ENDED_STAGES } from '#domain/cert-flow/rules.ts';
import { taskNo as taskNoOf, type TaskType } from '#domain/cert-flow/tasks.ts';
import { flowLogOf, historyRow, writeHistory } from '#services/history/write-history.ts';
import { addWorkingDays, type WorkingCalendar } from '#domain/calendar/working-days.ts';
import { loadCalendar } from '#services/calendar/working-calendar.ts';

/**
 * The DB projection of a flow's progress, written only by the workflow's activities (architecture §4).
 * Each status change commits with its history row (architecture §5), and every write is idempotent: a
 * retried activity changes nothing twice and logs nothing twice (the rows' keys are derived).
 */

/** A node's log rows are keyed by its visit from the second opening on (a node returned to opens again). */
const visitKey = (key: string, visit: number) => (visit > 1 ? `${key}:${visit}` : key);

/**
 * The node is in progress and the flow stands at it. `visit` counts its openings: a node returned to
 * (KCP2 from PUBLICITY) opens again with the next count, so a retried opening changes nothing twice.
 */
export async function markNodeOpen(db: Db, flowNo: string, nodeCode: NodeCode, visit = 1, now = new Date(), dueAt: Date | null = null): Promise<void> {
  // One statement (atomic as the transaction it replaces): under many flows each round trip to the
  // database queues behind every other flow's, and an opening is on the path of the completion before it.
  await db
    .with('flow', (q) =>
      q
        .updateTable('cert_flow')
        // The open node's due time goes with it: the list filters and sorts by lateness on it.
        .set({ current_node_code: nodeCode, stage: NODE_STAGE[nodeCode], updated_at: now, current_due_at: dueAt })
        .where('flow_no', '=', flowNo)
        .where('stage', 'not in', ENDED_STAGES)
        .returning('flow_no'),
    )
    .with('node', (q) =>
      q
        .updateTable('cert_flow_node')
        .set({ status: NODE_STATUS.IN_PROGRESS, started_at: now, finished_at: null, visit })
        .where('flow_no', '=', flowNo)
        .where('node_code', '=', nodeCode)
        .where((eb) => eb.or([eb('visit', '<', visit), eb.and([eb('visit', '=', visit), eb('status', '=', NODE_STATUS.NOT_FINISH)])]))
        .returning('node_code'),
    )
    .insertInto('operation_history')
    .values(
      historyRow({
        relation: flowLogOf(flowNo),
        dedupeKey: visitKey(`open:${flowNo}:${nodeCode}`, visit),
        actor: SYSTEM_ACTOR,
        action: 'OPEN_NODE',
        description: `${NODE_TASK_NAME[nodeCode].zh}节点开始`,
        detail: visit > 1 ? { nodeCode, visit } : { nodeCode },
      }),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** The node's tasks are closed; its to-dos and answered audit action items stay open until done (they outlive it). */
async function closeNodeTasks(trx: Transaction<Database>, flowNo: string, nodeCode: NodeCode, now: Date): Promise<void> {
  await trx
    .updateTable('cert_task')
    .set({ status: TASK_STATUS.FINISHED, updated_at: now })
    .where('flow_no', '=', flowNo)
    .where('node_code', '=', nodeCode)
    .where('task_type', 'not in', ['TODO', 'VDA_ACTION_ANSWERED'])
    .where('status', '!=', TASK_STATUS.FINISHED)
    .execute();
}

/**
 * The open node is returned (req flow §4.6, PUBLICITY back to KCP2): it is not started again and its
 * tasks are closed; the node before it opens again through `markNodeOpen` with its next visit.
 */
export async function markNodeReturned(db: Db, input: { flowNo: string; nodeCode: NodeCode; visit: number; actor: Actor }, now = new Date()): Promise<void> {
  const { flowNo, nodeCode, visit } = input;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cert_flow_node')
      .set({ status: NODE_STATUS.NOT_FINISH })
      .where('flow_no', '=', flowNo)
      .where('node_code', '=', nodeCode)
      .where('visit', '=', visit)
      .where('status', '=', NODE_STATUS.IN_PROGRESS)
      .execute();
    await closeNodeTasks(trx, flowNo, nodeCode, now);
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      dedupeKey: `return:${flowNo}:${nodeCode}:${visit}`,
      actor: input.actor,
      action: 'RETURN_NODE',
      description: `${NODE_TASK_NAME[nodeCode].zh}节点退回`,
      detail: { nodeCode, visit },
    });
  });
}

/** The node is finished with its outcome, and its tasks with it; its to-dos stay open until done (they outlive the meeting). */
export async function markNodeFinished(
  db: Db,
  input: { flowNo: string; nodeCode: NodeCode; outcome: 'pass' | 'fail'; actor?: Actor; visit?: number },
  now = new Date(),
): Promise<void> {
  const { flowNo, nodeCode, outcome } = input;
  // One statement (atomic as a transaction): the node, its tasks and its row.
  await db
    .with('node', (q) =>
      q
        .updateTable('cert_flow_node')
        .set({ status: NODE_STATUS.FINISHED, finished_at: now })
        .where('flow_no', '=', flowNo)
        .where('node_code', '=', nodeCode)
        .where('status', '!=', NODE_STATUS.FINISHED)
        .returning('node_code'),
    )
    .with('tasks', (q) =>
      q
        .updateTable('cert_task')
        .set({ status: TASK_STATUS.FINISHED, updated_at: now })
        .where('flow_no', '=', flowNo)
        .where('node_code', '=', nodeCode)
        .where('task_type', '!=', 'TODO')
        .where('status', '!=', TASK_STATUS.FINISHED)
        .returning('task_no'),
    )
    .insertInto('operation_history')
    .values(
      historyRow({
        relation: flowLogOf(flowNo),
        dedupeKey: visitKey(`close:${flowNo}:${nodeCode}`, input.visit ?? 1),
        actor: input.actor ?? SYSTEM_ACTOR,
        action: 'COMPLETE_NODE',
        description: `${NODE_TASK_NAME[nodeCode].zh}节点完成${outcome === 'fail' ? '（不通过）' : ''}`,
        detail: { nodeCode, outcome },
      }),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * The flow's end (terminated, failed or finished): the stage, the node that was still open closed
 * (it can no longer be worked, req flow §4.2), and its open tasks closed so nobody's to-do list keeps them.
 */
export async function markFlowEnded(
  db: DbOrTrx,
  input: { flowNo: string; stage: Stage; actor?: Actor; reason?: string },
  now = new Date(),
): Promise<void> {
  const { flowNo, stage, reason } = input;
  const terminated = stage === STAGE.TERMINATED;
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('cert_flow')
      .set({ stage, updated_at: now, current_due_at: null, ...(stage === STAGE.FINISHED ? { pass_time: now } : {}) })
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
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      dedupeKey: `end:${flowNo}`,
      actor: input.actor ?? SYSTEM_ACTOR,
      action: terminated ? 'TERMINATE' : 'FINISH',
      description: terminated ? `认证已终止${reason ? `：${reason}` : ''}` : '认证流程完成',
      detail: reason ? { reason } : undefined,
    });
  });
}

/** The caller's transaction when it passes one (admission ends the flow inside its own), else a new one. */
function inTransaction(db: DbOrTrx, work: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/**
 * A node principal's due time: the node's due days of the flow's plan (its scenario version) in working
 * days from `from` (the workflow's opening time when it passes one, so its reminder timers agree).
 */
async function nodeDueTime(db: DbOrTrx, flowNo: string, nodeCode: NodeCode, from = new Date()): Promise<Date | null> {
  const flow = await db.selectFrom('cert_flow').select('node_plan').where('flow_no', '=', flowNo).executeTakeFirst();
  return flow ? dueTimeInPlan(flow.node_plan, nodeCode, from, await loadCalendar(db)) : null;
}

/** The same, from the flow's plan already read (pure). */
export function dueTimeInPlan(plan: readonly { nodeCode: string; dueDays?: number }[], nodeCode: NodeCode, from = new Date(), calendar?: WorkingCalendar): Date | null {
  const dueDays = plan.find((n) => n.nodeCode === nodeCode)?.dueDays;
  return dueDays ? addWorkingDays(from, dueDays, calendar) : null;
}

/**
 * Creates a task once: the task number is derived from the flow, node, type and round, unless the
 * caller derives its own (an approval's step task).
 */
export async function ensureTask(
  db: DbOrTrx,
  task: {
    flowNo: string;
    nodeCode: NodeCode;
    taskType: TaskType;
    taskName: string;
    principalJobNumber: string;
    applyNo?: string;
    round?: number;
    taskNo?: string;
    /**
     * When the task's period ends (PUBLICITY: the countdown's end); a node principal's task without one
     * gets its due time from the flow's plan, unless null is passed (already worked out: none).
     */
    endTime?: Date | null;
    /** A node principal's task: the moment its due days count from (now unless given). */
    dueFrom?: Date;
  },
): Promise<string> {
  return (await ensureTaskEnd(db, task)).taskNo;
}

/** The task's parameters (ensureTask). */
type TaskInput = Parameters<typeof ensureTask>[1];

/**
 * ensureTask, answering also the task's stored end time: the one this call wrote, or the one of the
 * task made before (a retry, a transfer) — read only then.
 */
export async function ensureTaskEnd(db: DbOrTrx, task: TaskInput): Promise<{ taskNo: string; endTime: Date | null }> {
  const taskNo = task.taskNo ?? taskNoOf(task.flowNo, task.nodeCode, task.taskType, task.round);
  const endTime =
    task.endTime !== undefined ? task.endTime : task.taskType === 'NODE_PRINCIPAL' ? await nodeDueTime(db, task.flowNo, task.nodeCode, task.dueFrom) : null;
  const inserted = await db
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
      end_time: endTime,
    })
    .onConflict((oc) => oc.column('task_no').doNothing())
    .returning('end_time')
    .executeTakeFirst();
  if (inserted) return { taskNo, endTime: inserted.end_time };
  const stored = await db.selectFrom('cert_task').select('end_time').where('task_no', '=', taskNo).executeTakeFirst();
  return { taskNo, endTime: stored?.end_time ?? null };
}
