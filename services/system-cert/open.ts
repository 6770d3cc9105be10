import type { Db } from '#db/connection.ts';
import { INSPECTION_DIMENSIONS } from '#domain/cert-flow/dimensions.ts';
import { AUDIT_TARGETS } from '#domain/cert-flow/nodes/system-cert.ts';
import { flowInspectionDimensions, flowStandards } from '#services/scenario/scenario-read.ts';
import { openVdaAudit } from '#services/vda-audit/open.ts';

/**
 * Opens the node's work: under a scenario using VDA 6.3, the process audit (req flow §10); otherwise one approve item
 * per inspection dimension of the flow's scenario version,
 * carrying the self score of the dimension's self-inspection row when there is one. Idempotent (a
 * retried activity adds nothing).
 */
export async function openSystemCert(db: Db, flowNo: string): Promise<void> {
  const { vda63 } = await flowStandards(db, flowNo);
  if (vda63) return openVdaAudit(db, flowNo, vda63.elements);
  const selfScores = await readSelfScores(db, flowNo);
  const dimensions = await flowInspectionDimensions(db, flowNo);
  if (!dimensions.length) return;
  await db
    .insertInto('system_cert_item')
    .values(
      dimensions.map((d) => ({
        flow_no: flowNo,
        index_code: d.code,
        seq: INSPECTION_DIMENSIONS.findIndex((x) => x.code === d.code),
        self_score: selfScores.get(d.code) ?? null,
        target_list: JSON.stringify(AUDIT_TARGETS[d.code].map((t) => ({ targetCode: t.code, score: null }))),
      })),
    )
    .onConflict((oc) => oc.columns(['flow_no', 'index_code']).doNothing())
    .execute();
}

/** Self scores by dimension from the flow's self-inspection rows (none when the plan had no self-inspection). */
async function readSelfScores(db: Db, flowNo: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('self_inspection_item')
    .select(['dimension_code', 'self_score'])
    .where('flow_no', '=', flowNo)
    .where('self_score', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.dimension_code, Number(r.self_score)]));
}
