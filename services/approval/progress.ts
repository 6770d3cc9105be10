import type { Db, DbOrTrx } from '#db/connection.ts';
import { APPROVAL_STATUS, LIFE_CYCLE, RELEASE_STATUS, type ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import { APPROVAL_TASK_NAME, APPROVER_ROLES, approvalNoOf, approvalTaskNo, type ApprovalOutcome, type Approver } from '#domain/cert-flow/approvals.ts';
import { RESPONSIBILITY_NAME } from '#domain/cert-flow/node-principals.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { SYSTEM_ACTOR, type Actor, type StaffActor } from '#domain/identity.ts';
import { withParams } from '#domain/messages.ts';
import { describeHistory } from '#domain/history-text.ts';
import { conflict } from '#domain/errors.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { flowLogOf, writeHistory, type HistoryEntry } from '#services/history/write-history.ts';
import { currentSubject } from './subject.ts';
import { closeErpRefusalTasks } from '#services/release/erp-refusal-task.ts';
import { releaseWriteNode } from '#services/release/release-row.ts';

/**
 * The approval's writes, run by the approval activities (architecture §4: the workflow decides, the DB
 * records). Every write is idempotent — derived keys, `on conflict do nothing`, updates conditioned
 * on the state they change — so Temporal may retry any of them.
 */

/**
 * Opens round `round` of an approval: the approvers (refused, before anything is written, when a
 * role has no holder), the approval with its steps, and the application marked in approval
 * (high potential: in progress; supplier code: submitted, req flow §4.5).
 */
export async function openApproval(
  db: Db,
  input: { flowNo: string; kind: ApprovalKind; round: number; actor: StaffActor },
): Promise<{ approvalNo: string; approvers: Approver[] }> {
  const { flowNo, kind, round, actor } = input;
  const approvers: Approver[] = [];
  for (const role of APPROVER_ROLES[kind]) {
    const holder = await db.selectFrom('cert_flow_role').select(['job_number', 'name']).where('flow_no', '=', flowNo).where('role', '=', role).executeTakeFirst();
    if (!holder) throw conflict(withParams('approverMissing', { roleZh: RESPONSIBILITY_NAME[role].zh, roleEn: RESPONSIBILITY_NAME[role].en }));
    approvers.push({ role, jobNumber: holder.job_number, name: holder.name });
  }
  const approvalNo = approvalNoOf(flowNo, kind, round);
  await db.transaction().execute(async (trx) => {
    const marked =
      kind === 'HIGH_POTENTIAL'
        ? await trx
            .updateTable('high_potential_application')
            .set({ status: APPROVAL_STATUS.INPROGRESS, approval_no: approvalNo, bpm_remark: null, updated_at: new Date() })
            .where('flow_no', '=', flowNo)
            .executeTakeFirst()
        : await trx
            .updateTable('supplier_release')
            .set({ status: RELEASE_STATUS.SUBMITTED, approval_no: approvalNo, sap_result: null, submitted_at: new Date(), updated_at: new Date() })
            .where('flow_no', '=', flowNo)
            .executeTakeFirst();
    if (!marked.numUpdatedRows) throw conflict('applicationMissing');
    // A resubmission answers an ERP refusal of an earlier round.
    if (kind === 'SUPPLIER_CODE') await closeErpRefusalTasks(trx, flowNo);
    const subject = JSON.stringify(await currentSubject(trx, flowNo, kind));
    await trx
      .insertInto('flow_approval')
      .values({ approval_no: approvalNo, flow_no: flowNo, kind, round, status: APPROVAL_STATUS.INPROGRESS, started_by: actor.jobNumber, subject })
      .onConflict((oc) => oc.column('approval_no').doNothing())
      .execute();
    await trx
      .insertInto('flow_approval_step')
      .values(approvers.map((a, i) => ({ approval_no: approvalNo, step: i + 1, role: a.role, job_number: a.jobNumber, name: a.name })))
      .onConflict((oc) => oc.columns(['approval_no', 'step']).doNothing())
      .execute();
    await writeHistory(trx, logEntry('APPROVAL_START', { kind, round, approvalNo }, { flowNo, actor, dedupeKey: `approval-start:${approvalNo}` }));
  });
  return { approvalNo, approvers };
}

/**
 * A step's turn: its approver's task (type APPROVAL, apply_no = the approval number) at the node the
 * application is worked at: KCP2, or RELEASE for a supplier code applied for there.
 */
export async function openApprovalStep(
  db: Db,
  input: { flowNo: string; kind: ApprovalKind; approvalNo: string; step: number; approver: Approver },
): Promise<string> {
  const taskNo = approvalTaskNo(input.approvalNo, input.step);
  const nodeCode = input.kind === 'SUPPLIER_CODE' ? await releaseWriteNode(db, input.flowNo) : 'KCP2';
  await db.transaction().execute(async (trx) => {
    await ensureTask(trx, {
      flowNo: input.flowNo,
      nodeCode,
      taskType: 'APPROVAL',
      taskName: APPROVAL_TASK_NAME[input.kind].zh,
      principalJobNumber: input.approver.jobNumber,
      applyNo: input.approvalNo,
      taskNo,
    });
    await trx
      .updateTable('flow_approval_step')
      .set({ task_no: taskNo, opened_at: new Date() })
      .where('approval_no', '=', input.approvalNo)
      .where('step', '=', input.step)
      .where('task_no', 'is', null)
      .execute();
  });
  return taskNo;
}

/** An approver decided: the step, its task finished, the remark (bpmRemark) and the change log, together. */
export async function recordApprovalDecision(
  db: Db,
  input: { flowNo: string; kind: ApprovalKind; approvalNo: string; step: number; decision: 'pass' | 'reject'; reason?: string; actor: StaffActor },
): Promise<void> {
  const { flowNo, kind, approvalNo, step, decision, actor } = input;
  const reason = input.reason?.trim() || null;
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const recorded = await trx
      .updateTable('flow_approval_step')
      .set({ decision, reason, decided_at: now })
      .where('approval_no', '=', approvalNo)
      .where('step', '=', step)
      .where('decision', 'is', null)
      .executeTakeFirst();
    if (!recorded.numUpdatedRows) return;
    await trx
      .updateTable('cert_task')
      .set({ status: TASK_STATUS.FINISHED, end_time: now, updated_at: now })
      .where('task_no', '=', approvalTaskNo(approvalNo, step))
      .execute();
    if (reason) await trx.updateTable('flow_approval').set({ remark: reason }).where('approval_no', '=', approvalNo).execute();
    const action = decision === 'pass' ? 'APPROVAL_PASS' : 'APPROVAL_REJECT';
    const detail = { kind, approvalNo, step, ...(reason ? { reason } : {}) };
    await writeHistory(trx, { ...logEntry(action, detail, { flowNo, actor, dedupeKey: `approval:${approvalNo}:${step}` }), at: now });
  });
}

/** The approval was cancelled (its flow ended): its open step's task leaves the approver's list. */
export async function closeApprovalTasks(db: DbOrTrx, approvalNo: string): Promise<void> {
  await db
    .updateTable('cert_task')
    .set({ status: TASK_STATUS.FINISHED, updated_at: new Date() })
    .where('task_type', '=', 'APPROVAL')
    .where('apply_no', '=', approvalNo)
    .where('status', '!=', TASK_STATUS.FINISHED)
    .execute();
}

/**
 * How the approval ended, applied to the application (req flow §3.6, §4.5): high potential finished
 * marks the flow's life cycle high potential (1), else rejected; a supplier code rejected puts the
 * release form back to rejected (30) for correction. An approved supplier code is only recorded here:
 * the release stays submitted (20) until the ERP has answered. Only the approval's own round is
 * touched, so a late retry never overwrites a newer round.
 */
export async function applyApprovalOutcome(
  db: Db,
  input: { flowNo: string; kind: ApprovalKind; approvalNo: string; outcome: ApprovalOutcome },
): Promise<void> {
  const { flowNo, kind, approvalNo, outcome } = input;
  const now = new Date();
  const status = outcome === 'approved' ? APPROVAL_STATUS.FINISHED : APPROVAL_STATUS.REJECT;
  await db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable('flow_approval')
      .set({ status, outcome, finished_at: now })
      .where('approval_no', '=', approvalNo)
      .where('outcome', 'is', null)
      .returning('remark')
      .executeTakeFirst();
    if (!ended) return;
    await closeApprovalTasks(trx, approvalNo);
    if (kind === 'HIGH_POTENTIAL') {
      await trx
        .updateTable('high_potential_application')
        .set({ status, bpm_remark: ended.remark, updated_at: now })
        .where('flow_no', '=', flowNo)
        .where('approval_no', '=', approvalNo)
        .execute();
      if (outcome === 'approved') await trx.updateTable('cert_flow').set({ life_cycle: LIFE_CYCLE.HIGH_POTENTIAL, updated_at: now }).where('flow_no', '=', flowNo).execute();
    } else if (outcome !== 'approved') {
      await trx
        .updateTable('supplier_release')
        .set({ status: RELEASE_STATUS.REJECTED, updated_at: now })
        .where('flow_no', '=', flowNo)
        .where('approval_no', '=', approvalNo)
        .where('status', '=', RELEASE_STATUS.SUBMITTED)
        .execute();
    }
    const detail = { kind, approvalNo, outcome };
    await writeHistory(trx, { ...logEntry('APPROVAL_END', detail, { flowNo, actor: SYSTEM_ACTOR, dedupeKey: `approval-end:${approvalNo}` }), at: now });
  });
}

/** A change-log row of the approval; its stored text is the zh rendering of its action (domain/history-text.ts). */
function logEntry(action: string, detail: Record<string, unknown>, ref: { flowNo: string; actor: Actor; dedupeKey: string }): HistoryEntry {
  return { relation: flowLogOf(ref.flowNo), dedupeKey: ref.dedupeKey, actor: ref.actor, action, description: describeHistory(action, detail, 'zh', action), detail };
}
