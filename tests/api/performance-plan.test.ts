import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { completeSystem, draftPlan, insertSummary, PERF, planForm, setPlanStatus } from '../support/performance-fixtures.ts';
import { invitedSupplier } from '../support/rfi-questionnaire.ts';
import { newStaffSession, staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The performance plan calls over HTTP (req performance §7.3; docs/decisions/0036-supplier-performance-1-of-2.md "Supplier performance"): who may
 * create and change a plan, admitted suppliers only, reviewers for every role the indices need, drafts only
 * edited, conclusions only once calculated, and who sees which plans.
 */
let app: TestApp;
let db: Db;
let api: HttpClient;
let versionId: string;
const who = {} as Record<'manager' | 'admin' | 'owner' | 'otherPm' | 'reviewer' | 'keyless', Caller> & { supplier: Caller };
const as = (c: Caller | null) => api.as(c);

beforeAll(async () => {
  app = await startTestApp();
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { manager: PERF.manager, admin: PERF.admin, owner: PERF.owner, otherPm: PERF.otherPm, reviewer: PERF.qualityReviewer }));
  who.keyless = await newStaffSession(db);
  who.supplier = { authorization: (await invitedSupplier(db, app.deps.config.appSecret)).authorization };
  ({ versionId } = await completeSystem(db));
  // A supplier that left (inactive) and one whose only category is eliminated: neither is admitted.
  await db
    .insertInto('supplier')
    .values([
      { supplier_no: 'SN900001', supplier_code: '900001', name: '已停用供应商', credit_code: '91110000000000001X', status: 20 },
      { supplier_no: 'SN900002', supplier_code: '900002', name: '已淘汰供应商', credit_code: '91110000000000002X' },
    ])
    .execute();
  await db
    .insertInto('supplier_category')
    .values([
      { supplier_no: 'SN900001', category_code: '101001' },
      { supplier_no: 'SN900002', category_code: '101001', life_cycle: 2 },
    ])
    .execute();
});
afterAll(() => app.close());

const create = (caller: Caller | null, overrides: Parameters<typeof planForm>[1] = {}) => as(caller).post('/v1/performance-plan/create', planForm(versionId, overrides));

describe('who may create and change a plan', () => {
  it('create: holders of scm-cspm:performance-manage; purchasing managers and reviewers 403, a supplier and nobody 401', async () => {
    expect((await create(null)).status).toBe(401);
    expect((await create(who.supplier)).status).toBe(401);
    expect((await create(who.otherPm)).status).toBe(403);
    expect((await create(who.reviewer)).status).toBe(403);
    expect((await create(who.admin)).status).toBe(200);
    const res = await create(who.manager);
    expect(res.status).toBe(200);
    expect(res.body.data.planNo).toMatch(/^PP\d{11}$/);
    const detail = (await as(who.manager).get(`/v1/performance-plan/detail?planNo=${res.body.data.planNo}`)).body.data;
    expect(detail).toMatchObject({
      status: 'draft',
      statusName: '草稿',
      periodStart: '2026-10-01',
      periodEnd: '2026-12-31',
      owner: '周婷',
      gradeThresholds: { A: 90, B: 80 },
      reviewers: [{ role: 'QUALITY_REVIEWER', roleName: '质量评审', members: [{ jobNumber: 'E10020', name: '张伟' }] }],
    });
    expect(detail.suppliers.map((s: { supplierNo: string }) => s.supplierNo)).toEqual(['SN000001', 'SN000002']);
  });

  it('edit and reword: the plan’s owner and managers; another purchasing manager 403, keyless staff 403, a supplier and nobody 401', async () => {
    const planNo = await draftPlan(db, versionId);
    const edit = { planNo, ...planForm(versionId, { supplierNos: ['SN000004'], gradeThresholds: { A: 85, B: 70 } }) };
    expect((await as(null).post('/v1/performance-plan/edit', edit)).status).toBe(401);
    expect((await as(who.supplier).post('/v1/performance-plan/edit', edit)).status).toBe(401);
    expect((await as(who.keyless).post('/v1/performance-plan/edit', edit)).status).toBe(403);
    const foreign = await as(who.otherPm).post('/v1/performance-plan/edit', edit);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('只有计划负责人或绩效管理员可以修改该计划');
    expect((await as(who.owner).post('/v1/performance-plan/edit', edit)).status).toBe(200);
    const detail = (await as(who.owner).get(`/v1/performance-plan/detail?planNo=${planNo}`)).body.data;
    expect(detail.suppliers.map((s: { supplierNo: string }) => s.supplierNo)).toEqual(['SN000004']);
    expect(detail.gradeThresholds).toEqual({ A: 85, B: 70 });

    const reword = { planNo, name: '2026年Q4绩效（修订）' };
    expect((await as(null).post('/v1/performance-plan/reword', reword)).status).toBe(401);
    expect((await as(who.supplier).post('/v1/performance-plan/reword', reword)).status).toBe(401);
    expect((await as(who.otherPm).post('/v1/performance-plan/reword', reword)).status).toBe(403);
    expect((await as(who.owner).post('/v1/performance-plan/reword', reword)).status).toBe(200);
    expect((await as(who.manager).post('/v1/performance-plan/reword', { ...reword, name: '2026年Q4绩效' })).status).toBe(200);

    // Once the round runs, the form is fixed; the name may still change.
    await setPlanStatus(db, planNo, 'running');
    const late = await as(who.owner).post('/v1/performance-plan/edit', edit);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('绩效计划已启动，不能修改');
    expect((await as(who.owner).post('/v1/performance-plan/reword', reword)).status).toBe(200);

    const history = await db.selectFrom('operation_history').select('action').where('relation_type', '=', RELATION_TYPE.ASSESSMENT).where('relation_code', '=', planNo).orderBy('id').execute();
    expect(history.map((h) => h.action)).toEqual(['PERF_PLAN_CREATE', 'PERF_PLAN_EDIT', 'PERF_PLAN_REWORD', 'PERF_PLAN_REWORD', 'PERF_PLAN_REWORD']);
  });

  it('search-supplier: plan editors; a supplier and nobody 401, keyless staff 403', async () => {
    expect((await as(null).get('/v1/performance-plan/search-supplier?keyword=甬翔')).status).toBe(401);
    expect((await as(who.supplier).get('/v1/performance-plan/search-supplier?keyword=甬翔')).status).toBe(401);
    expect((await as(who.keyless).get('/v1/performance-plan/search-supplier?keyword=甬翔')).status).toBe(403);
    const found = (await as(who.owner).get('/v1/performance-plan/search-supplier?keyword=甬翔')).body.data;
    expect(found).toMatchObject([{ supplierNo: 'SN000001', supplierCode: '100001' }]);
    // Its eliminated category is not offered.
    expect(found[0].categories.map((c: { code: string }) => c.code)).toEqual(['101001', '101002']);
  });
});

describe('admitted suppliers only', () => {
  it('refuses suppliers that are inactive or only in eliminated categories, naming them under supplierNos', async () => {
    const res = await create(who.manager, { supplierNos: ['SN000001', 'SN900001', 'SN900002'] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ supplierNos: '以下供应商未准入或已停用：SN900001, SN900002' });
  });

  it('by category takes every admitted supplier of the categories, and none that is not', async () => {
    const res = await create(who.manager, { scopeMode: 'CATEGORY', categoryCodes: ['101001', '401001'], supplierNos: [] });
    expect(res.status).toBe(200);
    const detail = (await as(who.manager).get(`/v1/performance-plan/detail?planNo=${res.body.data.planNo}`)).body.data;
    expect(detail.suppliers.map((s: { supplierNo: string; categoryNames: string[] }) => s.supplierNo)).toEqual(['SN000001', 'SN000002']);
    const none = await create(who.manager, { scopeMode: 'CATEGORY', categoryCodes: ['103002'], supplierNos: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ categoryCodes: '所选品类下没有已准入的供应商' });
  });

  it('search-supplier offers admitted suppliers only', async () => {
    const found = (await as(who.manager).get('/v1/performance-plan/search-supplier?categoryCode=101001')).body.data;
    expect(found.map((s: { supplierNo: string }) => s.supplierNo)).toEqual(['SN000001']);
  });
});

describe('bad input is answered 400 naming the field', () => {
  it('period, thresholds, deadline, version, owner', async () => {
    expect((await create(who.manager, { period: '2026-13' })).body.errors).toEqual({ period: '周期格式不正确（月：2026-01，季度：2026-Q1，年：2026）' });
    expect((await create(who.manager, { gradeThresholds: { A: 80, B: 85 } })).body.errors).toEqual({ 'gradeThresholds.A': 'A级分数线须高于B级分数线' });
    expect((await create(who.manager, { deadline: '2020-01-01T00:00:00Z' })).body.errors).toEqual({ deadline: '截止时间不能早于当前时间' });
    expect((await create(who.manager, { ownerJobNumber: 'E99999' })).body.errors).toEqual({ ownerJobNumber: '人员不存在' });
    expect((await create(who.manager, { indexVersionId: 'PIS999-V1' })).body.errors).toEqual({ indexVersionId: '指标体系版本不存在' });
  });

  it('a version that is not complete', async () => {
    const added = await as(who.manager).post('/v1/performance-index/add', { kind: 'SYSTEM', nameZh: '空体系', nameEn: 'Empty' });
    const res = await create(who.manager, { indexVersionId: added.body.data.versionId });
    expect(res.status).toBe(400);
    expect(res.body.errors.indexVersionId).toBe('指标体系版本不完整：没有一级指标');
  });

  it('reviewers: every role the manual indices need, holding that role, and no role that scores nothing', async () => {
    const none = await create(who.manager, { reviewers: [] });
    expect(none.body.errors).toEqual({ reviewers: '请为评分角色“质量评审”指定评分人' });
    const wrong = await create(who.manager, { reviewers: [{ role: 'QUALITY_REVIEWER', jobNumbers: [PERF.otherPm] }] });
    expect(wrong.body.errors).toEqual({ 'reviewers.0.jobNumbers': 'E10002不具备评分角色“质量评审”' });
    const unused = await create(who.manager, {
      reviewers: [
        { role: 'QUALITY_REVIEWER', jobNumbers: [PERF.qualityReviewer] },
        { role: 'BUSINESS_REVIEWER', jobNumbers: [PERF.businessReviewer] },
      ],
    });
    expect(unused.body.errors).toEqual({ 'reviewers.1.role': '评分角色“商务评审”在该指标体系中没有需要评分的指标' });
  });

  it('English messages for an English caller', async () => {
    const res = await as(who.manager).header('x-locale', 'en').post('/v1/performance-plan/create', planForm(versionId, { supplierNos: ['SN900001'] }));
    expect(res.body.errors).toEqual({ supplierNos: 'These suppliers are not admitted or are inactive: SN900001' });
  });
});

describe('conclusion', () => {
  it('is refused before the round is calculated; records the summary’s grade and the remark', async () => {
    const planNo = await draftPlan(db, versionId);
    const one = { planNo, conclusions: [{ supplierNo: 'SN000001', outcome: 'MAINTAIN' }] };
    const early = await as(who.owner).post('/v1/performance-plan/conclusion', one);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('绩效计划尚未完成计算，不能下结论');

    await setPlanStatus(db, planNo, 'calculated');
    await insertSummary(db, planNo, 'SN000001', 92.5, 'A');
    await insertSummary(db, planNo, 'SN000002', 71, 'C');
    expect((await as(null).post('/v1/performance-plan/conclusion', one)).status).toBe(401);
    expect((await as(who.supplier).post('/v1/performance-plan/conclusion', one)).status).toBe(401);
    expect((await as(who.otherPm).post('/v1/performance-plan/conclusion', one)).status).toBe(403);
    expect((await as(who.owner).post('/v1/performance-plan/conclusion', one)).status).toBe(200);

    const stranger = await as(who.owner).post('/v1/performance-plan/conclusion', { planNo, conclusions: [{ supplierNo: 'SN000003', outcome: 'MAINTAIN' }] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors).toEqual({ 'conclusions.0.supplierNo': '供应商SN000003不在该计划中' });
    const badOutcome = await as(who.owner).post('/v1/performance-plan/conclusion', { planNo, conclusions: [{ supplierNo: 'SN000002', outcome: 'PROMOTE' }] });
    expect(badOutcome.body.errors).toEqual({ 'conclusions.0.outcome': '请选择结论' });

    const saved = await as(who.manager).post('/v1/performance-plan/conclusion', { planNo, conclusions: [{ supplierNo: 'SN000002', outcome: 'IMPROVE', remark: '提交8D及改进计划' }] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.message).toBe('保存成功');

    const detail = (await as(who.owner).get(`/v1/performance-plan/detail?planNo=${planNo}`)).body.data;
    expect(detail.status).toBe('calculated');
    expect(detail.suppliers.map((s: Record<string, unknown>) => [s.supplierNo, s.outcomeName, s.conclusionGrade, s.conclusionRemark, (s.summary as { finalScore: number }).finalScore])).toEqual([
      ['SN000001', '保持合作', 'A', null, 92.5],
      ['SN000002', '限期整改', 'C', '提交8D及改进计划', 71],
    ]);
    // The round's approval publishes (it concludes the plan); this call only records outcomes.
    await setPlanStatus(db, planNo, 'concluded');
    const again = await as(who.owner).post('/v1/performance-plan/conclusion', one);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('绩效计划已发布结论');
  });
});

describe('publishing', () => {
  it('is refused by the conclusion call, naming the state: only the approval of the round publishes', async () => {
    const planNo = await draftPlan(db, versionId);
    await setPlanStatus(db, planNo, 'calculated');
    await insertSummary(db, planNo, 'SN000001', 92.5, 'A');
    await insertSummary(db, planNo, 'SN000002', 71, 'C');
    const all = { planNo, publish: true, conclusions: [{ supplierNo: 'SN000001', outcome: 'MAINTAIN' }, { supplierNo: 'SN000002', outcome: 'IMPROVE' }] };

    const calculated = await as(who.owner).post('/v1/performance-plan/conclusion', all);
    expect(calculated.status).toBe(409);
    expect(calculated.body.message).toBe('绩效计划状态为“已计算”：结果只能在评估汇总提交审批并审批通过后发布');

    // The summary waits for its approval: publishing now would leave the round's workflow waiting on a published plan.
    await setPlanStatus(db, planNo, 'approving');
    const approving = await as(who.manager).post('/v1/performance-plan/conclusion', all);
    expect(approving.status).toBe(409);
    expect(approving.body.message).toBe('绩效计划状态为“审批中”：结果只能在评估汇总审批通过后发布');
    const english = await as(who.manager).locale('en').post('/v1/performance-plan/conclusion', all);
    expect(english.body.message).toBe('This plan is "In approval": its results are published only when the approval of its summary passes');

    const detail = (await as(who.owner).get(`/v1/performance-plan/detail?planNo=${planNo}`)).body.data;
    expect(detail.status).toBe('approving');
    expect(detail.suppliers.map((s: { outcome: string | null }) => s.outcome)).toEqual([null, null]);
    // Remarks are still recorded while the approval runs.
    expect((await as(who.owner).post('/v1/performance-plan/conclusion', { ...all, publish: false })).status).toBe(200);
  });
});

describe('who sees which plans', () => {
  it('managers and plan-screen holders list all; a reviewer opens the started plans they review; others nothing', async () => {
    const draft = await draftPlan(db, versionId, { name: '可见性-草稿' });
    const started = await draftPlan(db, versionId, { name: '可见性-已启动' });
    await setPlanStatus(db, started, 'running');
    const names = async (c: Caller) => ((await as(c).post('/v1/performance-plan/page', { keyword: '可见性' })).body.data.records as { name: string }[]).map((r) => r.name);
    expect(await names(who.manager)).toEqual(['可见性-已启动', '可见性-草稿']);
    expect(await names(who.otherPm)).toEqual(['可见性-已启动', '可见性-草稿']);
    expect((await as(who.reviewer).post('/v1/performance-plan/page', {})).status).toBe(403);
    expect((await as(who.keyless).post('/v1/performance-plan/page', {})).status).toBe(403);
    expect((await as(who.keyless).get(`/v1/performance-plan/detail?planNo=${started}`)).status).toBe(404);
    expect((await as(who.reviewer).get(`/v1/performance-plan/detail?planNo=${draft}`)).status).toBe(404);
    expect((await as(who.reviewer).get(`/v1/performance-plan/detail?planNo=${started}`)).status).toBe(200);
    expect((await as(who.supplier).post('/v1/performance-plan/page', {})).status).toBe(401);
    const row = ((await as(who.owner).post('/v1/performance-plan/page', { keyword: '可见性-草稿' })).body.data.records as { actions: unknown }[])[0];
    expect(row.actions).toEqual({ edit: true, reword: true, conclude: false, start: true, summary: false });
    const running = ((await as(who.owner).post('/v1/performance-plan/page', { keyword: '可见性-已启动' })).body.data.records as { actions: unknown }[])[0];
    expect(running.actions).toEqual({ edit: false, reword: true, conclude: false, start: false, summary: true });
  });
});
