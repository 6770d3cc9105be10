import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { completeSystem, draftPlan, PERF, setPlanStatus } from '../support/performance-fixtures.ts';
import { invitedSupplier } from '../support/rfi-questionnaire.ts';
import { staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The performance index calls over HTTP (req performance §7.3; docs/decisions/0036-supplier-performance-1-of-2.md "Supplier performance"): who may
 * write, every sibling set at 100, frozen versions of started plans, and bad input answered 4xx by field.
 */
let app: TestApp;
let db: Db;
let api: HttpClient;
const who = {} as Record<'manager' | 'admin' | 'pm' | 'quality', Caller> & { supplier: Caller };
const as = (c: Caller | null) => api.as(c);

beforeAll(async () => {
  app = await startTestApp();
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { manager: PERF.manager, admin: PERF.admin, pm: PERF.otherPm, quality: PERF.qualityReviewer }));
  who.supplier = { authorization: (await invitedSupplier(db, app.deps.config.appSecret)).authorization };
});
afterAll(() => app.close());

const newSystem = async (caller: Caller = who.manager) => {
  const res = await as(caller).post('/v1/performance-index/add', { kind: 'SYSTEM', nameZh: '年度绩效体系', nameEn: 'Annual performance' });
  expect(res.status).toBe(200);
  return res.body.data as { code: string; versionId: string };
};
const addIndex = (versionId: string, body: Record<string, unknown>, caller: Caller = who.manager) =>
  as(caller).post('/v1/performance-index/add', { kind: 'INDEX', versionId, parentId: null, nameZh: '质量', nameEn: 'Quality', ...body });
const tree = async (versionId: string) => (await as(who.manager).get(`/v1/performance-index/tree?versionId=${versionId}`)).body.data;

describe('who may write the index tree', () => {
  it('add, edit, del: holders of scm-cspm:performance-manage only; other staff 403, a supplier and nobody 401', async () => {
    const body = { kind: 'SYSTEM', nameZh: '体系', nameEn: 'System' };
    expect((await as(null).post('/v1/performance-index/add', body)).status).toBe(401);
    expect((await as(who.supplier).post('/v1/performance-index/add', body)).status).toBe(401);
    expect((await as(who.pm).post('/v1/performance-index/add', body)).status).toBe(403);
    expect((await as(who.quality).post('/v1/performance-index/add', body)).status).toBe(403);
    const { code } = await newSystem(who.admin);
    expect(code).toMatch(/^PIS\d{3}$/);

    const edit = { kind: 'SYSTEM', code, nameZh: '体系（修订）', nameEn: 'System (revised)' };
    expect((await as(null).post('/v1/performance-index/edit', edit)).status).toBe(401);
    expect((await as(who.supplier).post('/v1/performance-index/edit', edit)).status).toBe(401);
    expect((await as(who.pm).post('/v1/performance-index/edit', edit)).status).toBe(403);
    expect((await as(who.manager).post('/v1/performance-index/edit', edit)).status).toBe(200);

    const del = { kind: 'SYSTEM', code };
    expect((await as(null).post('/v1/performance-index/del', del)).status).toBe(401);
    expect((await as(who.supplier).post('/v1/performance-index/del', del)).status).toBe(401);
    expect((await as(who.pm).post('/v1/performance-index/del', del)).status).toBe(403);
    expect((await as(who.manager).post('/v1/performance-index/del', del)).status).toBe(200);
    expect((await as(who.manager).get(`/v1/performance-index/tree?systemCode=${code}`)).status).toBe(404);
  });

  it('reads need a staff session: a reviewer reads the tree, a supplier and nobody are refused', async () => {
    const { versionId } = await completeSystem(db);
    expect((await as(who.quality).get(`/v1/performance-index/tree?versionId=${versionId}`)).status).toBe(200);
    expect((await as(who.supplier).get(`/v1/performance-index/tree?versionId=${versionId}`)).status).toBe(401);
    expect((await as(null).get('/v1/performance-index/list-system')).status).toBe(401);
  });
});

describe('the weight rule: every sibling set adds up to 100', () => {
  it('refuses a first index whose weight is not 100, naming the field and the sum', async () => {
    const { versionId } = await newSystem();
    const res = await addIndex(versionId, { code: 'Q', weight: 60 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ weight: '同级指标权重之和须为100，当前为60' });
  });

  it('adds a sibling only with the others re-weighted, and keeps the tree at 100', async () => {
    const { versionId } = await newSystem();
    const q = (await addIndex(versionId, { code: 'Q', weight: 100 })).body.data.id;
    const alone = await addIndex(versionId, { code: 'D', nameZh: '交付', nameEn: 'Delivery', weight: 40, siblingWeights: [{ id: q, weight: 100 }] });
    expect(alone.status).toBe(400);
    expect(alone.body.errors.weight).toBe('同级指标权重之和须为100，当前为140');
    const missing = await addIndex(versionId, { code: 'D', nameZh: '交付', nameEn: 'Delivery', weight: 100 });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ siblingWeights: '请填写所有同级指标的权重' });
    const ok = await addIndex(versionId, { code: 'D', nameZh: '交付', nameEn: 'Delivery', weight: 33.34, siblingWeights: [{ id: q, weight: 66.66 }] });
    expect(ok.status).toBe(200);
    const t = await tree(versionId);
    expect(t.children.map((n: { code: string; weight: number }) => [n.code, n.weight])).toEqual([
      ['D', 33.34],
      ['Q', 66.66],
    ]);
    // Each first-level index still lacks indices: the version is not usable by a plan yet.
    expect(t.incomplete).toEqual(['一级指标D下没有指标', '一级指标Q下没有指标']);
  });

  it('deletes an index only with the remaining siblings adding up to 100', async () => {
    const s = await completeSystem(db);
    const bad = await as(who.manager).post('/v1/performance-index/del', { kind: 'INDEX', id: s.ppm, siblingWeights: [{ id: s.audit, weight: 50 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ siblingWeights: '同级指标权重之和须为100，当前为50' });
    const ok = await as(who.manager).post('/v1/performance-index/del', { kind: 'INDEX', id: s.ppm, siblingWeights: [{ id: s.audit, weight: 100 }] });
    expect(ok.status).toBe(200);
    const quality = (await tree(s.versionId)).children.find((n: { code: string }) => n.code === 'Q');
    expect(quality.children.map((n: { code: string; weight: number }) => [n.code, n.weight])).toEqual([['Q-AUDIT', 100]]);
  });

  it('refuses to delete a first-level index that still has indices', async () => {
    const s = await completeSystem(db);
    const res = await as(who.manager).post('/v1/performance-index/del', { kind: 'INDEX', id: s.delivery, siblingWeights: [{ id: s.quality, weight: 100 }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('请先删除该一级指标下的指标');
  });
});

describe('bad input is answered 400 naming the field', () => {
  it('a manual index without a reviewer role, a computed one without bands, a band that rewards worse figures', async () => {
    const s = await completeSystem(db);
    const base = { versionId: s.versionId, parentId: s.delivery, nameZh: '客户干扰', nameEn: 'Disruptions', weight: 50, siblingWeights: [{ id: s.otd, weight: 50 }] };
    const manual = await addIndex(s.versionId, { ...base, code: 'D-X', method: 'MANUAL' });
    expect(manual.status).toBe(400);
    expect(manual.body.errors).toEqual({ reviewerRole: '请选择评分角色' });
    const noBands = await addIndex(s.versionId, { ...base, code: 'D-X', method: 'COMPUTED', figureKind: 'CUSTOMER_DISRUPTIONS', direction: 'LOWER' });
    expect(noBands.body.errors).toEqual({ bands: '请至少设置一个评分区间' });
    const inverted = await addIndex(s.versionId, {
      ...base,
      code: 'D-X',
      method: 'COMPUTED',
      figureKind: 'CUSTOMER_DISRUPTIONS',
      direction: 'LOWER',
      bands: [
        { threshold: 0, score: 50 },
        { threshold: 2, score: 100 },
      ],
    });
    expect(inverted.body.errors).toEqual({ bands: '表现越好的区间得分不能越低' });
  });

  it('a code already in the version, a weight with 3 decimals, an unknown kind', async () => {
    const s = await completeSystem(db);
    const taken = await addIndex(s.versionId, { parentId: s.delivery, code: 'D-OTD', nameZh: 'x', nameEn: 'x', weight: 50, method: 'MANUAL', reviewerRole: 'SUPPLY_REVIEWER', siblingWeights: [{ id: s.otd, weight: 50 }] });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual({ code: '指标编码D-OTD在该版本中已存在' });
    const decimals = await addIndex(s.versionId, { parentId: s.delivery, code: 'D-Y', weight: 50.001, method: 'MANUAL', reviewerRole: 'SUPPLY_REVIEWER', siblingWeights: [{ id: s.otd, weight: 49.999 }] });
    expect(decimals.status).toBe(400);
    expect(decimals.body.errors.weight).toBe('权重须大于0且不超过100，最多2位小数');
    expect((await as(who.manager).post('/v1/performance-index/add', { kind: 'FOLDER' })).status).toBe(400);
    expect((await as(who.manager).post('/v1/performance-index/add', { kind: 'INDEX', versionId: 'NOPE-V1', parentId: null, code: 'X', nameZh: 'x', nameEn: 'x', weight: 100 })).status).toBe(404);
  });
});

describe('a version used by a started plan is frozen', () => {
  it('refuses re-weighting, adding and deleting with 409 naming the plan; names may still be corrected; a new version takes the change', async () => {
    const s = await completeSystem(db);
    const planNo = await draftPlan(db, s.versionId);
    // A draft plan does not freeze its version.
    const reweight = { kind: 'INDEX', id: s.audit, parentId: s.quality, code: 'Q-AUDIT', nameZh: '过程审核', nameEn: 'Process audit', weight: 40, method: 'MANUAL', reviewerRole: 'QUALITY_REVIEWER', siblingWeights: [{ id: s.ppm, weight: 60 }] };
    expect((await as(who.manager).post('/v1/performance-index/edit', reweight)).status).toBe(200);

    await setPlanStatus(db, planNo, 'running');
    const refused = await as(who.manager).post('/v1/performance-index/edit', { ...reweight, weight: 50, siblingWeights: [{ id: s.ppm, weight: 50 }] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`指标体系版本1已被绩效计划${planNo}使用，不能删除指标或修改权重与评分规则，请新建版本`);
    const knockOut = await as(who.manager).post('/v1/performance-index/edit', { ...reweight, knockOut: true });
    expect(knockOut.status).toBe(409);
    expect((await as(who.manager).post('/v1/performance-index/del', { kind: 'INDEX', id: s.ppm, siblingWeights: [{ id: s.audit, weight: 100 }] })).status).toBe(409);
    expect(
      (await addIndex(s.versionId, { parentId: s.delivery, code: 'D-Z', nameZh: 'z', nameEn: 'z', weight: 50, method: 'MANUAL', reviewerRole: 'SUPPLY_REVIEWER', siblingWeights: [{ id: s.otd, weight: 50 }] }))
        .status,
    ).toBe(409);
    const renamed = await as(who.manager).post('/v1/performance-index/edit', { ...reweight, nameZh: '过程审核（VDA 6.3）' });
    expect(renamed.status).toBe(200);
    // The system cannot go while a plan references it.
    const delSystem = await as(who.manager).post('/v1/performance-index/del', { kind: 'SYSTEM', code: s.code });
    expect(delSystem.status).toBe(409);
    expect(delSystem.body.message).toBe(`指标体系已被绩效计划${planNo}引用，不能删除`);

    const v2 = await as(who.manager).post('/v1/performance-index/add', { kind: 'VERSION', systemCode: s.code });
    expect(v2.status).toBe(200);
    expect(v2.body.data.versionId).toBe(`${s.code}-V2`);
    const copy = await tree(v2.body.data.versionId);
    const quality2 = copy.children.find((n: { code: string }) => n.code === 'Q');
    const audit2 = quality2.children.find((n: { code: string }) => n.code === 'Q-AUDIT');
    const ppm2 = quality2.children.find((n: { code: string }) => n.code === 'Q-PPM');
    expect(audit2.id).not.toBe(s.audit);
    expect([audit2.nameZh, audit2.weight, ppm2.weight, ppm2.knockOut]).toEqual(['过程审核（VDA 6.3）', 40, 60, true]);
    const edited = await as(who.manager).post('/v1/performance-index/edit', { ...reweight, id: audit2.id, parentId: quality2.id, weight: 50, siblingWeights: [{ id: ppm2.id, weight: 50 }] });
    expect(edited.status).toBe(200);
    const systems = (await as(who.manager).get('/v1/performance-index/list-system')).body.data;
    const versions = systems.find((x: { code: string }) => x.code === s.code).versions;
    expect(versions.map((v: { version: number; frozenBy: string | null; complete: boolean }) => [v.version, v.frozenBy, v.complete])).toEqual([
      [2, null, true],
      [1, planNo, true],
    ]);
  });
});

describe('reads', () => {
  it('list-one answers the first-level indices; search finds indices by name with their place; role lists the reviewer roles', async () => {
    const s = await completeSystem(db);
    const one = (await as(who.quality).get(`/v1/performance-index/list-one?versionId=${s.versionId}`)).body.data;
    expect(one.map((n: { code: string; weight: number; children: unknown[] }) => [n.code, n.weight, n.children.length])).toEqual([
      ['D', 40, 0],
      ['Q', 60, 0],
    ]);
    const found = (await as(who.quality).get(`/v1/performance-index/search?versionId=${s.versionId}&keyword=PPM`)).body.data;
    expect(found).toMatchObject([{ code: 'Q-PPM', name: '来料PPM', path: '测试绩效体系 V1 / 质量', method: 'COMPUTED' }]);
    const roles = (await as(who.quality).get('/v1/performance-index/role')).body.data;
    expect(roles).toContainEqual({ code: 'QUALITY_REVIEWER', name: '质量评审', staffCount: 1 });
    expect((await as(who.quality).get('/v1/performance-index/list-one')).status).toBe(400);
  });

  it('writes an operation-history row (relation type 30) for every change of the tree', async () => {
    const s = await completeSystem(db);
    const rows = await db
      .selectFrom('operation_history')
      .select(['action', 'operator_name'])
      .where('relation_type', '=', RELATION_TYPE.ASSESSMENT)
      .where('relation_code', '=', s.code)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['PERF_SYSTEM_ADD', 'PERF_INDEX_ADD', 'PERF_INDEX_ADD', 'PERF_INDEX_ADD', 'PERF_INDEX_ADD', 'PERF_INDEX_ADD']);
    expect(rows[0].operator_name).toBe('黄丽');
  });
});
