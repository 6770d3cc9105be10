import type { Selectable } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import type { SelfInspectionItemTable } from '#db/schema.ts';
import type { Locale } from '#domain/i18n.ts';
import { FILE_TEMPLATES } from '#domain/file-templates.ts';
import { INSPECTION_DIMENSIONS } from '#domain/cert-flow/dimensions.ts';
import { listDictionary } from '#services/common/dictionaries.ts';
import { loadNode } from '#services/cert-flow/node-work.ts';
import {
  APPROVE_STATUS,
  SELF_INSPECTION_TEMPLATE_KEY,
  type ApproveStatus,
  type SelfInspectionRow,
} from '#domain/cert-flow/nodes/self-inspection.ts';
import { notFound } from '#domain/errors.ts';
import { flowInspectionDimensions } from '#services/scenario/scenario-read.ts';

export type ItemRow = Selectable<SelfInspectionItemTable>;

const templateUrl = `/common/v1/template-download?${new URLSearchParams({ configKey: SELF_INSPECTION_TEMPLATE_KEY })}`;

/**
 * Opens the node's rows: one per inspection dimension of the flow's scenario version, always, owned by
 * the flow's holder of the responsibility the version gives the dimension, else by the node's principal,
 * else by the flow's purchasing manager (every flow has one) — a dimension without a row would let the
 * node complete without it. Idempotent (a retried activity inserts nothing twice).
 */
export async function openSelfInspection(db: Db, flowNo: string): Promise<void> {
  const node = await loadNode(db, flowNo, 'SELF_INSPECTION');
  const roles = await db.selectFrom('cert_flow_role').select(['role', 'job_number', 'name']).where('flow_no', '=', flowNo).execute();
  const principal = node.task && roles.find((r) => r.job_number === node.task!.principalJobNumber);
  const fallback = principal ?? roles.find((r) => r.role === 'PURCHASE_MANAGER');
  const dimensions = await flowInspectionDimensions(db, flowNo);
  const values = dimensions.flatMap((d) => {
    const sort = INSPECTION_DIMENSIONS.findIndex((x) => x.code === d.code);
    const holder = roles.find((r) => r.role === d.owner) ?? fallback;
    if (!holder) return [];
    return [
      {
        flow_no: flowNo,
        dimension_code: d.code,
        dimension_desc: INSPECTION_DIMENSIONS[sort].zh,
        sort,
        principal_job_number: holder.job_number,
        principal_name: holder.name,
        model_name: FILE_TEMPLATES[SELF_INSPECTION_TEMPLATE_KEY].zh,
        model_url: templateUrl,
      },
    ];
  });
  if (!values.length) return;
  await db
    .insertInto('self_inspection_item')
    .values(values)
    .onConflict((oc) => oc.columns(['flow_no', 'dimension_code']).doNothing())
    .execute();
}

export async function rowsOfFlow(db: DbOrTrx, flowNo: string): Promise<ItemRow[]> {
  return db.selectFrom('self_inspection_item').selectAll().where('flow_no', '=', flowNo).orderBy('sort').execute();
}

/** The row, locked for the rest of the transaction; 404 when it is not a row of this flow. */
export async function lockRow(trx: DbOrTrx, aid: string, flowNo?: string): Promise<ItemRow> {
  let q = trx.selectFrom('self_inspection_item').selectAll().where('aid', '=', aid);
  if (flowNo) q = q.where('flow_no', '=', flowNo);
  const row = isUuid(aid) ? await q.forUpdate().executeTakeFirst() : undefined;
  if (!row) throw notFound();
  return row;
}

/** aid is a uuid column: anything else cannot name a row (and must not reach the database as one). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** Status texts of cert_approve_status in the reader's language. */
export async function statusLabels(db: Db, locale: Locale): Promise<(s: number) => string> {
  const entries = await listDictionary(db, 'cert_approve_status', locale);
  const labels = new Map(entries.map((e) => [Number(e.dictKey), e.dictValue]));
  return (s) => labels.get(s) ?? String(s);
}

export function dimensionName(row: Pick<ItemRow, 'dimension_code' | 'dimension_desc'>, locale: Locale): string {
  if (locale === 'zh') return row.dimension_desc;
  return INSPECTION_DIMENSIONS.find((d) => d.code === row.dimension_code)?.en ?? row.dimension_desc;
}

export const scoreOf = (row: ItemRow): number | null => (row.self_score === null ? null : Number(row.self_score));

export function toStaffRow(row: ItemRow, locale: Locale, label: (s: number) => string): SelfInspectionRow {
  return {
    aid: row.aid,
    dimensionCode: row.dimension_code,
    dimensionDesc: dimensionName(row, locale),
    principalId: row.principal_job_number,
    principalName: row.principal_name,
    approveStatus: row.approve_status as ApproveStatus,
    approveStatusStr: label(row.approve_status),
    modelName: FILE_TEMPLATES[SELF_INSPECTION_TEMPLATE_KEY][locale],
    modelUrl: row.model_url,
    templateName: row.template_name,
    templateUrl: row.template_url,
    documentName: row.document_name,
    documentUrl: row.document_url,
    selfScore: scoreOf(row),
    approveOpinion: row.approve_opinion,
    rejectCount: row.reject_count,
  };
}

/**
 * Every dimension of the flow has its row, and every row is approved (req flow §4.2: then the node
 * completes itself). `dimensions`: the flow's (flowInspectionDimensions).
 */
export const allApproved = (rows: ItemRow[], dimensions: readonly { code: string }[]) =>
  dimensions.every((d) => rows.some((r) => r.dimension_code === d.code)) && rows.every((r) => r.approve_status === APPROVE_STATUS.APPROVED);
