import { sql } from 'kysely';
import type { Db, DbOrTrx } from '#db/connection.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { withParams } from '#domain/messages.ts';
import type { CalcIndex } from '#domain/performance/calculate.ts';
import { parseDecimal } from '#domain/performance/decimal.ts';
import { PERF_PLAN_STARTED } from '#domain/performance/model.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { conflict, notFound } from '#domain/errors.ts';
import type { HistoryRelation } from '#services/history/write-history.ts';

/** The one reader of the performance rows every operation shares, and the small facts around them. */

/** The area's operation log: relation type ASSESSMENT, keyed by plan number or index-system code. */
export const perfLogOf = (code: string): HistoryRelation => ({ type: RELATION_TYPE.ASSESSMENT, code });

export const isPerfManager = (staff: StaffPrincipal) => staff.permissions.includes(PERMISSIONS.performanceManage);

export async function loadSystem(db: DbOrTrx, code: string) {
  const row = await db.selectFrom('perf_index_system').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) throw notFound('indexSystemNotFound');
  return row;
}

export async function loadVersion(db: DbOrTrx, id: string) {
  const row = await db.selectFrom('perf_index_version').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('indexVersionNotFound');
  return row;
}

export async function latestVersion(db: DbOrTrx, systemCode: string) {
  const row = await db.selectFrom('perf_index_version').selectAll().where('system_code', '=', systemCode).orderBy('version', 'desc').executeTakeFirst();
  if (!row) throw notFound('indexSystemNotFound');
  return row;
}

export async function loadIndex(db: DbOrTrx, id: string) {
  const row = await db.selectFrom('perf_index').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('indexNotFound');
  return row;
}
export type IndexRecord = Awaited<ReturnType<typeof loadIndex>>;

/** Every node of a version, in tree order (sort, then code). */
export function versionIndices(db: DbOrTrx, versionId: string) {
  return db.selectFrom('perf_index').selectAll().where('version_id', '=', versionId).orderBy('sort').orderBy('code').execute();
}

/** The first started plan that uses the version (it is then frozen), or undefined. */
export async function frozenBy(db: DbOrTrx, versionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('perf_plan')
    .select('plan_no')
    .where('index_version_id', '=', versionId)
    .where('status', 'in', PERF_PLAN_STARTED)
    .orderBy('plan_no')
    .executeTakeFirst();
  return row?.plan_no;
}

/** 409 when a started plan uses the version: its indices keep their weights and rules (a new version instead). */
export async function refuseFrozen(db: DbOrTrx, version: { id: string; version: number }): Promise<void> {
  const planNo = await frozenBy(db, version.id);
  if (planNo) throw conflict(withParams('indexVersionInUse', { version: version.version, planNo }));
}

/** Locks the version's row so two writes to one sibling set do not both pass the weight check. */
export async function lockVersion(trx: DbOrTrx, versionId: string): Promise<void> {
  await sql`select id from perf_index_version where id = ${versionId} for update`.execute(trx);
}

type IndexRow = Awaited<ReturnType<typeof versionIndices>>[number];

/** A row as the calculation and the tree read it. */
export function calcIndexOf(row: IndexRow, children: CalcIndex[]): CalcIndex {
  return {
    id: row.id,
    code: row.code,
    nameZh: row.name_zh,
    nameEn: row.name_en,
    weight: parseDecimal(row.weight) ?? 0,
    method: row.method,
    direction: row.direction,
    figureKind: row.figure_kind,
    bands: row.bands,
    knockOut: row.knock_out,
    reviewerRole: row.reviewer_role,
    children,
  };
}

/**
 * The version's tree for `calculateSupplier` (domain/performance/calculate.ts): first-level indices with
 * their indices. The round's calculation reads it here.
 */
export async function loadCalcTree(db: DbOrTrx, versionId: string): Promise<CalcIndex[]> {
  const rows = await versionIndices(db, versionId);
  return rows.filter((r) => r.parent_id === null).map((top) => calcIndexOf(top, rows.filter((r) => r.parent_id === top.id).map((r) => calcIndexOf(r, []))));
}

/** Index-system codes read like PIS001, from a counter of their own in the plans' sequence table (key 'PIS'). */
export async function nextSystemCode(db: Db): Promise<string> {
  const row = await db
    .insertInto('perf_plan_no_seq')
    .values({ day: 'PIS', last: 1 })
    .onConflict((oc) => oc.column('day').doUpdateSet({ last: sql`perf_plan_no_seq.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `PIS${String(row.last).padStart(3, '0')}`;
}

/** Plan numbers read like PP20261128001: the day and a per-day counter, allocated atomically. */
export async function nextPlanNo(db: Db, now = new Date()): Promise<string> {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const row = await db
    .insertInto('perf_plan_no_seq')
    .values({ day, last: 1 })
    .onConflict((oc) => oc.column('day').doUpdateSet({ last: sql`perf_plan_no_seq.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `PP${day}${String(row.last).padStart(3, '0')}`;
}

export async function loadPlan(db: DbOrTrx, planNo: string) {
  const row = await db.selectFrom('perf_plan').selectAll().where('plan_no', '=', planNo).executeTakeFirst();
  if (!row) throw notFound('planNotFound');
  return row;
}
export type PlanRecord = Awaited<ReturnType<typeof loadPlan>>;

/** An ILIKE pattern for "contains", its wildcards escaped. */
export const containing = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
