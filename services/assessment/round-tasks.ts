import type { DbOrTrx } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { ROUND_TASK, ROUND_TASK_NAME, type RoundTaskType } from '#domain/assessment/round.ts';

/**
 * A round's rows in the one task table "my open tasks" reads (cert_task; its flow_no is then the plan's
 * number, apply_no the reviewed supplier's). Opened by the workflow's activities, closed in the
 * transaction that records the submission, transfer or decision. All idempotent.
 */
export interface RoundTaskRow {
  taskNo: string;
  planNo: string;
  type: RoundTaskType;
  holder: string;
  supplierNo?: string | null;
  endTime?: Date | null;
}

export async function openRoundTasks(trx: DbOrTrx, rows: readonly RoundTaskRow[]): Promise<void> {
  // Inserted in slices: a plan of a thousand suppliers and three reviewers opens 3,000 tasks.
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('cert_task')
      .values(
        rows.slice(i, i + 500).map((r) => ({
          task_no: r.taskNo,
          flow_no: r.planNo,
          node_code: ROUND_TASK.nodeCode,
          task_type: r.type,
          task_name: ROUND_TASK_NAME[r.type].zh,
          principal_job_number: r.holder,
          status: TASK_STATUS.IN_PROGRESS,
          apply_no: r.supplierNo ?? null,
          end_time: r.endTime ?? null,
        })),
      )
      .onConflict((oc) => oc.column('task_no').doNothing())
      .execute();
  }
}

/** Reopens a task that was closed (the summary after its approval was rejected), or opens it. */
export async function reopenRoundTask(trx: DbOrTrx, row: RoundTaskRow): Promise<void> {
  await openRoundTasks(trx, [row]);
  await trx.updateTable('cert_task').set({ status: TASK_STATUS.IN_PROGRESS, updated_at: new Date() }).where('task_no', '=', row.taskNo).execute();
}

export async function closeRoundTask(trx: DbOrTrx, taskNo: string): Promise<void> {
  await trx
    .updateTable('cert_task')
    .set({ status: TASK_STATUS.FINISHED, updated_at: new Date() })
    .where('task_no', '=', taskNo)
    .where('status', '!=', TASK_STATUS.FINISHED)
    .execute();
}

/** The task moves to another holder (a transfer): "my open tasks" shows it to them from now on. */
export async function moveRoundTask(trx: DbOrTrx, taskNo: string, holder: string): Promise<void> {
  await trx.updateTable('cert_task').set({ principal_job_number: holder, updated_at: new Date() }).where('task_no', '=', taskNo).execute();
}
