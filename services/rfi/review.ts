import type { Db } from '#db/connection.ts';
import { RELATION_TYPE, RFI_STATUS, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import type { Actor } from '#domain/identity.ts';

/** Review tasks of the RFI node and what they decide (spec 1 §4 "Tasks", spec 2 §2.4). */

export const RFI_REVIEW_TASK_NAMES = { PURCHASE_REVIEW: '采购审核', CMT_REVIEW: 'CMT审核' } as const;
export type RfiReviewKind = keyof typeof RFI_REVIEW_TASK_NAMES;

export function reviewTaskNo(flowNo: string, kind: RfiReviewKind, round: number): string {
  return `${flowNo}-RFI-${kind}${round > 1 ? `-${round}` : ''}`;
}

async function rfiLog(db: Db, e: { flowNo: string; dedupeKey: string; actor: Actor; action: string; description: string; detail?: Record<string, unknown> }) {
  await db
    .insertInto('operation_history')
    .values({
      relation_type: RELATION_TYPE.RFI_LOG,
      relation_code: e.flowNo,
      dedupe_key: e.dedupeKey,
      operator_id: e.actor.id,
      operator_name: e.actor.name,
      action: e.action,
      description: e.description,
      detail: e.detail ? JSON.stringify(e.detail) : null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** Opens both reviews of a round: one task for purchasing, one for the CMT leader. */
export async function openRfiReviewTasks(db: Db, flowNo: string, round: number) {
  const flow = await db
    .selectFrom('cert_flow')
    .select(['purchase_job_number', 'cmt_leader_job_number', 'supplier_name', 'flow_no'])
    .where('flow_no', '=', flowNo)
    .executeTakeFirstOrThrow();
  const applyNo = (await db.selectFrom('rfi_application').select('apply_no').where('flow_no', '=', flowNo).executeTakeFirstOrThrow()).apply_no;
  const principals: Record<RfiReviewKind, string> = { PURCHASE_REVIEW: flow.purchase_job_number, CMT_REVIEW: flow.cmt_leader_job_number };
  const tasks = [];
  for (const kind of Object.keys(principals) as RfiReviewKind[]) {
    const taskNo = await ensureTask(db, {
      flowNo,
      nodeCode: 'RFI',
      taskType: kind,
      taskName: RFI_REVIEW_TASK_NAMES[kind],
      principalJobNumber: principals[kind],
      applyNo,
      round,
    });
    tasks.push({ taskNo, kind, principal: principals[kind] });
  }
  return { tasks, applyNo, supplierName: flow.supplier_name };
}

/** Closes one review task with its decision and logs it in the RFI change log (relation type 10). */
export async function recordReviewDecision(
  db: Db,
  input: { flowNo: string; round: number; kind: RfiReviewKind; decision: 'pass' | 'reject'; reason?: string; actor: Actor },
) {
  const taskNo = reviewTaskNo(input.flowNo, input.kind, input.round);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cert_task')
      .set({ status: TASK_STATUS.FINISHED, updated_at: new Date() })
      .where('task_no', '=', taskNo)
      .execute();
    await rfiLog(trx, {
      flowNo: input.flowNo,
      dedupeKey: `rfi-review:${taskNo}`,
      actor: input.actor,
      action: input.decision === 'pass' ? 'RFI_REVIEW_PASS' : 'RFI_REVIEW_REJECT',
      description:
        input.decision === 'pass' ? `${RFI_REVIEW_TASK_NAMES[input.kind]}通过` : `${RFI_REVIEW_TASK_NAMES[input.kind]}驳回：${input.reason ?? ''}`,
      detail: { kind: input.kind, round: input.round, ...(input.reason ? { reason: input.reason } : {}) },
    });
  });
}

/**
 * Returns the questionnaire to the supplier: editable again, the other review of the round
 * closed, a new REGISTER_RFI task for the next round.
 */
export async function returnQuestionnaire(db: Db, input: { flowNo: string; round: number; reason: string; actor?: Actor }) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('rfi_application')
      .set({ status: RFI_STATUS.RETURNED })
      .where('flow_no', '=', input.flowNo)
      .where('status', '=', RFI_STATUS.SUBMITTED)
      .execute();
    await trx
      .updateTable('cert_task')
      .set({ status: TASK_STATUS.FINISHED, updated_at: new Date() })
      .where('flow_no', '=', input.flowNo)
      .where('node_code', '=', 'RFI')
      .where('status', '!=', TASK_STATUS.FINISHED)
      .execute();
  });
  const flow = await db.selectFrom('cert_flow').select(['purchase_job_number']).where('flow_no', '=', input.flowNo).executeTakeFirstOrThrow();
  const app = await db.selectFrom('rfi_application').select(['apply_no', 'email', 'locale', 'invite_seq']).where('flow_no', '=', input.flowNo).executeTakeFirstOrThrow();
  await ensureTask(db, {
    flowNo: input.flowNo,
    nodeCode: 'RFI',
    taskType: 'REGISTER_RFI',
    taskName: 'RFI',
    principalJobNumber: flow.purchase_job_number,
    applyNo: app.apply_no,
    round: input.round + 1,
  });
  return app;
}

export async function markQuestionnairePassed(db: Db, flowNo: string) {
  await db.updateTable('rfi_application').set({ status: RFI_STATUS.PASSED }).where('flow_no', '=', flowNo).execute();
}
