import { sql } from 'kysely';
import type { DbOrTrx } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#domain/messages.ts';
import { parseDecimal } from '#domain/performance/decimal.ts';
import type { IndexNode, IndexSearchRow, IndexSystemRow, IndexTree, IndexVersionSummary, ReviewerRoleRow } from '#domain/performance/index-tree.ts';
import { checkVersionComplete } from '#domain/performance/weights.ts';
import { PERF_PLAN_STARTED, PERF_REVIEWER_ROLES } from '#domain/performance/model.ts';
import { containing, latestVersion, loadSystem, loadVersion, versionIndices } from './perf-rows.ts';

/** Reads of the index tree (GET /v1/performance-index/list-system, list-one, tree, search, role). */

type Row = Awaited<ReturnType<typeof versionIndices>>[number];
const nameIn = (r: { name_zh: string; name_en: string }, locale: Locale) => (locale === 'zh' ? r.name_zh : r.name_en);

function nodeOf(r: Row, rows: readonly Row[], locale: Locale): IndexNode {
  return {
    id: r.id,
    parentId: r.parent_id,
    code: r.code,
    name: nameIn(r, locale),
    nameZh: r.name_zh,
    nameEn: r.name_en,
    description: r.description,
    weight: parseDecimal(r.weight) ?? 0,
    sort: r.sort,
    method: r.method,
    direction: r.direction,
    figureKind: r.figure_kind,
    bands: r.bands,
    reviewerRole: r.reviewer_role,
    knockOut: r.knock_out,
    children: rows.filter((c) => c.parent_id === r.id).map((c) => nodeOf(c, rows, locale)),
  };
}

const treeOf = (rows: readonly Row[], locale: Locale) => rows.filter((r) => r.parent_id === null).map((r) => nodeOf(r, rows, locale));

/** Why the version is not usable yet, translated. */
function incompleteReasons(nodes: readonly IndexNode[], locale: Locale): string[] {
  return checkVersionComplete(nodes).map((m) => translate(m, locale));
}

/** Per version: how many plans use it and the first started one (which froze it). */
async function versionUse(db: DbOrTrx, ids: readonly string[]) {
  if (!ids.length) return new Map<string, { planCount: number; frozenBy: string | null }>();
  const rows = await db
    .selectFrom('perf_plan')
    .select((eb) => [
      'index_version_id',
      eb.fn.countAll<number>().as('plans'),
      eb.fn.min(eb.case().when('status', 'in', PERF_PLAN_STARTED).then(eb.ref('plan_no')).end()).as('frozen'),
    ])
    .where('index_version_id', 'in', ids)
    .groupBy('index_version_id')
    .execute();
  return new Map(rows.map((r) => [r.index_version_id, { planCount: Number(r.plans), frozenBy: (r.frozen as string | null) ?? null }]));
}

async function versionSummaries(db: DbOrTrx, systemCodes: readonly string[]): Promise<Map<string, IndexVersionSummary[]>> {
  if (!systemCodes.length) return new Map();
  const versions = await db.selectFrom('perf_index_version').selectAll().where('system_code', 'in', systemCodes).orderBy('version', 'desc').execute();
  const use = await versionUse(
    db,
    versions.map((v) => v.id),
  );
  const indices = versions.length ? await db.selectFrom('perf_index').selectAll().where('version_id', 'in', versions.map((v) => v.id)).orderBy('sort').orderBy('code').execute() : [];
  const out = new Map<string, IndexVersionSummary[]>();
  for (const v of versions) {
    const rows = indices.filter((i) => i.version_id === v.id);
    const summary: IndexVersionSummary = {
      id: v.id,
      version: v.version,
      remark: v.remark,
      createdAt: v.created_at.toISOString(),
      frozenBy: use.get(v.id)?.frozenBy ?? null,
      planCount: use.get(v.id)?.planCount ?? 0,
      complete: checkVersionComplete(treeOf(rows, 'zh')).length === 0,
    };
    out.set(v.system_code, [...(out.get(v.system_code) ?? []), summary]);
  }
  return out;
}

/** GET list-system: every index system with its versions, newest version first. */
export async function listSystems(db: DbOrTrx, locale: Locale): Promise<IndexSystemRow[]> {
  const systems = await db.selectFrom('perf_index_system').selectAll().orderBy('code').execute();
  const versions = await versionSummaries(
    db,
    systems.map((s) => s.code),
  );
  return systems.map((s) => ({
    code: s.code,
    name: nameIn(s, locale),
    nameZh: s.name_zh,
    nameEn: s.name_en,
    remark: s.remark,
    createdBy: s.created_by_name,
    updatedAt: s.updated_at.toISOString(),
    versions: versions.get(s.code) ?? [],
  }));
}

async function resolveVersion(db: DbOrTrx, q: { versionId?: string; systemCode?: string }) {
  return q.versionId ? loadVersion(db, q.versionId) : latestVersion(db, q.systemCode!);
}

/** GET tree: a version's whole tree (the system's latest version when only the system is named). */
export async function indexTree(db: DbOrTrx, q: { versionId?: string; systemCode?: string }, locale: Locale): Promise<IndexTree> {
  const version = await resolveVersion(db, q);
  const system = await loadSystem(db, version.system_code);
  const summary = (await versionSummaries(db, [system.code])).get(system.code)!.find((v) => v.id === version.id)!;
  const children = treeOf(await versionIndices(db, version.id), locale);
  return {
    system: { code: system.code, name: nameIn(system, locale), nameZh: system.name_zh, nameEn: system.name_en },
    version: summary,
    incomplete: incompleteReasons(children, locale),
    children,
  };
}

/** GET list-one: the first-level indices of a version, without their indices. */
export async function firstLevelIndices(db: DbOrTrx, q: { versionId?: string; systemCode?: string }, locale: Locale): Promise<IndexNode[]> {
  const version = await resolveVersion(db, q);
  const rows = await versionIndices(db, version.id);
  return rows.filter((r) => r.parent_id === null).map((r) => ({ ...nodeOf(r, [], locale) }));
}

/** GET search: indices whose code or name holds the keyword (at most 50), with their place in the tree. */
export async function searchIndices(db: DbOrTrx, q: { keyword?: string; versionId?: string }, locale: Locale): Promise<IndexSearchRow[]> {
  let query = db
    .selectFrom('perf_index as i')
    .innerJoin('perf_index_version as v', 'v.id', 'i.version_id')
    .innerJoin('perf_index_system as s', 's.code', 'v.system_code')
    .leftJoin('perf_index as p', 'p.id', 'i.parent_id')
    .select([
      'i.id',
      'i.code',
      'i.name_zh',
      'i.name_en',
      'i.method',
      'i.reviewer_role',
      'i.version_id',
      'v.version',
      's.code as system_code',
      's.name_zh as system_zh',
      's.name_en as system_en',
      'p.name_zh as parent_zh',
      'p.name_en as parent_en',
    ])
    .orderBy('s.code')
    .orderBy('v.version', 'desc')
    .orderBy('i.code')
    .limit(50);
  if (q.versionId) query = query.where('i.version_id', '=', q.versionId);
  if (q.keyword) {
    const like = containing(q.keyword);
    query = query.where((eb) => eb.or([eb('i.code', 'ilike', like), eb('i.name_zh', 'ilike', like), eb('i.name_en', 'ilike', like)]));
  }
  const rows = await query.execute();
  return rows.map((r) => {
    const system = locale === 'zh' ? r.system_zh : r.system_en;
    const parent = locale === 'zh' ? r.parent_zh : r.parent_en;
    return {
      id: r.id,
      code: r.code,
      name: locale === 'zh' ? r.name_zh : r.name_en,
      path: [`${system} V${r.version}`, parent].filter(Boolean).join(' / '),
      versionId: r.version_id,
      systemCode: r.system_code,
      version: r.version,
      method: r.method,
      reviewerRole: r.reviewer_role,
    };
  });
}

/** GET role: the roles whose members score manual indices, with how many active staff hold each. */
export async function reviewerRoles(db: DbOrTrx, locale: Locale): Promise<ReviewerRoleRow[]> {
  const roles = await db.selectFrom('role').select(['code', 'name_zh', 'name_en']).where('code', 'in', PERF_REVIEWER_ROLES).execute();
  const countOf = new Map(
    await Promise.all(
      PERF_REVIEWER_ROLES.map(async (code) => {
        const row = await db
          .selectFrom('staff')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('active', '=', true)
          .where(sql<boolean>`roles @> ${JSON.stringify([code])}::jsonb`)
          .executeTakeFirstOrThrow();
        return [code, Number(row.n)] as const;
      }),
    ),
  );
  return PERF_REVIEWER_ROLES.map((code) => {
    const role = roles.find((r) => r.code === code);
    return { code, name: role ? nameIn(role, locale) : code, staffCount: countOf.get(code) ?? 0 };
  });
}
