import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '#domain/permissions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { newTaxNumber } from '../support/erp-vendors.ts';
import { staffWith, validRegisterApply } from '../support/fixtures.ts';
import { staffSession, staffWithout } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';

/**
 * The duplicate check before an invitation (docs/decisions/0054-a-duplicate-check-at-the-door.md), over HTTP: names
 * compared by their key, credit codes as normalised, against the seeded suppliers (宁波甬翔汽车零部件有限公司, code
 * 91330206MA2H7K3LXF), running flows and exited suppliers; what refuses an application and what asks its reason.
 */
describe('the duplicate check of a new registration', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let applicant: Caller;
  const YONGXIANG_CODE = '91330206MA2H7K3LXF';

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    applicant = await staffSession(app.deps.db, (await staffWith(app.deps.db, PERMISSIONS.newApplyRfi)).jobNumber);
  });
  afterAll(() => app.close());

  const check = (q: Record<string, string>, as: Caller | null = applicant) => client(app).as(as).get(`/api/v1/cert-flow/duplicates?${new URLSearchParams(q)}`);
  const apply = (body: unknown) => client(app).as(applicant).post('/v1/cert-flow-node/create', body);
  const flowCount = async () => Number((await app.deps.db.selectFrom('cert_flow').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it.each([
    ['another legal form', '宁波甬翔汽车零部件股份有限公司'],
    ['spaces, full-width brackets and a full stop', '宁波 甬翔（汽车）零部件有限公司。'],
    ['no legal form at all', '宁波甬翔汽车零部件'],
  ])('finds the admitted supplier by its name under %s, and asks a reason', async (_case, supplierName) => {
    const res = await check({ supplierName });
    expect(res.status).toBe(200);
    expect(res.body.data.matches).toEqual([expect.objectContaining({ kind: 'supplier', by: ['name'], no: 'SN000001', state: '100001', link: '/suppliers/detail?supplierNo=SN000001' })]);
    expect(res.body.data).toMatchObject({ refusal: null, reasonRequired: true });
  });

  it('folds Latin legal forms, case and full-width letters alike', async () => {
    const first = await validRegisterApply(app.deps.db, { supplierName: 'Acme Auto Parts Co., Ltd.', creditCode: newTaxNumber() });
    expect((await apply(first)).status).toBe(201);
    const res = await check({ supplierName: 'ＡＣＭＥ auto-parts Inc.' });
    expect(res.body.data.matches).toEqual([expect.objectContaining({ kind: 'flow', by: ['name'], name: 'Acme Auto Parts Co., Ltd.' })]);
    // A name that is only a legal form matches nothing.
    expect((await check({ supplierName: '有限公司' })).body.data.matches).toEqual([]);
  });

  it('a credit code typed with spaces, dashes and lower case is the admitted supplier’s: the application is refused, naming it', async () => {
    const res = await check({ creditCode: '9133 0206-ma2h7k3lxf', supplierName: '完全不同的名字有限公司' });
    expect(res.body.data.matches).toEqual([expect.objectContaining({ kind: 'supplier', by: ['creditCode'], no: 'SN000001', creditCode: YONGXIANG_CODE })]);
    expect(res.body.data.refusal).toBe('该统一社会信用代码已属于准入供应商 宁波甬翔汽车零部件有限公司（供应商编码 100001），请通过扩充品类申请');
    const before = await flowCount();
    const refused = await apply(await validRegisterApply(app.deps.db, { supplierName: '完全不同的名字有限公司', creditCode: '9133 0206-ma2h7k3lxf' }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ creditCode: res.body.data.refusal });
    expect(await flowCount()).toBe(before);
  });

  it('a running flow’s credit code refuses a second application; once that flow is terminated it only asks a reason', async () => {
    const code = newTaxNumber();
    const first = await apply(await validRegisterApply(app.deps.db, { supplierName: '常州第一冲压有限公司', creditCode: code }));
    expect(first.status).toBe(201);
    const again = await apply(await validRegisterApply(app.deps.db, { supplierName: '常州第二冲压有限公司', creditCode: code }));
    expect(again.status).toBe(400);
    expect(again.body.errors.creditCode).toBe(`该统一社会信用代码已有进行中的认证流程 ${first.body.data.flowNo}（常州第一冲压有限公司）`);
    await app.deps.db.updateTable('cert_flow').set({ stage: 0 }).where('flow_no', '=', first.body.data.flowNo).execute();
    expect((await check({ creditCode: code })).body.data.matches).toEqual([]);
  });

  it('a similar name needs a reason, named on its field; with one the flow is recorded and its history keeps the reason', async () => {
    const body = await validRegisterApply(app.deps.db, { supplierName: '宁波甬翔汽车零部件股份有限公司', creditCode: newTaxNumber(), duplicateReason: undefined });
    const before = await flowCount();
    const asked = await apply(body);
    expect(asked.status).toBe(400);
    expect(asked.body.errors).toEqual({ duplicateReason: '已有名称相近或已退出的供应商，请填写继续申请的理由' });
    expect(await flowCount()).toBe(before);
    const tooLong = await apply({ ...body, duplicateReason: '因'.repeat(201) });
    expect(tooLong.body.errors).toEqual({ duplicateReason: '长度不能超过200个字符' });
    const ok = await apply({ ...body, duplicateReason: '同一集团的另一法人，独立供货' });
    expect(ok.status).toBe(201);
    const history = await app.deps.db.selectFrom('operation_history').select('description').where('relation_code', '=', ok.body.data.flowNo).executeTakeFirstOrThrow();
    expect(history.description).toContain('SN000001');
    expect(history.description).toContain('同一集团的另一法人，独立供货');
  });

  it('an exited supplier’s credit code is shown as exited and asks a reason, not a refusal', async () => {
    const exited = await app.deps.db.selectFrom('supplier').select(['supplier_no', 'credit_code']).where('supplier_no', '=', 'SN000002').executeTakeFirstOrThrow();
    await app.deps.db.updateTable('supplier').set({ status: 20 }).where('supplier_no', '=', exited.supplier_no).execute();
    try {
      const res = await check({ creditCode: exited.credit_code });
      expect(res.body.data.matches).toEqual([expect.objectContaining({ kind: 'exited', by: ['creditCode'], no: 'SN000002' })]);
      expect(res.body.data).toMatchObject({ refusal: null, reasonRequired: true });
    } finally {
      await app.deps.db.updateTable('supplier').set({ status: 10 }).where('supplier_no', '=', exited.supplier_no).execute();
    }
  });

  it('is for those who may apply: others 403, nobody 401', async () => {
    const outsider = await staffSession(app.deps.db, await staffWithout(app.deps.db, PERMISSIONS.newApplyRfi));
    expect((await check({ supplierName: '甬翔' }, outsider)).status).toBe(403);
    expect((await check({ supplierName: '甬翔' }, null)).status).toBe(401);
  });
});
