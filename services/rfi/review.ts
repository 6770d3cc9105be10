import type { Db, DbOrTrx } from '#db/connection.ts';
import { RFI_STATUS, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { NODE_TASK_NAME } from '#domain/cert-flow/node-principals.ts';
import { RFI_REVIEW_KINDS, RFI_REVIEW_NAME, taskNo, type RfiReviewKind } from '#domain/cert-flow/tasks.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { rfiLogOf, writeHistory } from '#services/history/write-history.ts';
import type { Actor } from '#domain/identity.ts';

/** The RFI node's tasks and what the reviews decide (req rfi §4 "Tasks", req flow §2.4). */

/** The questionnaire's task of a round (REGISTER_RFI): the purchasing manager's, who may re-issue the link. */
export async function ensureQuestionnaireTask(db: DbOrTrx, input: { flowNo: string; applyNo: string; principalJobNumber: string; round: number }) {
  return ensureTask(db, { ...input, nodeCode: 'RFI', taskType: 'REGISTER_RFI', taskName: NODE_TASK_NAME.RFI.zh });
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
  for (const kind of RFI_REVIEW_KINDS) {
    const no = await ensureTask(db, {
      flowNo,
      nodeCode: 'RFI',
      taskType: kind,
      taskName: RFI_REVIEW_NAME[kind].zh,
      principalJobNumber: principals[kind],
      applyNo,
      round,
    });
    tasks.push({ taskNo: no, kind, principal: principals[kind] });
  }
  return { tasks, applyNo, supplierName: flow.supplier_name };
}

/** Closes one review task with its decision and logs it in the RFI change log (relation type 10). */
export async function recordReviewDecision(
  db: Db,
  input: { flowNo: string; round: number; kind: RfiReviewKind; decision: 'pass' | 'reject'; reason?: string; actor: Actor },
) {
  const reviewTaskNo = taskNo(input.flowNo, 'RFI', input.kind, input.round);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cert_task')
      .set({ status: TASK_STATUS.FINISHED, updated_at: new Date() })
      .where('task_no', '=', reviewTaskNo)
      .execute();
    await writeHistory(trx, {
      relation: rfiLogOf(input.flowNo),
      dedupeKey: `rfi-review:${reviewTaskNo}`,
      actor: input.actor,
      action: input.decision === 'pass' ? 'RFI_REVIEW_PASS' : 'RFI_REVIEW_REJECT',
      description:
        input.decision === 'pass' ? `${RFI_REVIEW_NAME[input.kind].zh}通过` : `${RFI_REVIEW_NAME[input.kind].zh}驳回：${input.reason ?? ''}`,
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
      .set({ status: RFI_STATUS.RETURNED, return_reason: input.reason })
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
  await ensureQuestionnaireTask(db, { flowNo: input.flowNo, applyNo: app.apply_no, principalJobNumber: flow.purchase_job_number, round: input.round + 1 });
  return app;
}

export async function markQuestionnairePassed(db: Db, flowNo: string) {
  await db.updateTable('rfi_application').set({ status: RFI_STATUS.PASSED }).where('flow_no', '=', flowNo).execute();
}
