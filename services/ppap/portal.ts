import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { PortalPrincipal } from '#domain/identity.ts';
import { PSW_ELEMENT, requiredElements, type PpapDetail, type PpapElementSubmitRequest, type PpapLevel, type PpapWarrantRequest } from '#domain/ppap/ppap.ts';
import { withParams } from '#domain/messages.ts';
import { badRequest, conflict, forbidden } from '#domain/errors.ts';
import { loadNode, lockNodeInProgress } from '#services/cert-flow/node-work.ts';
import { requireStoredDocuments } from '#services/files/stored-documents.ts';
import { portalFileOwnerId } from '#services/files/file-owner.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import type { DbOrTrx } from '#db/connection.ts';
import type { Transaction } from 'kysely';
import type { Database } from '#db/schema.ts';
import { loadSubmission, toDetail } from './rows.ts';

/** The supplier's side of a PPAP submission (portal session, req flow §11.2): its own flows only. */
export const PORTAL_PPAP_PATH = '/client/portal/ppap';

function requireOwnFlow(portal: PortalPrincipal, flowNo: string): void {
  if (!portal.flowNos.includes(flowNo)) throw forbidden();
}

export async function portalPpapDetail(db: Db, portal: PortalPrincipal, flowNo: string, locale: Locale): Promise<PpapDetail> {
  requireOwnFlow(portal, flowNo);
  const loaded = await loadSubmission(db, flowNo);
  const node = await loadNode(db, flowNo, 'SAMPLE_CERT');
  const flow = await db.selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  return toDetail(loaded, { supplierName: flow.supplier_name, nodeStatus: node.status, mayAct: true, locale });
}

const actor = (portal: PortalPrincipal) => ({ id: portalFileOwnerId(portal.accountId), name: portal.supplierName });

/** The element row a supplier writes, locked with the node in progress; the level must ask for it, and not yet accepted. */
async function lockWritableElement(trx: Transaction<Database>, flowNo: string, element: string): Promise<void> {
  await lockNodeInProgress(trx, flowNo, 'SAMPLE_CERT');
  const { level } = await trx.selectFrom('ppap_submission').select('level').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  if (!requiredElements(level as PpapLevel).includes(element)) throw badRequest('invalidInput', { element: withParams('ppapElementNotInLevel', { level }) });
  const row = await trx.selectFrom('ppap_element').select('status').where('flow_no', '=', flowNo).where('element', '=', element).executeTakeFirst();
  if (row?.status === 'ACCEPTED') throw conflict('ppapElementAccepted');
}

async function submitElement(trx: DbOrTrx, flowNo: string, element: string, documents: unknown[]): Promise<void> {
  const values = { status: 'SUBMITTED' as const, documents: JSON.stringify(documents), return_reason: null, submitted_at: new Date() };
  await trx
    .insertInto('ppap_element')
    .values({ flow_no: flowNo, element, ...values })
    .onConflict((oc) => oc.columns(['flow_no', 'element']).doUpdateSet(values))
    .execute();
}

/** POST /api/v1/portal/ppap/element: one element the level asks for, with its files; a returned one again. */
export async function submitPpapElement(db: Db, portal: PortalPrincipal, input: PpapElementSubmitRequest): Promise<void> {
  requireOwnFlow(portal, input.flowNo);
  if (input.element === PSW_ELEMENT) throw badRequest('invalidInput', { element: 'invalidValue' });
  const documents = await requireStoredDocuments(db, { kind: 'supplier', ownerId: portalFileOwnerId(portal.accountId) }, 'documentList', input.documentList);
  await db.transaction().execute(async (trx) => {
    await lockWritableElement(trx, input.flowNo, input.element);
    await submitElement(trx, input.flowNo, input.element, documents);
    await writeHistory(trx, {
      relation: flowLogOf(input.flowNo),
      actor: actor(portal),
      action: 'PPAP_ELEMENT_SUBMITTED',
      description: `供应商提交 PPAP 要素：${input.element}`,
      detail: { nodeCode: 'SAMPLE_CERT', element: input.element },
    });
  });
}

/** POST /api/v1/portal/ppap/warrant: the Part Submission Warrant's fields, which submit element 18. */
export async function submitPpapWarrant(db: Db, portal: PortalPrincipal, input: PpapWarrantRequest): Promise<void> {
  requireOwnFlow(portal, input.flowNo);
  const documents = await requireStoredDocuments(db, { kind: 'supplier', ownerId: portalFileOwnerId(portal.accountId) }, 'documentList', input.documentList);
  await db.transaction().execute(async (trx) => {
    await lockWritableElement(trx, input.flowNo, PSW_ELEMENT);
    await trx
      .updateTable('ppap_submission')
      .set({
        part_number: input.partNumber,
        drawing_change_level: input.drawingChangeLevel,
        reason: input.reason,
        reason_other: input.reasonOther ?? null,
        declaration: true,
        updated_at: new Date(),
      })
      .where('flow_no', '=', input.flowNo)
      .execute();
    await submitElement(trx, input.flowNo, PSW_ELEMENT, documents);
    await writeHistory(trx, {
      relation: flowLogOf(input.flowNo),
      actor: actor(portal),
      action: 'PPAP_WARRANT_SUBMITTED',
      description: `供应商提交零件提交保证书：零件号 ${input.partNumber}，图纸变更等级 ${input.drawingChangeLevel}`,
      detail: { nodeCode: 'SAMPLE_CERT', partNumber: input.partNumber, drawingChangeLevel: input.drawingChangeLevel, reason: input.reason },
    });
  });
}
