import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { INSPECTION_DIMENSIONS } from '#domain/cert-flow/dimensions.ts';
import { AUDIT_TARGETS } from '#domain/cert-flow/nodes/system-cert.ts';

/**
 * Opens the node's work: one approve item per inspection dimension, carrying the self score of the
 * dimension's self-inspection row when there is one. Idempotent (a retried activity adds nothing).
 */
export async function openSystemCert(db: Db, flowNo: string): Promise<void> {
  const selfScores = await readSelfScores(db, flowNo);
  await db
    .insertInto('system_cert_item')
    .values(
      INSPECTION_DIMENSIONS.map((d, seq) => ({
        flow_no: flowNo,
        index_code: d.code,
        seq,
        self_score: selfScores.get(d.code) ?? null,
        target_list: JSON.stringify(AUDIT_TARGETS[d.code].map((t) => ({ targetCode: t.code, score: null }))),
      })),
    )
    .onConflict((oc) => oc.columns(['flow_no', 'index_code']).doNothing())
    .execute();
}

/** Where a self-inspection row may keep its score: tried in order, each only if its columns exist. */
const SELF_SCORE_SOURCES = [
  { table: 'self_inspection_item', dimension: 'dimension_code' },
  { table: 'self_inspection_row', dimension: 'dimension_code' },
  { table: 'self_inspection_row', dimension: 'index_code' },
] as const;

/**
 * Self scores by dimension, read defensively: the self-inspection node is optional in some plans and
 * its table may not carry a score, so a missing table or column gives no scores rather than an error.
 */
async function readSelfScores(db: Db, flowNo: string): Promise<Map<string, number>> {
  const scores = new Map<string, number>();
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and table_name in ('self_inspection_item', 'self_inspection_row')`.execute(db);
  const has = (table: string, column: string) => columns.rows.some((c) => c.table_name === table && c.column_name === column);
  const source = SELF_SCORE_SOURCES.find((s) => has(s.table, s.dimension) && has(s.table, 'flow_no') && has(s.table, 'self_score'));
  if (!source) return scores;
  const rows = await sql<{ dimension: string; self_score: unknown }>`
    select ${sql.ref(source.dimension)} as dimension, self_score from ${sql.table(source.table)} where flow_no = ${flowNo}`.execute(db);
  for (const row of rows.rows) {
    const n = row.self_score === null || row.self_score === undefined ? NaN : Number(row.self_score);
    if (Number.isFinite(n)) scores.set(row.dimension, n);
  }
  return scores;
}
