import { sql } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { notFound } from '#domain/errors.ts';
import type { HistoryRelation } from '#services/history/write-history.ts';

/** The one reader of an exit row, and the small facts every exit operation shares. */
export async function loadExit(db: DbOrTrx, flowNo: string) {
  const row = await db.selectFrom('supplier_exit').selectAll().where('flow_no', '=', flowNo).executeTakeFirst();
  if (!row) throw notFound('exitNotFound');
  return row;
}
export type ExitRecord = Awaited<ReturnType<typeof loadExit>>;

/** An exit's own operation log (relation type 40). */
export const exitLogOf = (flowNo: string): HistoryRelation => ({ type: RELATION_TYPE.SUPPLIER_EXIT, code: flowNo });

/** Administrators (cert_process_manage_all) may terminate and decide any exit. */
export const isExitAdmin = (staff: StaffPrincipal) => staff.permissions.includes(PERMISSIONS.certProcessManageAll);

/** Exit numbers read like EX202611250001: the day and a per-day counter, allocated atomically. */
export async function nextExitNo(db: Db, now = new Date()): Promise<string> {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const row = await db
    .insertInto('supplier_exit_no_seq')
    .values({ day, last: 1 })
    .onConflict((oc) => oc.column('day').doUpdateSet({ last: sql`supplier_exit_no_seq.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `EX${day}${String(row.last).padStart(4, '0')}`;
}
