import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { addDays } from '#domain/certificates/certificate.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { wireDay } from '#domain/date-time.ts';
import { addMonths } from '#domain/requalification/requalification.ts';
import { concludeRequalification } from '#services/requalification/outcome.ts';
import { dueRequalifications } from '#services/requalification/due.ts';
import { ensureSupplierAccount } from '#services/supplier-portal/accounts.ts';
import { admittedSupplier } from '../support/change-process-fixtures.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { recordingCertificates } from '../support/recording-certificates.ts';
import { recordingExits } from '../support/recording-exits.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { OTHER_PURCHASER, PURCHASER } from '../support/rfi-questionnaire.ts';
import { newStaffSession, staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Requalification over HTTP and in its services (docs/decisions/0055-requalification.md): who may start one and every
 * refusal, the flow it records (its plan, people, portal accounts, history, the engine's FlowKind), the category
 * policies, what falls due by schedule and by an ended certificate, and each outcome on the categories. The
 * workflows are recorded here; tests/workflow/requalification.test.ts and the browser story run them.
 */
let app: TestApp;
let db: Db;
let api: HttpClient;
const engine = recordingFlows();
const certificates = recordingCertificates();
const who = {} as Record<'pm' | 'otherPm' | 'admin', Caller>;
const as = (c: Caller | null) => api.as(c);

beforeAll(async () => {
  app = await startTestApp({ flows: engine.flows, certificates: certificates.certificates });
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { pm: PURCHASER, otherPm: OTHER_PURCHASER, admin: 'E10001' }));
});
afterAll(() => app.close());

/** An admitted supplier (purchasing manager PURCHASER, CMT leader E10010) with two categories and a portal account. */
async function supplierWithCategories(opts: { qualifiedMonthsAgo?: number } = {}) {
  const s = await admittedSupplier(db);
  const accountId = await ensureSupplierAccount(db, s.flowNo);
  const qualified = opts.qualifiedMonthsAgo === undefined ? new Date() : new Date(`${addMonths(wireDay(new Date()), -opts.qualifiedMonthsAgo)}T02:00:00Z`);
  await db
    .insertInto('supplier_category')
    .values(['101001', '101002'].map((category_code) => ({ supplier_no: s.supplierNo, category_code, flow_no: s.flowNo, accessed_at: qualified, qualified_at: qualified })))
    .execute();
  return { ...s, accountId: accountId! };
}

const start = (body: unknown, caller: Caller | null = who.pm) => as(caller).post('/api/v1/requalification/start', body);
const requalification = (flowNo: string) => db.selectFrom('requalification').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();

describe('starting a requalification by hand', () => {
  it("records a flow of the requalification scenario for the supplier's categories, with its people, portal accounts and history, and starts it as one", async () => {
    const s = await supplierWithCategories();
    const res = await start({ supplierNo: s.supplierNo, categoryCodes: ['101001'], reason: '客户投诉增多' });
    expect(res.status).toBe(200);
    const { flowNo } = res.body.data;
    expect(res.body.data.message).toBe('再认证已发起');

    const flow = await db.selectFrom('cert_flow').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow).toMatchObject({ apply_type: 3, cert_scenario: 'REQUALIFICATION', supplier_no: s.supplierNo, supplier_code: s.supplierCode, purchase_job_number: PURCHASER, cmt_leader_job_number: 'E10010', stage: STAGE.PREPARATION, current_node_code: 'SELF_INSPECTION' });
    expect(flow.node_plan.map((n) => n.nodeCode)).toEqual(['START', 'SELF_INSPECTION', 'SYSTEM_CERT', 'KCP2']);
    expect(flow.category_list).toEqual([{ code: '101001', name: '白车身冲压件' }]);
    expect(await requalification(flowNo)).toMatchObject({ trigger: 'manual', outcome: 'running', on_failure: 'exit', category_codes: ['101001'] });
    // The supplier's portal account answers the self-inspection of the new flow.
    expect(await db.selectFrom('supplier_account_flow').select('account_id').where('flow_no', '=', flowNo).execute()).toEqual([{ account_id: s.accountId }]);
    const [started] = engine.callsOf(flowNo).startFlow;
    expect(started[0]).toMatchObject({ requalification: true, searchAttributes: { flowKind: 'REQUALIFY', scenario: 'REQUALIFICATION', supplierCode: s.supplierCode } });
    const history = await db.selectFrom('operation_history').select(['action', 'description', 'operator_name']).where('relation_code', '=', flowNo).execute();
    expect(history).toEqual([expect.objectContaining({ action: 'REQUALIFY_APPLY', description: expect.stringContaining('手动发起再认证') })]);

    // The flow list and the progress page mark it.
    const list = await as(who.pm).post('/v1/cert-flow-node/flow-list', { currentPage: 1, pageSize: 20, flowNo });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.records).toEqual([expect.objectContaining({ flowNo, requalification: { trigger: 'manual', outcome: 'running' } })]);
    const detail = await as(who.pm).get(`/v1/cert-flow-node/detail?flowNo=${flowNo}`);
    expect(detail.body.data.requalification).toEqual({ trigger: 'manual', outcome: 'running', exitFlowNo: null });
  });

  it('refuses, naming the field: no category, no reason, a category the supplier is not admitted for — and nothing is recorded', async () => {
    const s = await supplierWithCategories();
    const count = async () => (await db.selectFrom('requalification').select('flow_no').where('supplier_no', '=', s.supplierNo).execute()).length;
    const none = await start({ supplierNo: s.supplierNo, categoryCodes: [], reason: 'x' });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ categoryCodes: '请选择再认证的品类' });
    const noReason = await start({ supplierNo: s.supplierNo, categoryCodes: ['101001'], reason: '  ' });
    expect(noReason.body.errors).toEqual({ reason: '请输入再认证原因' });
    const tooLong = await start({ supplierNo: s.supplierNo, categoryCodes: ['101001'], reason: '因'.repeat(501) });
    expect(tooLong.body.errors).toEqual({ reason: '长度不能超过500个字符' });
    const other = await start({ supplierNo: s.supplierNo, categoryCodes: ['101003'], reason: '抽查' });
    expect(other.status).toBe(400);
    expect(other.body.errors).toEqual({ categoryCodes: '这些品类不是该供应商已准入的品类：热成型件' });
    expect(await count()).toBe(0);
  });

  it('refuses a second requalification of a category already under one, naming the running flow; another category may start', async () => {
    const s = await supplierWithCategories();
    const first = (await start({ supplierNo: s.supplierNo, categoryCodes: ['101001'], reason: '第一次' })).body.data.flowNo;
    const again = await start({ supplierNo: s.supplierNo, categoryCodes: ['101001', '101002'], reason: '第二次' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`这些品类已有进行中的再认证（${first}）`);
    expect((await start({ supplierNo: s.supplierNo, categoryCodes: ['101002'], reason: '另一品类' })).status).toBe(200);
  });

  it('is for staff with the permission who are responsible for the supplier (or administrators)', async () => {
    const s = await supplierWithCategories();
    const body = { supplierNo: s.supplierNo, categoryCodes: ['101001'], reason: '抽查' };
    const other = await start(body, who.otherPm);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('您没有发起该供应商再认证的权限');
    expect((await start(body, await newStaffSession(db))).status).toBe(403);
    expect((await start(body, null)).status).toBe(401);
    expect((await start(body, who.admin)).status).toBe(200);
  });

  it("shows on the supplier's page: each category's last qualification and next due day, the requalifications, and whether the reader may start one", async () => {
    const s = await supplierWithCategories({ qualifiedMonthsAgo: 2 });
    await db.insertInto('requalification_policy').values({ category_code: '101002', interval_months: 12, on_failure: 'restrict', updated_by: 'test' }).onConflict((oc) => oc.column('category_code').doUpdateSet({ interval_months: 12, on_failure: 'restrict' })).execute();
    const { flowNo } = (await start({ supplierNo: s.supplierNo, categoryCodes: ['101001'], reason: '抽查' })).body.data;
    const page = (await as(who.pm).get(`/api/v1/suppliers/detail?supplierNo=${s.supplierNo}`)).body.data;
    const since = addMonths(wireDay(new Date()), -2);
    expect(page.categories).toEqual([
      expect.objectContaining({ categoryCode: '101001', qualifiedOn: since, restrictedOn: null, nextRequalificationDay: null }),
      expect.objectContaining({ categoryCode: '101002', qualifiedOn: since, nextRequalificationDay: addMonths(since, 12) }),
    ]);
    expect(page.requalifications).toEqual([expect.objectContaining({ flowNo, trigger: 'manual', outcome: 'running', categoryNames: '白车身冲压件', exitFlowNo: null })]);
    expect(page.mayRequalify).toBe(true);
    await db.deleteFrom('requalification_policy').where('category_code', '=', '101002').execute();
  });
});

describe('the category policies', () => {
  const save = (body: unknown, caller: Caller = who.admin) => as(caller).post('/api/v1/requalification/policies/save', body);

  it('are kept by the configuration permission, each rule refused by name, and wake the watch', async () => {
    const wakes = () => certificates.calls.filter((c) => c.method === 'certificatesChanged').length;
    const woken = wakes();
    expect((await save({ categoryCode: '101004', intervalMonths: 24, onFailure: 'restrict' })).status).toBe(200);
    expect(wakes()).toBe(woken + 1);
    const list = (await as(who.admin).get('/api/v1/requalification/policies')).body.data;
    expect(list).toContainEqual(expect.objectContaining({ categoryCode: '101004', categoryName: '铝合金冲压件', intervalMonths: 24, onFailure: 'restrict' }));

    expect((await save({ categoryCode: '101004', intervalMonths: 0, onFailure: 'exit' })).body.errors).toEqual({ intervalMonths: '周期须为1至120个月，或留空（仅手动发起）' });
    expect((await save({ categoryCode: '101004', intervalMonths: 121, onFailure: 'exit' })).body.errors).toEqual({ intervalMonths: '周期须为1至120个月，或留空（仅手动发起）' });
    expect((await save({ categoryCode: '101004', intervalMonths: null, onFailure: 'nothing' })).body.errors).toEqual({ onFailure: '请选择不通过时的处理' });
    const large = await save({ categoryCode: '10', intervalMonths: 12, onFailure: 'exit' });
    expect(large.status).toBe(400);
    expect(large.body.errors).toEqual({ categoryCode: expect.any(String) });
    expect((await save({ categoryCode: '101004', intervalMonths: 12, onFailure: 'exit' }, who.pm)).status).toBe(403);

    expect((await as(who.admin).post('/api/v1/requalification/policies/delete', { categoryCode: '101004' })).status).toBe(200);
    expect((await as(who.admin).get('/api/v1/requalification/policies')).body.data).not.toContainEqual(expect.objectContaining({ categoryCode: '101004' }));
  });
});

describe('what an ended certificate of a kind does', () => {
  const save = (body: unknown, caller: Caller = who.admin) => as(caller).post('/api/v1/certificates/kinds/save', body);
  const kinds = async () => (await as(who.admin).get('/api/v1/certificates/kinds')).body.data as { kind: string; onExpiry: string; requalifyAfterDays: number | null; dated: boolean; changedBy: string | null }[];

  it('is the dictionary default until the configuration sets it; each rule refused by name; undated kinds have nothing to set', async () => {
    const iatf = () => kinds().then((list) => list.find((k) => k.kind === 'IATF16949'));
    expect(await iatf()).toMatchObject({ onExpiry: 'block', requalifyAfterDays: 30, dated: true, changedBy: null });
    expect((await kinds()).find((k) => k.kind === 'ORG_CHART')).toMatchObject({ dated: false });

    expect((await save({ kind: 'IATF16949', onExpiry: 'warn', requalifyAfterDays: 60 })).status).toBe(200);
    expect(await iatf()).toMatchObject({ onExpiry: 'warn', requalifyAfterDays: 60, changedBy: '系统管理员' });
    // The supplier page's block follows the setting: an ended IATF 16949 now only warns.
    const s = await supplierWithCategories();
    await db.insertInto('supplier_certificate').values({ supplier_no: s.supplierNo, kind: 'IATF16949', valid_from: '2020-01-01', valid_until: '2024-01-01', file_url: '/f', source: s.flowNo, status: 'expired' }).execute();
    expect((await as(who.pm).get(`/api/v1/suppliers/detail?supplierNo=${s.supplierNo}`)).body.data.blockingCertificates).toEqual([]);

    expect((await save({ kind: 'IATF16949', onExpiry: 'block', requalifyAfterDays: -1 })).body.errors).toEqual({ requalifyAfterDays: '宽限期须为0至365天，或留空（不自动发起再认证）' });
    expect((await save({ kind: 'IATF16949', onExpiry: 'block', requalifyAfterDays: 366 })).body.errors).toEqual({ requalifyAfterDays: '宽限期须为0至365天，或留空（不自动发起再认证）' });
    expect((await save({ kind: 'IATF16949', onExpiry: 'maybe', requalifyAfterDays: null })).body.errors).toEqual({ onExpiry: '取值无效' });
    expect((await save({ kind: 'ORG_CHART', onExpiry: 'block', requalifyAfterDays: null })).body.errors).toEqual({ kind: '该证书类型没有有效期，无需设置' });
    expect((await save({ kind: 'NO_SUCH', onExpiry: 'block', requalifyAfterDays: null })).status).toBe(400);
    expect((await save({ kind: 'IATF16949', onExpiry: 'block', requalifyAfterDays: 30 }, who.pm)).status).toBe(403);
    expect(await iatf()).toMatchObject({ onExpiry: 'warn', requalifyAfterDays: 60 });

    expect((await save({ kind: 'IATF16949', onExpiry: 'block', requalifyAfterDays: 30 })).status).toBe(200);
  });
});

describe('what falls due', () => {
  it("a category whose interval has passed since it qualified, once: a requalification covering it since its due day answers it", async () => {
    const s = await supplierWithCategories({ qualifiedMonthsAgo: 13 });
    await db.insertInto('requalification_policy').values({ category_code: '101003', interval_months: 12, on_failure: 'exit', updated_by: 'test' }).onConflict((oc) => oc.column('category_code').doNothing()).execute();
    await db.insertInto('requalification_policy').values({ category_code: '101001', interval_months: 12, on_failure: 'exit', updated_by: 'test' }).onConflict((oc) => oc.column('category_code').doUpdateSet({ interval_months: 12 })).execute();
    const dueDay = addMonths(addMonths(wireDay(new Date()), -13), 12);
    const due = (await dueRequalifications(db, new Date())).due.filter((d) => d.supplierNo === s.supplierNo);
    expect(due).toEqual([{ supplierNo: s.supplierNo, categoryCodes: ['101001'], trigger: 'schedule', triggerRef: dueDay, reason: `品类再认证周期已到（${dueDay}）` }]);

    const { flowNo } = (await start({ supplierNo: s.supplierNo, categoryCodes: ['101001'], reason: '按周期' })).body.data;
    expect((await dueRequalifications(db, new Date())).due.filter((d) => d.supplierNo === s.supplierNo)).toEqual([]);
    // Withdrawn, it is not started again by the schedule: a person decides.
    await db.updateTable('requalification').set({ outcome: 'withdrawn' }).where('flow_no', '=', flowNo).execute();
    expect((await dueRequalifications(db, new Date())).due.filter((d) => d.supplierNo === s.supplierNo)).toEqual([]);
    await db.deleteFrom('requalification_policy').where('category_code', 'in', ['101001', '101003']).execute();
  });

  it('an IATF 16949 ended and not renewed for its 30 days of grace: every admitted category, once per certificate; its next day before that', async () => {
    const s = await supplierWithCategories();
    const today = wireDay(new Date());
    const insert = (validUntil: string) =>
      db
        .insertInto('supplier_certificate')
        .values({ supplier_no: s.supplierNo, kind: 'IATF16949', issuer: 'TÜV', certificate_no: 'IATF-9', valid_from: '2020-01-01', valid_until: validUntil, file_url: '/f', source: s.flowNo, status: 'expired' })
        .returning('id')
        .executeTakeFirstOrThrow();
    const recent = await insert(addDays(today, -10));
    const mine = async () => (await dueRequalifications(db, new Date())).due.filter((d) => d.supplierNo === s.supplierNo);
    expect(await mine()).toEqual([]);
    expect((await dueRequalifications(db, new Date())).nextDay! <= addDays(today, 21)).toBe(true);
    await db.updateTable('supplier_certificate').set({ valid_until: addDays(today, -31) }).where('id', '=', recent.id).execute();
    expect(await mine()).toEqual([expect.objectContaining({ trigger: 'certificate', triggerRef: String(recent.id), categoryCodes: ['101001', '101002'] })]);
    // Renewed (the old one replaced), nothing is due.
    await db.updateTable('supplier_certificate').set({ status: 'replaced' }).where('id', '=', recent.id).execute();
    expect(await mine()).toEqual([]);
  });
});

describe('the outcome on the categories', () => {
  async function running(onFailure: 'exit' | 'restrict') {
    const s = await supplierWithCategories({ qualifiedMonthsAgo: 3 });
    const { flowNo } = (await start({ supplierNo: s.supplierNo, categoryCodes: ['101001'], reason: '抽查' })).body.data;
    await db.updateTable('requalification').set({ on_failure: onFailure } as never).where('flow_no', '=', flowNo).execute();
    const categories = () => db.selectFrom('supplier_category').select(['category_code', 'qualified_at', 'restricted_at', 'life_cycle']).where('supplier_no', '=', s.supplierNo).orderBy('category_code').execute();
    return { ...s, flowNo, categories };
  }

  it('passed: the flow finishes, its categories qualify from today (the others unchanged)', async () => {
    const r = await running('exit');
    const exits = recordingExits();
    await concludeRequalification({ db, exits: exits.exits }, { flowNo: r.flowNo, outcome: 'passed' });
    const [one, two] = await r.categories();
    expect(wireDay(one.qualified_at!)).toBe(wireDay(new Date()));
    expect(wireDay(two.qualified_at!)).toBe(addMonths(wireDay(new Date()), -3));
    expect((await db.selectFrom('cert_flow').select('stage').where('flow_no', '=', r.flowNo).executeTakeFirstOrThrow()).stage).toBe(STAGE.FINISHED);
    expect(await requalification(r.flowNo)).toMatchObject({ outcome: 'passed', exit_flow_no: null });
    expect(exits.calls).toEqual([]);
  });

  it('failed, restricting: the categories are restricted, the flow terminated, no exit', async () => {
    const r = await running('restrict');
    const exits = recordingExits();
    await concludeRequalification({ db, exits: exits.exits }, { flowNo: r.flowNo, outcome: 'failed', reason: 'KCP2 failed' });
    const [one, two] = await r.categories();
    expect(one.restricted_at).not.toBeNull();
    expect(two.restricted_at).toBeNull();
    expect((await db.selectFrom('cert_flow').select('stage').where('flow_no', '=', r.flowNo).executeTakeFirstOrThrow()).stage).toBe(STAGE.TERMINATED);
    expect(exits.calls).toEqual([]);
  });

  it("failed, exiting: a category exit is submitted to the CMT leader, sponsored by the flow's purchasing manager — once, however often it is concluded", async () => {
    const r = await running('exit');
    const exits = recordingExits();
    const first = await concludeRequalification({ db, exits: exits.exits }, { flowNo: r.flowNo, outcome: 'failed', reason: 'KCP2 failed' });
    const again = await concludeRequalification({ db, exits: exits.exits }, { flowNo: r.flowNo, outcome: 'failed', reason: 'KCP2 failed' });
    expect(again).toEqual(first);
    const exit = await db.selectFrom('supplier_exit').selectAll().where('flow_no', '=', first.exitFlowNo!).executeTakeFirstOrThrow();
    expect(exit).toMatchObject({ supplier_no: r.supplierNo, scope: 'CATEGORY', category_codes: ['101001'], status: 'submitted', exit_types: ['REQUALIFICATION_FAILED'], sponsor_job_number: PURCHASER, approver_job_number: 'E10010' });
    expect(exits.calls.map((c) => c.method)).toEqual(['start', 'start']);
    expect(exits.calls[0].args[0]).toMatchObject({ flowNo: first.exitFlowNo, approverJobNumber: 'E10010', sponsorJobNumber: PURCHASER });
    expect((await db.selectFrom('supplier_exit').select('flow_no').where('supplier_no', '=', r.supplierNo).execute()).length).toBe(1);
    // The categories stay admitted until the exit's approval.
    expect((await r.categories()).map((c) => c.life_cycle)).toEqual([0, 0]);
    const history = await db.selectFrom('operation_history').select('description').where('relation_code', '=', r.flowNo).where('action', '=', 'REQUALIFICATION_OUTCOME').execute();
    expect(history).toEqual([{ description: `再认证结果：不通过，已提交品类退出 ${first.exitFlowNo}` }]);
  });
});
