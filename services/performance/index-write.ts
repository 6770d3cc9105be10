import crypto from 'node:crypto';
import type { Db, DbOrTrx } from '#db/connection.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { withParams } from '#domain/messages.ts';
import type { IndexAddRequest, IndexDelRequest, IndexEditRequest } from '#domain/performance/index-tree.ts';
import { versionIdOf } from '#domain/performance/index-tree.ts';
import { parseDecimal } from '#domain/performance/decimal.ts';
import { PERF_HISTORY_ACTIONS, PERF_SIBLINGS_MAX } from '#domain/performance/model.ts';
import { badRequest, conflict } from '#domain/errors.ts';
import { writeHistory } from '#services/history/write-history.ts';
import {
  type IndexRecord,
  latestVersion,
  loadIndex,
  loadSystem,
  loadVersion,
  lockVersion,
  nextSystemCode,
  perfLogOf,
  refuseFrozen,
  versionIndices,
} from './perf-rows.ts';

/**
 * Writes of the index tree (POST /v1/performance-index/add, edit, del; docs/decisions/0036-supplier-performance-1-of-2.md ("Supplier
 * performance")): each keeps every sibling set at 100, refuses changes to a version a started plan froze,
 * and writes its history row in its transaction.
 */

type IndexInput = Extract<IndexAddRequest, { kind: 'INDEX' }>;
type SiblingWeights = { id: string; weight: number }[];

/** The index's columns from the form. */
const indexColumns = (v: Omit<IndexInput, 'kind' | 'versionId' | 'parentId' | 'siblingWeights'>) => ({
  code: v.code,
  name_zh: v.nameZh,
  name_en: v.nameEn,
  description: v.description ?? null,
  weight: v.weight,
  sort: v.sort,
  method: v.method ?? null,
  direction: v.direction ?? null,
  figure_kind: v.figureKind ?? null,
  bands: JSON.stringify(v.bands),
  reviewer_role: v.reviewerRole ?? null,
  knock_out: v.knockOut,
});

/** The other members of the sibling set must each be given once, and only they (their new weights). */
function checkSiblingSet(siblings: readonly { id: string }[], given: SiblingWeights, field = 'siblingWeights'): void {
  const ids = new Set(siblings.map((s) => s.id));
  const givenIds = new Set(given.map((g) => g.id));
  if (givenIds.size !== given.length || givenIds.size !== ids.size || [...givenIds].some((id) => !ids.has(id))) {
    throw badRequest('siblingWeightsIncomplete', { [field]: 'siblingWeightsIncomplete' });
  }
}

async function refuseTakenCode(db: DbOrTrx, versionId: string, code: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('perf_index').select('id').where('version_id', '=', versionId).where('code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) {
    const message = withParams('indexCodeTaken', { code });
    throw badRequest(message, { code: message });
  }
}

async function setSiblingWeights(trx: DbOrTrx, weights: SiblingWeights): Promise<void> {
  for (const w of weights) await trx.updateTable('perf_index').set({ weight: w.weight, updated_at: new Date() }).where('id', '=', w.id).execute();
}

const siblingsOf = (rows: readonly IndexRecord[], parentId: string | null, exceptId?: string) => rows.filter((r) => r.parent_id === parentId && r.id !== exceptId);

/** POST add: a system (and its version 1), a new version (a copy of the latest), or an index. */
export async function addToIndexTree(db: Db, input: IndexAddRequest, staff: StaffPrincipal): Promise<{ code?: string; versionId?: string; id?: string }> {
  if (input.kind === 'SYSTEM') return addSystem(db, input, staff);
  if (input.kind === 'VERSION') return addVersion(db, input.systemCode, input.remark, staff);
  return addIndex(db, input, staff);
}

async function addSystem(db: Db, input: Extract<IndexAddRequest, { kind: 'SYSTEM' }>, staff: StaffPrincipal) {
  const code = await nextSystemCode(db);
  const versionId = versionIdOf(code, 1);
  const by = { created_by_job_number: staff.jobNumber, created_by_name: staff.name };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('perf_index_system').values({ code, name_zh: input.nameZh, name_en: input.nameEn, remark: input.remark ?? null, ...by }).execute();
    await trx.insertInto('perf_index_version').values({ id: versionId, system_code: code, version: 1, remark: null, ...by }).execute();
    await writeHistory(trx, {
      relation: perfLogOf(code),
      actor: actorOf(staff),
      action: PERF_HISTORY_ACTIONS.systemAdded,
      description: `新建指标体系 ${input.nameZh}`,
      detail: { code, nameZh: input.nameZh, nameEn: input.nameEn },
    });
  });
  return { code, versionId };
}

async function addVersion(db: Db, systemCode: string, remark: string | undefined, staff: StaffPrincipal) {
  await loadSystem(db, systemCode);
  return db.transaction().execute(async (trx) => {
    const latest = await latestVersion(trx, systemCode);
    await lockVersion(trx, latest.id);
    const version = latest.version + 1;
    const versionId = versionIdOf(systemCode, version);
    await trx
      .insertInto('perf_index_version')
      .values({ id: versionId, system_code: systemCode, version, remark: remark ?? null, created_by_job_number: staff.jobNumber, created_by_name: staff.name })
      .execute();
    // The copy keeps codes, weights and rules; new ids, so scores of the old version stay with the old version.
    const rows = await versionIndices(trx, latest.id);
    const newIds = new Map(rows.map((r) => [r.id, crypto.randomUUID()]));
    const copy = (r: IndexRecord) => ({
      id: newIds.get(r.id)!,
      version_id: versionId,
      parent_id: r.parent_id ? newIds.get(r.parent_id)! : null,
      code: r.code,
      name_zh: r.name_zh,
      name_en: r.name_en,
      description: r.description,
      weight: r.weight,
      sort: r.sort,
      method: r.method,
      direction: r.direction,
      figure_kind: r.figure_kind,
      bands: JSON.stringify(r.bands),
      reviewer_role: r.reviewer_role,
      knock_out: r.knock_out,
    });
    const top = rows.filter((r) => r.parent_id === null);
    if (top.length) await trx.insertInto('perf_index').values(top.map(copy)).execute();
    const below = rows.filter((r) => r.parent_id !== null);
    if (below.length) await trx.insertInto('perf_index').values(below.map(copy)).execute();
    await writeHistory(trx, {
      relation: perfLogOf(systemCode),
      actor: actorOf(staff),
      action: PERF_HISTORY_ACTIONS.versionAdded,
      description: `新建指标体系版本 V${version}（复制自 V${latest.version}）`,
      detail: { versionId, from: latest.id },
    });
    return { code: systemCode, versionId };
  });
}

async function addIndex(db: Db, input: IndexInput, staff: StaffPrincipal) {
  const version = await loadVersion(db, input.versionId);
  await refuseFrozen(db, version);
  const parentId = input.parentId ?? null;
  return db.transaction().execute(async (trx) => {
    await lockVersion(trx, version.id);
    await refuseFrozen(trx, version);
    const rows = await versionIndices(trx, version.id);
    if (parentId) {
      const parent = rows.find((r) => r.id === parentId);
      if (!parent || parent.parent_id !== null) throw badRequest('indexParentNotFirstLevel', { parentId: 'indexParentNotFirstLevel' });
    }
    const siblings = siblingsOf(rows, parentId);
    if (siblings.length + 1 > PERF_SIBLINGS_MAX) {
      const message = withParams('tooManyIndices', { max: PERF_SIBLINGS_MAX });
      throw badRequest(message, { parentId: message });
    }
    checkSiblingSet(siblings, input.siblingWeights);
    await refuseTakenCode(trx, version.id, input.code);
    const row = await trx
      .insertInto('perf_index')
      .values({ version_id: version.id, parent_id: parentId, ...indexColumns(input) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setSiblingWeights(trx, input.siblingWeights);
    await writeHistory(trx, {
      relation: perfLogOf(version.system_code),
      actor: actorOf(staff),
      action: PERF_HISTORY_ACTIONS.indexAdded,
      description: `新增${parentId ? '' : '一级'}指标 ${input.code} ${input.nameZh}（V${version.version}，权重 ${input.weight}）`,
      detail: { versionId: version.id, id: row.id, code: input.code, weight: input.weight, siblingWeights: input.siblingWeights },
    });
    return { id: row.id, versionId: version.id };
  });
}

/** What a frozen version may still change on an index: its names, description and order. */
function changesRules(row: IndexRecord, input: Extract<IndexEditRequest, { kind: 'INDEX' }>, siblings: readonly IndexRecord[]): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (parseDecimal(row.weight) !== input.weight) return true;
  if (!same(row.method, input.method) || !same(row.direction, input.direction) || !same(row.figure_kind, input.figureKind)) return true;
  if (!same(row.reviewer_role, input.reviewerRole) || row.knock_out !== input.knockOut || row.code !== input.code) return true;
  if (!same(row.bands, input.bands)) return true;
  return input.siblingWeights.some((w) => parseDecimal(siblings.find((s) => s.id === w.id)?.weight) !== w.weight);
}

/** POST edit: a system's names, or an index (and its siblings' weights). */
export async function editIndexTree(db: Db, input: IndexEditRequest, staff: StaffPrincipal): Promise<void> {
  if (input.kind === 'SYSTEM') {
    await loadSystem(db, input.code);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('perf_index_system')
        .set({ name_zh: input.nameZh, name_en: input.nameEn, remark: input.remark ?? null, updated_at: new Date() })
        .where('code', '=', input.code)
        .execute();
      await writeHistory(trx, {
        relation: perfLogOf(input.code),
        actor: actorOf(staff),
        action: PERF_HISTORY_ACTIONS.systemEdited,
        description: `修改指标体系 ${input.nameZh}`,
        detail: { nameZh: input.nameZh, nameEn: input.nameEn },
      });
    });
    return;
  }
  const current = await loadIndex(db, input.id);
  if ((input.parentId ?? null) !== current.parent_id) throw badRequest('invalidInput', { parentId: 'invalidValue' });
  const version = await loadVersion(db, current.version_id);
  await db.transaction().execute(async (trx) => {
    await lockVersion(trx, version.id);
    const rows = await versionIndices(trx, version.id);
    const row = rows.find((r) => r.id === input.id)!;
    const siblings = siblingsOf(rows, row.parent_id, row.id);
    checkSiblingSet(siblings, input.siblingWeights);
    if (changesRules(row, input, siblings)) await refuseFrozen(trx, version);
    await refuseTakenCode(trx, version.id, input.code, row.id);
    await trx
      .updateTable('perf_index')
      .set({ ...indexColumns(input), updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    await setSiblingWeights(trx, input.siblingWeights);
    await writeHistory(trx, {
      relation: perfLogOf(version.system_code),
      actor: actorOf(staff),
      action: PERF_HISTORY_ACTIONS.indexEdited,
      description: `修改指标 ${input.code} ${input.nameZh}（V${version.version}，权重 ${input.weight}）`,
      detail: { versionId: version.id, id: row.id, code: input.code, weight: input.weight, siblingWeights: input.siblingWeights },
    });
  });
}

/** POST del: a system no plan references (with its versions and indices), or an index of an unfrozen version. */
export async function deleteFromIndexTree(db: Db, input: IndexDelRequest, staff: StaffPrincipal): Promise<void> {
  if (input.kind === 'SYSTEM') {
    const system = await loadSystem(db, input.code);
    await db.transaction().execute(async (trx) => {
      const versions = await trx.selectFrom('perf_index_version').select('id').where('system_code', '=', system.code).execute();
      const ids = versions.map((v) => v.id);
      const plan = ids.length
        ? await trx.selectFrom('perf_plan').select('plan_no').where('index_version_id', 'in', ids).orderBy('plan_no').executeTakeFirst()
        : undefined;
      if (plan) throw conflict(withParams('indexSystemInUse', { planNo: plan.plan_no }));
      if (ids.length) {
        await trx.deleteFrom('perf_index').where('version_id', 'in', ids).where('parent_id', 'is not', null).execute();
        await trx.deleteFrom('perf_index').where('version_id', 'in', ids).execute();
        await trx.deleteFrom('perf_index_version').where('id', 'in', ids).execute();
      }
      await trx.deleteFrom('perf_index_system').where('code', '=', system.code).execute();
      await writeHistory(trx, {
        relation: perfLogOf(system.code),
        actor: actorOf(staff),
        action: PERF_HISTORY_ACTIONS.systemDeleted,
        description: `删除指标体系 ${system.name_zh}`,
        detail: { code: system.code },
      });
    });
    return;
  }
  const current = await loadIndex(db, input.id);
  const version = await loadVersion(db, current.version_id);
  await refuseFrozen(db, version);
  await db.transaction().execute(async (trx) => {
    await lockVersion(trx, version.id);
    await refuseFrozen(trx, version);
    const rows = await versionIndices(trx, version.id);
    if (rows.some((r) => r.parent_id === current.id)) throw conflict('indexHasChildren');
    checkSiblingSet(siblingsOf(rows, current.parent_id, current.id), input.siblingWeights);
    await trx.deleteFrom('perf_index').where('id', '=', current.id).execute();
    await setSiblingWeights(trx, input.siblingWeights);
    await writeHistory(trx, {
      relation: perfLogOf(version.system_code),
      actor: actorOf(staff),
      action: PERF_HISTORY_ACTIONS.indexDeleted,
      description: `删除指标 ${current.code} ${current.name_zh}（V${version.version}）`,
      detail: { versionId: version.id, id: current.id, code: current.code, siblingWeights: input.siblingWeights },
    });
  });
}
