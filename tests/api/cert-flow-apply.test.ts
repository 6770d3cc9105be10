import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '#domain/permissions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { staffWith, validRegisterApply } from '../support/fixtures.ts';
import { staffSession, staffWithout } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';

/**
 * The apply endpoint over HTTP. The workflow engine is replaced by a recorder here (the workflow
 * suite drives the real one); what matters is what the endpoint accepts, refuses and stores.
 */
describe('POST /v1/cert-flow-node/create', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let applicant: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    applicant = await staffSession(app.deps.db, (await staffWith(app.deps.db, PERMISSIONS.newApplyRfi)).jobNumber);
  });
  afterAll(() => app.close());

  const call = (body: unknown, opts: { as?: Caller | null; locale?: 'en' } = {}) =>
    client(app)
      .as(opts.as === undefined ? applicant : opts.as)
      .locale(opts.locale ?? 'zh')
      .post('/v1/cert-flow-node/create', body);
  const flowCount = async () => Number((await app.deps.db.selectFrom('cert_flow').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('records the flow with its node plan and starts its workflow', async () => {
    const input = await validRegisterApply(app.deps.db);
    const res = await call(input);
    expect(res.status).toBe(201);
    const { data } = res.body;
    expect(data.flowNo).toMatch(/^CF\d{12}$/);
    expect(engine.callsOf(data.flowNo).startFlow).toHaveLength(1);
    const nodes = await app.deps.db.selectFrom('cert_flow_node').select('node_code').where('flow_no', '=', data.flowNo).orderBy('seq').execute();
    expect(nodes.map((n) => n.node_code).slice(0, 2)).toEqual(['START', 'RFI']);
    const history = await app.deps.db.selectFrom('operation_history').select('action').where('relation_code', '=', data.flowNo).execute();
    expect(history.map((h) => h.action)).toEqual(['APPLY']);
    // The applicant is the flow's purchasing manager; the CMT's leader its CMT leader.
    const roles = await app.deps.db.selectFrom('cert_flow_role').select(['role', 'job_number']).where('flow_no', '=', data.flowNo).execute();
    const byRole = Object.fromEntries(roles.map((r) => [r.role, r.job_number]));
    const cmt = await app.deps.db.selectFrom('cmt').select('leader_job_number').where('code', '=', input.cmtCode).executeTakeFirstOrThrow();
    expect(byRole.CMT_LEADER).toBe(cmt.leader_job_number);
    expect(byRole.PURCHASE_MANAGER).toBeDefined();
    expect(byRole.TECHNICAL_REVIEWER).toBeDefined();
  });

  it('names every invalid field, in the caller language, and stores nothing', async () => {
    const before = await flowCount();
    const input = await validRegisterApply(app.deps.db, { supplierName: 'x'.repeat(51), contactEmail: 'not-an-email', applyReason: '' });
    const res = await call(input, { locale: 'en' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      supplierName: 'At most 50 characters',
      contactEmail: 'Please enter a valid e-mail address',
      applyReason: 'Please enter the reason',
    });
    expect(await flowCount()).toBe(before);
  });

  describe('the certification region and the credit code of a new supplier', () => {
    it('records them normalised on the flow: the questionnaire shows them and the release form takes the code', async () => {
      const input = await validRegisterApply(app.deps.db, { creditCode: ' 9111 0108-5513 8508 2q ' });
      const res = await call(input);
      expect(res.status).toBe(201);
      const flow = await app.deps.db.selectFrom('cert_flow').select(['certified_region', 'credit_code']).where('flow_no', '=', res.body.data.flowNo).executeTakeFirstOrThrow();
      expect(flow).toEqual({ certified_region: 10, credit_code: '91110108551385082Q' });
    });

    it('asks for both; a mainland code needs its check character; elsewhere up to 60 characters, nothing stored when refused', async () => {
      const before = await flowCount();
      const missing = await call({ ...(await validRegisterApply(app.deps.db)), certifiedRegion: undefined, creditCode: '' }, { locale: 'en' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toMatchObject({ certifiedRegion: 'Please choose the certification region', creditCode: 'Please enter the unified social credit code or registration number' });
      const wrong = await call(await validRegisterApply(app.deps.db, { creditCode: '91110108551385082R' }));
      expect(wrong.body.errors).toEqual({ creditCode: '统一社会信用代码应为18位，且校验位正确（GB 32100-2015）' });
      const long = await call(await validRegisterApply(app.deps.db, { certifiedRegion: 30, creditCode: 'D'.repeat(61) }));
      expect(long.body.errors).toEqual({ creditCode: '长度不能超过60个字符' });
      expect(await flowCount()).toBe(before);
      expect((await call(await validRegisterApply(app.deps.db, { certifiedRegion: 30, creditCode: 'HRB 123456 Amtsgericht München' }))).status).toBe(201);
    });
  });

  it('refuses a +86 phone of 12 digits and letters in a phone', async () => {
    for (const contactNumber of ['138001380001', '1380013800a']) {
      const res = await call(await validRegisterApply(app.deps.db, { contactNumber }));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['contactNumber']);
    }
  });

  it('refuses references that do not exist, naming the field', async () => {
    const res = await call(await validRegisterApply(app.deps.db, { certScenario: 'NOPE', categoryList: [{ code: 'NOPE', name: 'x' }] }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['categoryList', 'certScenario']);
  });

  it('needs the new-apply permission: 401 anonymous, 403 without it', async () => {
    const input = await validRegisterApply(app.deps.db);
    expect((await call(input, { as: null })).status).toBe(401);
    const other = await staffSession(app.deps.db, await staffWithout(app.deps.db, PERMISSIONS.newApplyRfi));
    expect((await call(input, { as: other })).status).toBe(403);
  });

  it('answers 503 and keeps no orphan flow or history row when the workflow engine is down', async () => {
    const before = await flowCount();
    const logsBefore = await app.deps.db.selectFrom('operation_history').select('id').where('action', '=', 'APPLY').execute();
    engine.refuse = new Error('unreachable');
    const res = await call(await validRegisterApply(app.deps.db));
    engine.refuse = undefined;
    expect(res.status).toBe(503);
    expect(await flowCount()).toBe(before);
    expect(await app.deps.db.selectFrom('operation_history').select('id').where('action', '=', 'APPLY').execute()).toEqual(logsBefore);
  });

  it('lists the new flow for staff with the list route', async () => {
    const staff = client(app).as(applicant);
    const { data } = (await staff.post('/v1/cert-flow-node/flow-list', { currentPage: 1, pageSize: 20 })).body;
    expect(data.total).toBeGreaterThan(0);
    expect(data.records[0]).toMatchObject({ supplierName: '苏州精密冲压有限公司', stage: 10, currentNodeCode: 'RFI' });
    const bad = await staff.post('/v1/cert-flow-node/flow-list', { pageSize: 7 });
    expect(bad.status).toBe(400);
  });
});
