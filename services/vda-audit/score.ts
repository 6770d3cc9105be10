import type { StaffPrincipal } from '#domain/identity.ts';
import type { VdaScoreRequest } from '#domain/vda63/audit.ts';
import { PER_STEP_ELEMENTS } from '#domain/vda63/catalogue.ts';
import { auditFigures, enoughEvaluated } from '#domain/vda63/fulfilment.ts';
import { withParams } from '#domain/messages.ts';
import { badRequest, forbidden, notFound } from '#domain/errors.ts';
import { lockNodeInProgress, type CheckedNode, type NodeCaller } from '#services/cert-flow/node-work.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import type { StaffTaskMailDeps } from '#services/mail/staff-task-mail.ts';
import { loadAudit } from './rows.ts';
import { assignVdaTask, closeVdaTask, mailVdaTask } from './tasks.ts';

/** Only the expert named for the element scores it; 404 for an element outside the audit. */
export const vdaElementExpertOnly: NodeCaller<{ element: string }> = async ({ db, node, staff, ref }) => {
  const row = await db.selectFrom('vda_audit_element').select('expert_job_number').where('flow_no', '=', node.flowNo).where('element', '=', ref.element).executeTakeFirst();
  if (!row) throw notFound('vdaElementOutOfScope');
  if (row.expert_job_number !== staff.jobNumber) throw forbidden('vdaNotYourElement');
};

/**
 * POST /v1/vda-audit/score (req flow §10.2): the element's expert saves its answers — every question of the element
 * the catalogue version has, P6's once per process step of the audit — and, with `submit`, hands the element in:
 * every question answered (scored, or n.e. with its reason) and at least two thirds evaluated. The expert may correct
 * the element until the node completes. Once every element is handed in, the principal gets a task to complete.
 */
export async function saveVdaScores(deps: StaffTaskMailDeps, node: CheckedNode, input: VdaScoreRequest, staff: StaffPrincipal): Promise<void> {
  const { db } = deps;
  const { flowNo } = node;
  const loaded = await loadAudit(db, flowNo);
  const element = loaded.catalogue.elements.find((e) => e.code === input.element)!;
  const steps = PER_STEP_ELEMENTS.includes(input.element) ? loaded.audit.steps : [''];
  const issues: Record<string, string> = {};
  const seen = new Set<string>();
  input.answers.forEach((a, i) => {
    if (!element.questions.some((x) => x.id === a.questionId)) issues[`answers.${i}.questionId`] = 'vdaQuestionNotInElement';
    else if (!steps.includes(a.step)) issues[`answers.${i}.step`] = 'vdaStepUnknown';
    else if (seen.has(`${a.questionId}@${a.step}`)) issues[`answers.${i}.questionId`] = withParams('duplicateRow', { code: a.questionId });
    seen.add(`${a.questionId}@${a.step}`);
  });
  if (Object.keys(issues).length) throw badRequest('invalidInput', issues);
  if (input.submit) {
    const missing = element.questions.filter((x) => steps.some((s) => !seen.has(`${x.id}@${s}`))).map((x) => x.id);
    if (missing.length) throw badRequest(withParams('vdaNotAnswered', { questions: missing.join(', ') }), { answers: withParams('vdaNotAnswered', { questions: missing.join(', ') }) });
    const evaluations = input.answers.map((a) => ({ questionId: a.questionId, step: a.step || null, score: a.score }));
    const figure = auditFigures(element.questions, evaluations).elements[input.element]!;
    if (!enoughEvaluated(figure)) throw badRequest(withParams('vdaTooFewEvaluated', { element: input.element }), { answers: withParams('vdaTooFewEvaluated', { element: input.element }) });
  }
  const documents = await Promise.all(input.answers.map((a, i) => requireStoredDocuments(db, { kind: 'staff', flowNo }, `answers.${i}.documentList`, a.documentList)));

  const closer = await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, flowNo, 'SYSTEM_CERT');
    const mine = await trx
      .updateTable('vda_audit_element')
      .set(input.submit ? { submitted: true, submitted_at: new Date() } : { expert_job_number: staff.jobNumber })
      .where('flow_no', '=', flowNo)
      .where('element', '=', input.element)
      // Re-checked in the write: experts re-chosen meanwhile win over a stale one.
      .where('expert_job_number', '=', staff.jobNumber)
      .returning('submitted')
      .executeTakeFirst();
    if (!mine) throw forbidden('vdaNotYourElement');
    await trx.deleteFrom('vda_answer').where('flow_no', '=', flowNo).where('question_id', 'like', `${input.element}.%`).execute();
    if (input.answers.length) {
      await trx
        .insertInto('vda_answer')
        .values(
          input.answers.map((a, i) => ({
            flow_no: flowNo,
            question_id: a.questionId,
            step: a.step,
            score: a.score,
            finding: a.finding ?? null,
            documents: JSON.stringify(documents[i]),
            updated_by: staff.jobNumber,
          })),
        )
        .execute();
    }
    if (!input.submit) return undefined;
    const scored = input.answers.filter((a) => a.score !== null);
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'VDA_AUDIT_SCORE',
      description: `提交 VDA 6.3 过程要素 ${input.element} 评分（评价 ${scored.length} 项）`,
      detail: { nodeCode: 'SYSTEM_CERT', element: input.element, evaluated: scored.length },
    });
    await closeVdaTask(trx, flowNo, 'VDA_AUDIT_SCORE', input.element);
    const open = await trx.selectFrom('vda_audit_element').select('element').where('flow_no', '=', flowNo).where('submitted', '=', false).execute();
    if (open.length || !node.task?.principalJobNumber) return undefined;
    await assignVdaTask(trx, flowNo, 'VDA_AUDIT_CLOSE', '', node.task.principalJobNumber);
    return node.task.principalJobNumber;
  });
  if (closer) await mailVdaTask(deps, flowNo, 'VDA_AUDIT_CLOSE', '', closer);
}
