import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import type { VdaActionCloseRequest, VdaActionRequest } from '#domain/vda63/audit.ts';
import { elementOf } from '#domain/vda63/catalogue.ts';
import { wireDay } from '#domain/date-time.ts';
import { badRequest, conflict, forbidden, notFound } from '#domain/errors.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { auditActionMail } from '#adapters/mail/templates.ts';
import { lockNodeInProgress, type CheckedNode, type NodeCaller } from '#services/cert-flow/node-work.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import type { StaffTaskMailDeps } from '#services/mail/staff-task-mail.ts';
import { closeVdaTask } from './tasks.ts';

/** The portal page where the supplier answers its action items. */
export const PORTAL_AUDIT_ACTIONS_PATH = '/client/portal/audit-actions';

/** Action items are the business of the expert of the question's element. */
export const vdaQuestionExpertOnly: NodeCaller<{ questionId: string }> = async ({ db, node, staff, ref }) => {
  const row = await db.selectFrom('vda_audit_element').select('expert_job_number').where('flow_no', '=', node.flowNo).where('element', '=', elementOf(ref.questionId)).executeTakeFirst();
  if (!row) throw notFound('vdaElementOutOfScope');
  if (row.expert_job_number !== staff.jobNumber) throw forbidden('vdaNotYourElement');
};

/**
 * POST /v1/vda-audit/action (req flow §10.4): a finding scored below 10 becomes an action item for an owner on the
 * supplier's side with a due date; the owner is mailed a link to the portal. One per finding.
 */
export async function createVdaAction(deps: StaffTaskMailDeps, node: CheckedNode, input: VdaActionRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { flowNo } = node;
  if (input.dueDate < wireDay(new Date())) throw badRequest('invalidInput', { dueDate: 'vdaActionDueInPast' });
  const id = await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, 'SYSTEM_CERT');
    const answer = await trx
      .selectFrom('vda_answer')
      .select(['score', 'finding'])
      .where('flow_no', '=', flowNo)
      .where('question_id', '=', input.questionId)
      .where('step', '=', input.step)
      .executeTakeFirst();
    if (!answer || answer.score === null || answer.score >= 10 || !answer.finding) throw badRequest('invalidInput', { questionId: 'vdaNoFinding' });
    const inserted = await trx
      .insertInto('vda_action')
      .values({
        flow_no: flowNo,
        question_id: input.questionId,
        step: input.step,
        finding: answer.finding,
        measure: input.measure,
        owner_name: input.ownerName,
        owner_email: input.ownerEmail,
        due_date: input.dueDate,
        created_by: staff.jobNumber,
      })
      .onConflict((oc) => oc.columns(['flow_no', 'question_id', 'step']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw conflict('vdaActionExists');
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'VDA_ACTION_CREATED',
      description: `VDA 6.3 措施项：${input.questionId}${input.step ? `（${input.step}）` : ''}，责任人 ${input.ownerName}，完成日期 ${input.dueDate}`,
      detail: { nodeCode: 'SYSTEM_CERT', questionId: input.questionId, step: input.step, dueDate: input.dueDate },
    });
    return inserted.id;
  });
  const flow = await db.selectFrom('cert_flow').select(['supplier_name', 'locale']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  const locale = (flow.locale === 'en' ? 'en' : 'zh') as Locale;
  const mail = auditActionMail({
    supplierName: flow.supplier_name,
    questionId: input.questionId,
    finding: (await db.selectFrom('vda_action').select('finding').where('id', '=', id).executeTakeFirstOrThrow()).finding,
    measure: input.measure,
    dueDate: input.dueDate,
    link: `${deps.publicUrl.replace(/\/$/, '')}${PORTAL_AUDIT_ACTIONS_PATH}`,
    locale,
  });
  await deps.mailer.send({ dedupeKey: `vda-action:${id}`, to: input.ownerEmail, locale, ...mail });
}

/**
 * POST /v1/vda-audit/action-close (req flow §10.4): the expert of the item's element closes an answered action item,
 * or returns it to the supplier with a comment (open again, the answer kept for reference). Items outlive the node:
 * they are carried to KCP2, so this works while the flow runs, not only while the node is open.
 */
export async function closeVdaAction(deps: StaffTaskMailDeps, input: VdaActionCloseRequest, staff: StaffPrincipal): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('vda_action as a')
      .innerJoin('cert_flow as f', 'f.flow_no', 'a.flow_no')
      .innerJoin('vda_audit_element as e', (j) => j.onRef('e.flow_no', '=', 'a.flow_no').on((eb) => eb('e.element', '=', eb.fn<string>('split_part', [eb.ref('a.question_id'), eb.val('.'), eb.val(1)]))))
      .select(['a.status', 'a.question_id', 'f.stage', 'e.expert_job_number'])
      .where('a.id', '=', input.actionId)
      .where('a.flow_no', '=', input.flowNo)
      .forUpdate('a')
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.expert_job_number !== staff.jobNumber) throw forbidden('vdaNotYourElement');
    if (row.stage === STAGE.TERMINATED || row.stage === STAGE.FINISHED) throw conflict('flowEnded');
    if (row.status !== 'ANSWERED') throw conflict('vdaActionNotAnswered');
    const close = input.decision === 'CLOSE';
    await trx
      .updateTable('vda_action')
      .set(close ? { status: 'CLOSED', closed_by: staff.jobNumber, closed_at: new Date() } : { status: 'OPEN', return_comment: input.comment ?? null })
      .where('id', '=', input.actionId)
      .execute();
    await closeVdaTask(trx, input.flowNo, 'VDA_ACTION_ANSWERED', String(input.actionId));
    await writeHistory(trx, {
      relation: flowLogOf(input.flowNo),
      actor: staff,
      action: close ? 'VDA_ACTION_CLOSED' : 'VDA_ACTION_RETURNED',
      description: close ? `关闭 VDA 6.3 措施项 ${row.question_id}` : `退回 VDA 6.3 措施项 ${row.question_id}：${input.comment}`,
      detail: { nodeCode: 'SYSTEM_CERT', actionId: input.actionId, questionId: row.question_id },
    });
  });
}
