import type { DbOrTrx } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { DimensionCode } from '#domain/cert-flow/dimensions.ts';
import { AUDIT_TARGETS, dimensionName, SYSTEM_CERT_DOCUMENT_TYPE, targetName, type SystemCertItem } from '#domain/cert-flow/nodes/system-cert.ts';

/** Repository of the system-certification approve items (table system_cert_item). */

export async function loadItemRows(db: DbOrTrx, flowNo: string) {
  return db.selectFrom('system_cert_item').selectAll().where('flow_no', '=', flowNo).orderBy('seq').execute();
}
export type ItemRow = Awaited<ReturnType<typeof loadItemRows>>[number];

const num = (v: string | number | null) => (v === null ? null : Number(v));

/** A row as the screen reads it: names in the reader's language, every target of the dimension listed. */
export function toItem(row: ItemRow, locale: Locale): SystemCertItem {
  const code = row.index_code as DimensionCode;
  return {
    flowNo: row.flow_no,
    indexCode: code,
    indexName: dimensionName(code, locale),
    selfScore: num(row.self_score),
    approveExpertId: row.approve_expert_id,
    approveExpertName: row.approve_expert_name,
    targetList: (AUDIT_TARGETS[code] ?? []).map((t) => ({
      targetCode: t.code,
      targetName: targetName(code, t.code, locale),
      score: row.target_list.find((s) => s.targetCode === t.code)?.score ?? null,
    })),
    riskDesc: row.risk_desc,
    expertConclusionStatus: row.expert_conclusion_status,
    expertConclusionScore: num(row.expert_conclusion_score),
    documentList: row.document_list,
    documentType: SYSTEM_CERT_DOCUMENT_TYPE,
    submitted: row.submitted,
  };
}

export const itemState = (row: ItemRow) => ({ indexCode: row.index_code, approveExpertId: row.approve_expert_id, submitted: row.submitted });
