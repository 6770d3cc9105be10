import type { Db } from '#db/connection.ts';
import type { ExitScope } from '#domain/supplier-exit/exit.ts';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import { conflict } from '#domain/errors.ts';

/** The categories an exit takes out: the chosen ones, or every admitted, not yet eliminated one of the supplier. */
export async function scopeCategoryCodes(db: Db, supplierNo: string, scope: ExitScope, chosen: readonly string[]): Promise<string[]> {
  if (scope === 'CATEGORY') return [...chosen];
  const rows = await db
    .selectFrom('supplier_category')
    .select('category_code')
    .where('supplier_no', '=', supplierNo)
    .where('life_cycle', '!=', CATEGORY_LIFE_CYCLE.ELIMINATED)
    .orderBy('category_code')
    .execute();
  return rows.map((r) => r.category_code);
}

/**
 * Who decides an exit (docs/decisions/0032-supplier-exit.md): the leader of the CMT that owns the first of
 * its categories (by code), an active staff member; administrators may decide any exit besides.
 */
export async function exitApprover(db: Db, categoryCodes: readonly string[]): Promise<{ jobNumber: string; name: string }> {
  const row = categoryCodes.length
    ? await db
        .selectFrom('category as c')
        .innerJoin('cmt', 'cmt.code', 'c.cmt_code')
        .innerJoin('staff as s', 's.job_number', 'cmt.leader_job_number')
        .select(['s.job_number', 's.name'])
        .where('c.code', 'in', [...categoryCodes])
        .where('s.active', '=', true)
        .orderBy('c.code')
        .executeTakeFirst()
    : undefined;
  if (!row) throw conflict('exitApproverMissing');
  return { jobNumber: row.job_number, name: row.name };
}
