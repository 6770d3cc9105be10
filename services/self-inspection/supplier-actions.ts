import type { PortalPrincipal } from '#domain/identity.ts';
import { SELF_INSPECTION } from '#domain/contracts/self-inspection.ts';
import { conflict, forbidden, notFound } from '#domain/errors.ts';
import type { Locale } from '#domain/i18n.ts';
import type { Page } from '#domain/fields.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { fileKeyOf } from '#domain/cert-flow/documents.ts';
import { SUPPLIER_COLLABORATION_ROLE } from '#domain/supplier-portal/roles.ts';
import { FILE_TEMPLATES } from '#domain/file-templates.ts';
import {
  APPROVE_STATUS,
  SELF_INSPECTION_TEMPLATE_KEY,
  type ApproveStatus,
  type ChecklistPageRequest,
  type ChecklistSubmitRequest,
  type SupplierChecklistRow,
} from '#domain/cert-flow/nodes/self-inspection.ts';
import { openFileOfRecord, type OpenedFile } from '#services/files/download.ts';
import { loadNode, lockNodeInProgress, requireInProgress } from '#services/cert-flow/node-work.ts';
import type { Db } from '#db/connection.ts';
import type { SelfInspectionDeps } from './deps.ts';
import { requireStoredFile } from '#services/files/stored-documents.ts';
import { portalFileOwnerId } from '#services/files/file-owner.ts';
import { mailRowOwner } from './notify.ts';
import { dimensionName, isUuid, lockRow, scoreOf, statusLabels, type ItemRow } from './rows.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { openAuditTask } from './tasks.ts';

/**
 * The supplier's side of the self-inspection (portal session): its own flows' issued rows only.
 * A row of another flow is refused (403); rows not yet issued do not exist for the supplier.
 */

const supplierFileOwner = (portal: PortalPrincipal) => portalFileOwnerId(portal.accountId);
const actorOf = (portal: PortalPrincipal) => ({ id: supplierFileOwner(portal), name: portal.supplierName });

function requireOwnFlow(portal: PortalPrincipal, flowNo: string): void {
  if (!portal.flowNos.includes(flowNo)) throw forbidden();
}

/** The issued template's download through the portal (a staff upload the supplier may not fetch directly). */
function templateDownloadPath(aid: string): string {
  return `${SELF_INSPECTION.template.path}?${new URLSearchParams({ aid })}`;
}

const hasCollaborationRole = (portal: PortalPrincipal) => portal.roles.includes(SUPPLIER_COLLABORATION_ROLE);

function toSupplierRow(row: ItemRow, locale: Locale, label: (s: number) => string, nodeOpen: boolean, canSubmit: boolean): SupplierChecklistRow {
  const status = row.approve_status as ApproveStatus;
  const returned = status === APPROVE_STATUS.AWAITING_SUPPLIER && row.reject_count > 0;
  return {
    aid: row.aid,
    flowNo: row.flow_no,
    dimensionCode: row.dimension_code,
    dimensionDesc: dimensionName(row, locale),
    approveStatus: status,
    approveStatusStr: label(status),
    modelName: FILE_TEMPLATES[SELF_INSPECTION_TEMPLATE_KEY][locale],
    modelUrl: row.model_url,
    templateName: row.template_name,
    templateDownloadUrl: row.template_url ? templateDownloadPath(row.aid) : null,
    documentName: row.document_name,
    documentUrl: row.document_url,
    selfScore: scoreOf(row),
    // Only the opinion that sent the row back to the supplier; approval remarks stay internal.
    rejectOpinion: returned ? row.approve_opinion : null,
    submittable: nodeOpen && status === APPROVE_STATUS.AWAITING_SUPPLIER,
    hasCollaborationRole: canSubmit,
  };
}

async function nodeOpen(db: Db, flowNo: string): Promise<boolean> {
  return (await loadNode(db, flowNo, 'SELF_INSPECTION')).status === NODE_STATUS.IN_PROGRESS;
}

/** An issued row of one of the account's flows; 404 for unknown or unissued rows, 403 for others' flows. */
async function issuedRow(db: Db, portal: PortalPrincipal, aid: string): Promise<ItemRow> {
  const row = isUuid(aid) ? await db.selectFrom('self_inspection_item').selectAll().where('aid', '=', aid).executeTakeFirst() : undefined;
  if (!row) throw notFound();
  requireOwnFlow(portal, row.flow_no);
  if (row.approve_status === APPROVE_STATUS.AWAITING_ISSUE) throw notFound();
  return row;
}

/** POST /v1/self-inspection/checklist/page. */
export async function supplierChecklistPage(db: Db, portal: PortalPrincipal, q: ChecklistPageRequest, locale: Locale): Promise<Page<SupplierChecklistRow>> {
  requireOwnFlow(portal, q.flowNo);
  const base = db
    .selectFrom('self_inspection_item')
    .where('flow_no', '=', q.flowNo)
    .where('approve_status', '!=', APPROVE_STATUS.AWAITING_ISSUE);
  const [rows, count, label, open] = await Promise.all([
    base.selectAll().orderBy('sort').limit(q.pageSize).offset((q.currentPage - 1) * q.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    statusLabels(db, locale),
    nodeOpen(db, q.flowNo),
  ]);
  return { records: rows.map((r) => toSupplierRow(r, locale, label, open, hasCollaborationRole(portal))), total: Number(count.n) };
}

/** GET /v1/self-inspection/checklist/detail. */
export async function supplierChecklistDetail(db: Db, portal: PortalPrincipal, aid: string, locale: Locale): Promise<SupplierChecklistRow> {
  const row = await issuedRow(db, portal, aid);
  return toSupplierRow(row, locale, await statusLabels(db, locale), await nodeOpen(db, row.flow_no), hasCollaborationRole(portal));
}

/** GET /v1/self-inspection/checklist/template: the issued actual template of the supplier's own row. */
export async function openIssuedTemplate(deps: Pick<SelfInspectionDeps, 'db' | 'files'>, portal: PortalPrincipal, aid: string): Promise<OpenedFile> {
  const row = await issuedRow(deps.db, portal, aid);
  const key = row.template_url && fileKeyOf(row.template_url);
  // The row belongs to the account's flow, so its template may be read although staff uploaded it.
  const file = key ? await openFileOfRecord(deps, key) : null;
  if (!file) throw notFound();
  return { ...file, fileName: row.template_name ?? file.fileName };
}

/**
 * POST /v1/self-inspection/checklist/submit (req flow §4.7): needs the collaboration role; only at
 * status 20 while the node is in progress; → 30, and the row's owner is asked to audit.
 */
export async function submitChecklist(deps: SelfInspectionDeps, portal: PortalPrincipal, input: ChecklistSubmitRequest): Promise<void> {
  const { db } = deps;
  const found = await issuedRow(db, portal, input.aid);
  if (!hasCollaborationRole(portal)) throw forbidden('selfInspectionNeedsRole');
  requireInProgress(await loadNode(db, found.flow_no, 'SELF_INSPECTION'));
  const row = await db.transaction().execute(async (trx) => {
    await lockNodeInProgress(trx, found.flow_no, 'SELF_INSPECTION');
    const row = await lockRow(trx, found.aid);
    if (row.approve_status !== APPROVE_STATUS.AWAITING_SUPPLIER) throw conflict('selfInspectionWrongStatus');
    const document = await requireStoredFile(trx, { kind: 'supplier', ownerId: supplierFileOwner(portal) }, input.documentUrl);
    const now = new Date();
    await trx
      .updateTable('self_inspection_item')
      .set({
        approve_status: APPROVE_STATUS.AWAITING_AUDIT,
        document_name: document.name,
        document_url: document.url,
        self_score: input.selfScore,
        submitted_at: now,
        updated_at: now,
      })
      .where('aid', '=', row.aid)
      .execute();
    await writeHistory(trx, {
      relation: flowLogOf(row.flow_no),
      actor: actorOf(portal),
      action: 'SELF_INSPECTION_SUBMIT',
      description: `供应商提交自检：${row.dimension_desc}，自评分${input.selfScore}`,
      detail: { aid: row.aid, dimensionCode: row.dimension_code, selfScore: input.selfScore, documentName: document.name },
    });
    await openAuditTask(trx, row);
    return row;
  });
  await mailRowOwner(deps, row, `self-inspection:submit:${row.aid}:${row.reject_count}`);
}
