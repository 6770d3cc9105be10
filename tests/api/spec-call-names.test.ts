import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { insertAppliedFlow, insertFlowAtNode } from '../support/flow-at-node.ts';
import { client, type Caller } from '../support/http-client.ts';
import { staffSession } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The calls the requirements name by paths of its own (req flow §7.1 POST /v1/register/page and
 * /v1/register/detail, req shell §7.7 GET /common/v1/search-supplier) answer at those paths exactly as the
 * product's calls of the same job do, with the same permissions.
 */
describe('the requirements’ own names of the flow list, the flow detail and the supplier search', () => {
  let app: TestApp;
  let pm: Caller;
  let flowNo: string;

  beforeAll(async () => {
    app = await startTestApp();
    pm = await staffSession(app.deps.db, 'E10001');
    ({ flowNo } = await insertFlowAtNode(app.deps.db, 'KCP2', { supplierName: '命名测试精密部件有限公司' }));
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null = pm) => client(app).as(caller).locale('en');

  it('POST /v1/register/page answers the flow list', async () => {
    const query = { supplierName: '命名测试', currentPage: 1, pageSize: 20 };
    const named = await api().post('/v1/register/page', query);
    expect(named.status).toBe(200);
    expect(named.body.data.records.map((r: { flowNo: string }) => r.flowNo)).toEqual([flowNo]);
    expect(named.body.data).toEqual((await api().post('/v1/cert-flow-node/flow-list', query)).body.data);
  });

  it('POST /v1/register/detail answers the flow detail for the flow number in the body', async () => {
    const named = await api().post('/v1/register/detail', { flowNo });
    expect(named.status).toBe(200);
    expect(named.body.data.flowNo).toBe(flowNo);
    expect(named.body.data.stage).toBe((await api().get('/v1/cert-flow-node/detail', { flowNo })).body.data.stage);
    expect((await api().post('/v1/register/detail', {})).body.errors).toHaveProperty('flowNo');
  });

  it('POST /v1/cert-rfi/page lists the questionnaires of the flows the caller may open', async () => {
    const db = app.deps.db;
    const { flowNo: rfiFlow, email } = await insertAppliedFlow(db, { supplierName: '问卷列表测试有限公司' });
    const { applyNo } = await issueRfiInvitation(db, { flowNo: rfiFlow, email, locale: 'zh', secret: app.deps.config.appSecret });
    const query = { supplierName: '问卷列表测试', currentPage: 1, pageSize: 20 };
    const admin = await api().post('/v1/cert-rfi/page', query);
    expect(admin.status).toBe(200);
    expect(admin.body.data).toEqual({ total: 1, records: [expect.objectContaining({ applyNo, flowNo: rfiFlow, supplierName: '问卷列表测试有限公司', status: 10, currentStep: 1, submittedAt: null })] });
    // In stage 10 a flow is its participants' and the administrators': a purchasing manager of other flows sees none.
    const other = await staffSession(db, 'E10003');
    expect((await api(other).post('/v1/cert-rfi/page', query)).body.data).toEqual({ total: 0, records: [] });
    const owner = await staffSession(db, 'E10002');
    expect((await api(owner).post('/v1/cert-rfi/page', query)).body.data.total).toBe(1);
    expect((await api().post('/v1/cert-rfi/page', { pageSize: 7 })).body.errors).toHaveProperty('pageSize');
  });

  it('GET /common/v1/search-supplier finds accepted suppliers by name or code', async () => {
    const named = await api().get('/common/v1/search-supplier', { supplier: '甬翔' });
    expect(named.status).toBe(200);
    expect(named.body.data).toEqual([expect.objectContaining({ supplierCode: '100001' })]);
    expect(named.body.data).toEqual((await api().get('/v1/supplier/access/search', { supplier: '100001' })).body.data);
    expect((await api(null).get('/common/v1/search-supplier', { supplier: '甬翔' })).status).toBe(401);
  });
});
