import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_DIMENSIONS } from '#domain/cert-flow/dimensions.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { flowScenarioSettings } from '#services/scenario/scenario-read.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { listMyOpenTasks } from '#services/cert-flow/my-tasks.ts';
import { addWorkingDays } from '#domain/calendar/working-calendar.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { validRegisterApply } from '../support/fixtures.ts';
import { PURCHASER, invitedSupplier } from '../support/rfi-questionnaire.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { testErp } from '../support/erp.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';

const BASE = '/v1/flow-scenario-config';
const FULL = ['START', 'RFI', 'APTITUDE', 'KCP1', 'SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'KCP2', 'PUBLICITY', 'RELEASE'];
const node = (nodeCode: string) => ({
  nodeCode,
  nodeRequired: 10,
  kcp: nodeCode === 'KCP1' || nodeCode === 'KCP2',
  dueDays: nodeCode === 'START' || nodeCode === 'PUBLICITY' ? null : 5,
});
const config = (codes = FULL, publicitySeconds = 7 * 86_400) => ({
  nameZh: '测试场景',
  nameEn: 'Test scenario',
  scenarioType: 'NEW_SUPPLIER',
  nodes: codes.map(node),
  publicitySeconds,
  dimensions: INSPECTION_DIMENSIONS.map((d) => ({ code: d.code, owner: d.owner })),
});

/** Scenario configuration over HTTP (req scenario §2.5, §7.4), with the workflow start faked. */
describe('scenario configuration', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let admin: Caller;
  let pm: Caller;
  let supplier: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    admin = await staffSession(app.deps.db, 'E10001');
    pm = await staffSession(app.deps.db, PURCHASER);
    supplier = { authorization: (await invitedSupplier(app.deps.db, app.deps.config.appSecret)).authorization };
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null = admin, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).header('accept-language', locale);
  async function create(body = config()): Promise<string> {
    const res = await api().post(`${BASE}/save`, body);
    expect(res.status).toBe(201);
    return res.body.data.code;
  }
  const edit = (code: string, mode: 1 | 2, body = config()) => api().post(`${BASE}/edit`, { ...body, code, mode });
  /** Applies for a registration under the scenario over HTTP; answers the plan the workflow was started with. */
  async function applyUnder(code: string) {
    const res = await api(pm).post('/v1/cert-flow-node/create', await validRegisterApply(app.deps.db, { certScenario: code }));
    expect(res.status).toBe(201);
    const flowNo: string = res.body.data.flowNo;
    const [start] = engine.callsOf(flowNo).startFlow;
    return { flowNo, plan: start[0].plan.map((n) => n.nodeCode) };
  }
  const dictCodes = async (applyType: number) =>
    ((await api(pm).get('/dict/v1/scenario_list', { dictType: 'cert_scenario', scenarioType: applyType })).body.data as { code: string }[]).map((s) => s.code);

  it('lists the seeded scenarios, paged, with the version new flows get', async () => {
    const res = await api(admin, 'en').post(`${BASE}/flow-scenario-config-list`, { currentPage: 1, pageSize: 20 });
    expect(res.status).toBe(200);
    const rows = res.body.data.records as { code: string; name: string; appliedVersion: number; status: number }[];
    expect(rows.map((r) => r.code)).toEqual(expect.arrayContaining(['NEW_SUPPLIER', 'TRADING_COMPANY', 'CATEGORY_EXPANSION']));
    expect(rows.find((r) => r.code === 'NEW_SUPPLIER')).toMatchObject({ name: 'New supplier certification', appliedVersion: 1, status: 10 });
  });

  it('refuses an invalid plan with field errors in the caller language', async () => {
    const res = await api(null).header('accept-language', 'en').as(admin).post(`${BASE}/save`, config(FULL.filter((c) => c !== 'RELEASE')));
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ nodes: expect.stringMatching(/RELEASE/) });
    const zh = await api().post(`${BASE}/save`, { ...config(), publicitySeconds: 10 });
    expect(zh.body.errors).toEqual({ publicitySeconds: '公示期须在1分钟至30天之间' });
  });

  it('a new scenario is a draft: not offered to new flows until applied', async () => {
    const code = await create();
    expect(await dictCodes(1)).not.toContain(code);
    const refused = await api(pm).post('/v1/cert-flow-node/create', await validRegisterApply(app.deps.db, { certScenario: code }));
    expect(refused.status).toBe(400);
    expect((await edit(code, 2)).body.data).toMatchObject({ version: 1, message: '已应用，新发起的流程将使用此版本' });
    expect(await dictCodes(1)).toContain(code);
    expect(await dictCodes(2)).not.toContain(code);
  });

  it('editing an applied scenario makes a new version; running flows keep their plan and period, new flows get the new version', async () => {
    const code = await create(config(FULL, 5 * 86_400));
    await edit(code, 2, config(FULL, 5 * 86_400));
    const first = await applyUnder(code);
    expect(first.plan).toContain('SAMPLE_CERT');

    // EDIT: version 2 is saved, but new flows still get version 1 until it is applied.
    const withoutSample = config(FULL.filter((c) => c !== 'SAMPLE_CERT'), 120);
    expect((await edit(code, 1, withoutSample)).body.data.version).toBe(2);
    let info = (await api().get(`${BASE}/get_config-info`, { code, mode: 1 })).body.data;
    expect(info).toMatchObject({ version: 2, appliedVersion: 1, publicitySeconds: 120 });
    expect((await applyUnder(code)).plan).toContain('SAMPLE_CERT');

    // APPLY: new flows get version 2 without SAMPLE_CERT; the first flow's plan and period stay.
    expect((await edit(code, 2, withoutSample)).body.data.version).toBe(2);
    const second = await applyUnder(code);
    expect(second.plan).not.toContain('SAMPLE_CERT');
    const rows = await app.deps.db.selectFrom('cert_flow').select(['flow_no', 'node_plan', 'scenario_version']).where('flow_no', 'in', [first.flowNo, second.flowNo]).execute();
    const byNo = new Map(rows.map((r) => [r.flow_no, r]));
    expect(byNo.get(first.flowNo)!.node_plan.map((n) => n.nodeCode)).toContain('SAMPLE_CERT');
    expect([byNo.get(first.flowNo)!.scenario_version, byNo.get(second.flowNo)!.scenario_version]).toEqual([1, 2]);
    expect((await flowScenarioSettings(app.deps.db, first.flowNo)).publicitySeconds).toBe(5 * 86_400);
    expect((await flowScenarioSettings(app.deps.db, second.flowNo)).publicitySeconds).toBe(120);

    info = (await api().get(`${BASE}/get_config-info`, { code, mode: 2 })).body.data;
    expect(info.versions.map((v: { version: number; flows: number }) => [v.version, v.flows])).toEqual([
      [2, 1],
      [1, 2],
    ]);
    // Who saved each version, by name: the administrator (seeded as 系统管理员), not a job number.
    expect(info.versions.map((v: { createdBy: string }) => v.createdBy)).toEqual(['系统管理员', '系统管理员']);
    expect((await api(admin, 'en').get(`${BASE}/get_config-info`, { code: 'NEW_SUPPLIER', mode: 2 })).body.data.versions.at(-1).createdBy).toBe('System');
    const diff = await api(admin, 'en').get(`${BASE}/version-diff`, { code, from: 1, to: 2 });
    expect(diff.body.data).toEqual([
      { kind: 'node', key: 'SAMPLE_CERT', change: 'removed', before: 'required, 5d', after: null },
      { kind: 'setting', key: 'publicitySeconds', change: 'changed', before: '432000', after: '120' },
    ]);
    // Once applied, the type is fixed (its flows' apply type depends on it).
    const retype = await edit(code, 1, { ...withoutSample, scenarioType: 'TRADING_COMPANY', nodes: withoutSample.nodes.filter((n) => n.nodeCode !== 'SELF_INSPECTION' && n.nodeCode !== 'SYSTEM_CERT') });
    expect(retype.status).toBe(400);
    expect(retype.body.errors).toEqual({ scenarioType: '场景已应用，不能修改场景类型' });
  });

  it('delete: refused while a flow runs; retired once flows have used it; removed when never used', async () => {
    const code = await create();
    await edit(code, 2);
    const { flowNo } = await applyUnder(code);
    const refused = await api(admin, 'en').post(`${BASE}/del_config-info`, undefined, { code });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This scenario has 1 running certification flow(s) and cannot be deleted');

    await app.deps.db.updateTable('cert_flow').set({ stage: STAGE.TERMINATED }).where('flow_no', '=', flowNo).execute();
    const retired = await api().post(`${BASE}/del_config-info`, undefined, { code });
    expect(retired.body.data).toMatchObject({ retired: true });
    expect(await dictCodes(1)).not.toContain(code);
    expect((await edit(code, 1)).status).toBe(409);
    expect((await api().get(`${BASE}/get_config-info`, { code })).body.data).toMatchObject({ status: 20, editable: false });

    const unused = await create();
    expect((await api().post(`${BASE}/del_config-info`, undefined, { code: unused })).body.data).toMatchObject({ retired: false });
    expect((await api().get(`${BASE}/get_config-info`, { code: unused })).status).toBe(404);
  });

  it("a node principal's task is due after its node's working days, from the flow's version", async () => {
    const body = config();
    body.nodes = body.nodes.map((n) => (n.nodeCode === 'APTITUDE' ? { ...n, dueDays: 3 } : n));
    const code = await create(body);
    await edit(code, 2, body);
    const { flowNo } = await applyUnder(code);
    // A later version with another due time does not change this flow's.
    body.nodes = body.nodes.map((n) => (n.nodeCode === 'APTITUDE' ? { ...n, dueDays: 30 } : n));
    await edit(code, 2, body);
    const before = new Date();
    await ensureTask(app.deps.db, { flowNo, nodeCode: 'APTITUDE', taskType: 'NODE_PRINCIPAL', taskName: '资质匹配', principalJobNumber: PURCHASER });
    const task = (await listMyOpenTasks(app.deps.db, PURCHASER, 'zh')).find((t) => t.flowNo === flowNo && t.nodeCode === 'APTITUDE')!;
    const due = new Date(task.endTime!).getTime();
    expect(due).toBeGreaterThanOrEqual(addWorkingDays(before, 3).getTime());
    expect(due).toBeLessThan(addWorkingDays(before, 3).getTime() + 60_000);
    expect(task.overdue).toBe(false);
  });

  describe("the version's inspection dimensions and owners drive the flow", () => {
    const REDUCED: ReturnType<typeof config>['dimensions'] = [
      { code: 'QUALITY', owner: 'SUPPLY_REVIEWER' },
      { code: 'BUSINESS', owner: 'BUSINESS_REVIEWER' },
    ];
    /** Opens a node of the flow as its workflow does (the real activity), answering the flow's role holders. */
    async function openNode(flowNo: string, nodeCode: 'SELF_INSPECTION' | 'SYSTEM_CERT') {
      const acts = createCertFlowActivities({ db: app.deps.db, mailer: createOutboxMailer(app.deps.db), erp: testErp(), publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
      await acts.openNode({ flowNo, nodeCode });
      const roles = await app.deps.db.selectFrom('cert_flow_role').select(['role', 'job_number']).where('flow_no', '=', flowNo).execute();
      return Object.fromEntries(roles.map((r) => [r.role, r.job_number]));
    }
    const selfInspectionRows = async (flowNo: string) =>
      ((await api(admin).get('/v1/self-inspection/detail', { flowNo })).body.data.rows as { dimensionCode: string; principalId: string }[]).map((r) => [r.dimensionCode, r.principalId]);
    const systemCertItems = async (flowNo: string) =>
      ((await api(pm).get('/v1/system-cert/task-detail', { flowNo })).body.data.items as { indexCode: string }[]).map((i) => i.indexCode);

    it('a version with two dimensions: self-inspection issues just those, owned as configured, and system certification scores just those', async () => {
      const code = await create({ ...config(), dimensions: REDUCED });
      await edit(code, 2, { ...config(), dimensions: REDUCED });
      const { flowNo } = await applyUnder(code);
      const holders = await openNode(flowNo, 'SELF_INSPECTION');
      expect(await selfInspectionRows(flowNo)).toEqual([
        ['QUALITY', holders.SUPPLY_REVIEWER],
        ['BUSINESS', holders.BUSINESS_REVIEWER],
      ]);
      await openNode(flowNo, 'SYSTEM_CERT');
      expect(await systemCertItems(flowNo)).toEqual(['QUALITY', 'BUSINESS']);
    });

    it('a flow started before the version changed keeps the dimensions and owners it started with', async () => {
      const code = await create();
      await edit(code, 2);
      const before = (await applyUnder(code)).flowNo;
      await edit(code, 2, { ...config(), dimensions: REDUCED });
      const after = (await applyUnder(code)).flowNo;
      const holders = await openNode(before, 'SELF_INSPECTION');
      expect(await selfInspectionRows(before)).toEqual(INSPECTION_DIMENSIONS.map((d) => [d.code, holders[d.owner]]));
      await openNode(after, 'SELF_INSPECTION');
      expect((await selfInspectionRows(after)).map(([c]) => c)).toEqual(['QUALITY', 'BUSINESS']);
    });

    it('a flow without a version (started before versions) inspects every dimension with its default owner', async () => {
      const { flowNo } = await applyUnder('NEW_SUPPLIER');
      await app.deps.db.updateTable('cert_flow').set({ scenario_version: null }).where('flow_no', '=', flowNo).execute();
      const holders = await openNode(flowNo, 'SELF_INSPECTION');
      expect(await selfInspectionRows(flowNo)).toEqual(INSPECTION_DIMENSIONS.map((d) => [d.code, holders[d.owner]]));
    });
  });

  describe('authorization', () => {
    const writes = [
      { path: `${BASE}/save`, body: () => config() },
      { path: `${BASE}/edit`, body: () => ({ ...config(), code: 'NEW_SUPPLIER', mode: 1 }) },
      { path: `${BASE}/del_config-info`, query: { code: 'NO_SUCH' } },
    ];
    it.each(writes)('$path: staff without cert_process_manage_all 403, supplier and anonymous 401, administrator passes', async (w) => {
      const call = (c: Caller | null) => api(c).post(w.path, w.body?.(), w.query);
      expect((await call(pm)).status).toBe(403);
      expect((await call(supplier)).status).toBe(401);
      expect((await call(null)).status).toBe(401);
      expect([200, 201, 404]).toContain((await call(admin)).status);
    });

    it('the configuration screen is the administrator\'s; every staff member reads the applied scenarios', async () => {
      expect((await api(pm).post(`${BASE}/flow-scenario-config-list`, {})).status).toBe(403);
      expect((await api(pm).get(`${BASE}/get_config-info`, { code: 'NEW_SUPPLIER' })).status).toBe(403);
      expect((await api(pm).get('/dict/v1/scenario_list', { scenarioType: 2 })).body.data.map((s: { code: string }) => s.code)).toEqual(['CATEGORY_EXPANSION']);
      expect((await api(supplier).get('/dict/v1/scenario_list')).status).toBe(401);
    });
  });
});
