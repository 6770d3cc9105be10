import type { Db } from '#db/connection.ts';
import { SYSTEM_ACTOR, type Actor, type StaffActor } from '#domain/identity.ts';
import { CHANGE_TASK_TYPE, changeTaskNo } from '#domain/supplier-change/approval.ts';
import { APPROVAL_STATUS } from '#domain/supplier-change/status.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { changeLogOf, loadChange, type ChangeRowRecord } from '../change-rows.ts';
import type { ChangeApprovalStepInput } from '#workflows/supplier-change-definitions.ts';
import { closeChangeTasks, openChangeTask } from './change-tasks.ts';

/**
 * What the change's workflow records, step by step (architecture §4: the workflow decides, the DB records).
 * Every write is idempotent — conditioned on the state it changes, history rows under derived keys — so
 * Temporal may retry any of them; each state change writes its history row in the same transaction.
 */

/**
 * The round starts: its steps as the submit assigned them (written again if missing, never changed), the
 * submitter's task of an earlier rejection closed, the log. False when the change is not waiting for this
 * round (cancelled before its workflow began): the run then does nothing.
 */
export async function openChangeRound(db: Db, input: { flowNo: string; round: number; steps: readonly ChangeApprovalStepInput[] }): Promise<boolean> {
  const change = await loadChange(db, input.flowNo);
  if (change.status !== 'approving' || change.round !== input.round) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('supplier_change_step')
      .values(input.steps.map((s) => ({ flow_no: input.flowNo, round: input.round, seq: s.seq, approver_job_number: s.approverJobNumber, approver_name: s.approverName })))
      .onConflict((oc) => oc.columns(['flow_no', 'round', 'seq']).doNothing())
      .execute();
    await closeChangeTasks(trx, input.flowNo);
    await writeHistory(trx, {
      relation: changeLogOf(input.flowNo),
      actor: SYSTEM_ACTOR,
      action: 'changeApprovalStarted',
      description: `审批人：${input.steps.map((s) => s.approverName).join('、')}`,
      detail: { round: input.round, approvers: input.steps.map((s) => s.approverName) },
      dedupeKey: `change:${input.flowNo}:${input.round}:started`,
    });
  });
  return true;
}

/** A step's turn: in progress, its approver's task. Answers the task number (for the mail). */
export async function openChangeStep(db: Db, input: { flowNo: string; round: number; step: number; approver: { jobNumber: string; name: string } }): Promise<string> {
  const taskNo = changeTaskNo(input.flowNo, input.round, input.step);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('supplier_change_step')
      .set({ status: APPROVAL_STATUS.INPROGRESS })
      .where('flow_no', '=', input.flowNo)
      .where('round', '=', input.round)
      .where('seq', '=', input.step)
      .where('status', '=', APPROVAL_STATUS.NOTSTART)
      .execute();
    await openChangeTask(trx, { changeFlowNo: input.flowNo, taskNo, taskType: CHANGE_TASK_TYPE.approval, principalJobNumber: input.approver.jobNumber });
  });
  return taskNo;
}

/** An approver decided a step: the step, its task closed and the log, together. */
export async function recordChangeDecision(
  db: Db,
  input: { flowNo: string; round: number; step: number; decision: 'approve' | 'reject'; reason?: string; actor: StaffActor },
): Promise<void> {
  const reason = input.reason?.trim() || null;
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('supplier_change_step')
      .set({
        status: input.decision === 'approve' ? APPROVAL_STATUS.FINISHED : APPROVAL_STATUS.REJECT,
        decided_by_job_number: input.actor.jobNumber,
        decided_by_name: input.actor.name,
        reason,
        decided_at: new Date(),
      })
      .where('flow_no', '=', input.flowNo)
      .where('round', '=', input.round)
      .where('seq', '=', input.step)
      .where('status', 'in', [APPROVAL_STATUS.NOTSTART, APPROVAL_STATUS.INPROGRESS])
      .executeTakeFirst();
    if (!done.numUpdatedRows) return;
    await closeChangeTasks(trx, input.flowNo, changeTaskNo(input.flowNo, input.round, input.step));
    await writeHistory(trx, {
      relation: changeLogOf(input.flowNo),
      actor: input.actor,
      action: input.decision === 'approve' ? 'changeStepApproved' : 'changeStepRejected',
      description: input.decision === 'approve' ? `第${input.step}步审批通过${reason ? `：${reason}` : ''}` : `第${input.step}步驳回：${reason ?? ''}`,
      detail: { round: input.round, step: input.step, ...(reason ? { reason } : {}) },
      dedupeKey: `change:${input.flowNo}:${input.round}:${input.step}`,
    });
  });
}

/** A rejection (of a step or of a conflict): back to the submitter with the reason; a staff submitter gets a task. */
export async function returnChange(db: Db, input: { flowNo: string; round: number; reason: string; actor: StaffActor }): Promise<ChangeRowRecord | undefined> {
  return db.transaction().execute(async (trx) => {
    const change = await trx
      .updateTable('supplier_change')
      .set({ status: 'rejected', reason: input.reason, updated_at: new Date() })
      .where('flow_no', '=', input.flowNo)
      .where('round', '=', input.round)
      .where('status', 'in', ['approving', 'conflict'])
      .returningAll()
      .executeTakeFirst();
    if (!change) return undefined;
    await closeChangeTasks(trx, input.flowNo);
    if (change.side === 'staff') {
      await openChangeTask(trx, {
        changeFlowNo: input.flowNo,
        taskNo: changeTaskNo(input.flowNo, input.round, 'submitter'),
        taskType: CHANGE_TASK_TYPE.returned,
        principalJobNumber: change.submitter_id,
      });
    }
    await writeHistory(trx, {
      relation: changeLogOf(input.flowNo),
      actor: input.actor,
      action: 'changeRejected',
      description: `驳回：${input.reason}`,
      detail: { round: input.round, reason: input.reason },
      dedupeKey: `change:${input.flowNo}:${input.round}:rejected`,
    });
    return change;
  });
}

/** The submitter cancelled the change while a step waited. */
export async function cancelChangeRound(db: Db, input: { flowNo: string; round: number; actor: Actor; reason?: string }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('supplier_change')
      .set({ status: 'cancelled', reason: input.reason ?? null, finished_at: new Date(), updated_at: new Date() })
      .where('flow_no', '=', input.flowNo)
      .where('round', '=', input.round)
      .where('status', '=', 'approving')
      .executeTakeFirst();
    if (!done.numUpdatedRows) return;
    await trx.updateTable('supplier_change_step').set({ status: APPROVAL_STATUS.NOTSTART }).where('flow_no', '=', input.flowNo).where('round', '=', input.round).where('status', '=', APPROVAL_STATUS.INPROGRESS).execute();
    await closeChangeTasks(trx, input.flowNo);
    await writeHistory(trx, {
      relation: changeLogOf(input.flowNo),
      actor: input.actor,
      action: 'changeCancelled',
      description: input.reason ? `撤销变更：${input.reason}` : '撤销变更',
      detail: { round: input.round, ...(input.reason ? { reason: input.reason } : {}) },
      dedupeKey: `change:${input.flowNo}:${input.round}:cancelled`,
    });
  });
}

/**
 * The approved change met a master changed since its snapshot: not applied; status conflict; the last
 * approver gets a task to decide it (apply over the newer master, or reject).
 */
export async function recordChangeConflict(db: Db, input: { flowNo: string; round: number }): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const change = await trx
      .updateTable('supplier_change')
      .set({ status: 'conflict', updated_at: new Date() })
      .where('flow_no', '=', input.flowNo)
      .where('round', '=', input.round)
      .where('status', 'in', ['approving', 'conflict'])
      .returningAll()
      .executeTakeFirst();
    if (!change) return undefined;
    const last = await trx
      .selectFrom('supplier_change_step')
      .select(['decided_by_job_number'])
      .where('flow_no', '=', input.flowNo)
      .where('round', '=', input.round)
      .where('decided_by_job_number', 'is not', null)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    const taskNo = changeTaskNo(input.flowNo, input.round, 'conflict');
    await openChangeTask(trx, { changeFlowNo: input.flowNo, taskNo, taskType: CHANGE_TASK_TYPE.approval, principalJobNumber: last.decided_by_job_number! });
    const master = await trx.selectFrom('supplier').select('master_version').where('supplier_no', '=', change.supplier_no).executeTakeFirstOrThrow();
    await writeHistory(trx, {
      relation: changeLogOf(input.flowNo),
      actor: SYSTEM_ACTOR,
      action: 'changeConflict',
      description: `供应商主数据已被修改（版本 ${change.master_version} → ${master.master_version}），变更未生效，待审批人处理`,
      detail: { round: input.round, snapshotVersion: change.master_version, masterVersion: master.master_version },
      dedupeKey: `change:${input.flowNo}:${input.round}:conflict`,
    });
    return taskNo;
  });
}
