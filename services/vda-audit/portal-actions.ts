import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { PortalPrincipal } from '#domain/identity.ts';
import type { VdaAction, VdaActionAnswerRequest } from '#domain/vda63/audit.ts';
import { elementOf } from '#domain/vda63/catalogue.ts';
import { conflict, forbidden, notFound } from '#domain/errors.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import { portalFileOwnerId } from '#services/files/file-owner.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import type { StaffTaskMailDeps } from '#services/mail/staff-task-mail.ts';
import { actionRows, toActions } from './actions-read.ts';
import { assignVdaTask, mailVdaTask } from './tasks.ts';

/** The supplier's side of the action items (portal session): its own flows' only (req flow §10.4). */

export async function portalVdaActions(db: Db, portal: PortalPrincipal, locale: Locale): Promise<VdaAction[]> {
  return toActions(db, await actionRows(db, { flowNos: portal.flowNos }), locale);
}

/**
 * POST /api/v1/portal/vda-actions/answer: the measure taken and its evidence, for an open action item of one of the
 * account's flows; the element's expert gets a task to close or return it. 404 unknown, 403 another's flow.
 */
export async function answerVdaAction(deps: StaffTaskMailDeps, portal: PortalPrincipal, input: VdaActionAnswerRequest): Promise<void> {
  const { db } = deps;
  const row = await db
    .selectFrom('vda_action as a')
    .innerJoin('cert_flow as f', 'f.flow_no', 'a.flow_no')
    .select(['a.flow_no', 'a.question_id', 'f.stage'])
    .where('a.id', '=', input.actionId)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!portal.flowNos.includes(row.flow_no)) throw forbidden();
  if (row.stage === STAGE.TERMINATED || row.stage === STAGE.FINISHED) throw conflict('flowEnded');
  const documents = await requireStoredDocuments(db, { kind: 'supplier', ownerId: portalFileOwnerId(portal.accountId) }, 'documentList', input.documentList);
  const expert = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('vda_action')
      .set({ status: 'ANSWERED', answer: input.answer, answer_documents: JSON.stringify(documents), answered_at: new Date() })
      .where('id', '=', input.actionId)
      .where('status', '=', 'OPEN')
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) throw conflict('vdaActionNotOpen');
    await writeHistory(trx, {
      relation: flowLogOf(row.flow_no),
      actor: { id: portalFileOwnerId(portal.accountId), name: portal.supplierName },
      action: 'VDA_ACTION_ANSWERED',
      description: `供应商答复 VDA 6.3 措施项 ${row.question_id}`,
      detail: { nodeCode: 'SYSTEM_CERT', actionId: input.actionId, questionId: row.question_id },
    });
    const owner = await trx.selectFrom('vda_audit_element').select('expert_job_number').where('flow_no', '=', row.flow_no).where('element', '=', elementOf(row.question_id)).executeTakeFirst();
    if (owner?.expert_job_number) await assignVdaTask(trx, row.flow_no, 'VDA_ACTION_ANSWERED', String(input.actionId), owner.expert_job_number);
    return owner?.expert_job_number ?? null;
  });
  if (expert) await mailVdaTask(deps, row.flow_no, 'VDA_ACTION_ANSWERED', String(input.actionId), expert);
}
