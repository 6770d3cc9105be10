import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { newSupplierSession, portalSession, staffSession } from '../support/sessions.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';
import { pngBytes } from '../support/sample-files.ts';

/** The first-stage meeting conclusion over HTTP (req flow §3.5, §4.3, §5.6); the workflow is recorded, not run. */
describe('KCP1 node: conclusion and attachments, submitted by the purchasing manager', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let pm: Caller;
  let otherPm: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(app.deps.db, 'E10002');
    otherPm = await staffSession(app.deps.db, 'E10003');
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null) => client(app).as(caller).locale('zh');
  const submit = (body: unknown, caller: Caller | null = pm) => api(caller).post('/v1/cert-flow-kcp/submit', body);
  const detail = (flowNo: string, caller: Caller | null = pm, nodeCode = 'KCP1') => api(caller).get('/v1/cert-flow-kcp/detail', { flowNo, nodeCode });
  const upload = (name = '会议纪要.png') => uploadDocument(api(pm), name, pngBytes(), 'image/png');
  const formRow = (flowNo: string) =>
    app.deps.db.selectFrom('cert_node_form').selectAll().where('flow_no', '=', flowNo).where('node_code', '=', 'KCP1').executeTakeFirst();
  const completionsOf = (flowNo: string) => engine.callsOf(flowNo).completeNode;

  it('requires the conclusion (请选择上会结论) and 1..5 attachments (请上传附件), and writes nothing otherwise', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const empty = await submit({ flowNo, nodeCode: 'KCP1', accessStatus: null, documentList: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ accessStatus: '请选择上会结论', documentList: '请上传附件' });

    const doc = await upload();
    const six = await submit({ flowNo, nodeCode: 'KCP1', accessStatus: 10, documentList: Array(6).fill(doc) });
    expect(six.body.errors).toEqual({ documentList: '最多上传5个文件' });

    const unknown = await submit({ flowNo, nodeCode: 'KCP1', accessStatus: 99, documentList: [doc] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ accessStatus: '取值无效' });

    const forged = await submit({ flowNo, nodeCode: 'KCP1', accessStatus: 10, documentList: [doc, { documentName: 'x.pdf', documentUrl: '/common/v1/simple-download?fileKey=never' }] });
    expect(forged.body.errors).toEqual({ 'documentList.1.documentUrl': '文件不存在，请重新上传' });

    const en = await api(pm).locale('en').post('/v1/cert-flow-kcp/submit', { flowNo, nodeCode: 'KCP1', documentList: [doc] });
    expect(en.body.errors).toEqual({ accessStatus: 'Please choose the meeting conclusion' });

    expect((await submit({ flowNo, nodeCode: 'KCP2', accessStatus: 10, documentList: [doc] })).body.errors).toEqual({ nodeCode: '取值无效' });
    expect(await formRow(flowNo)).toBeUndefined();
    expect(completionsOf(flowNo)).toEqual([]);
  });

  it('a passing conclusion saves and completes the node with outcome pass', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const docs = [await upload('a.png'), await upload('b.png')];
    const res = await submit({ flowNo, nodeCode: 'KCP1', accessStatus: 20, documentList: docs });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('提交成功');
    expect(completionsOf(flowNo)).toEqual([
      [flowNo, { nodeCode: 'KCP1', actor: expect.objectContaining({ jobNumber: 'E10002' }), outcome: 'pass' }, `complete:${flowNo}:KCP1`],
    ]);
    expect((await detail(flowNo, otherPm)).body.data).toMatchObject({ accessStatus: 20, documentList: docs, editable: false, principal: false });
  });

  it('a failing conclusion (approve_result 30, extra.pass false) completes with outcome fail, whatever the client says', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const res = await submit({ flowNo, nodeCode: 'KCP1', accessStatus: 30, documentList: [await upload()], pass: true, outcome: 'pass' });
    expect(res.status).toBe(200);
    expect(completionsOf(flowNo).map(([, input]) => input.outcome)).toEqual(['fail']);
    expect(await formRow(flowNo)).toMatchObject({ access_status: '30' });
  });

  it('only the principal submits: other staff 403, supplier and portal sessions and anonymous callers 401', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const body = { flowNo, nodeCode: 'KCP1', accessStatus: 10, documentList: [await upload()] };
    expect((await submit(body, otherPm)).status).toBe(403);
    const supplier = await newSupplierSession(app.deps.db, app.deps.config.appSecret);
    expect((await submit(body, supplier)).status).toBe(401);
    const portal = await portalSession(app.deps.db, flowNo);
    expect((await submit(body, portal)).status).toBe(401);
    expect((await submit(body, null)).status).toBe(401);
    expect((await detail(flowNo, null)).status).toBe(401);
    expect(await formRow(flowNo)).toBeUndefined();
    expect(completionsOf(flowNo)).toEqual([]);
  });

  it('a node not in progress answers 409 and writes nothing', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE'); // KCP1 not reached yet
    const res = await submit({ flowNo, nodeCode: 'KCP1', accessStatus: 10, documentList: [await upload()] });
    expect(res.status).toBe(409);
    expect(await formRow(flowNo)).toBeUndefined();
    expect(completionsOf(flowNo)).toEqual([]);
    expect((await detail(flowNo)).body.data).toMatchObject({ nodeStatus: 10, editable: false, accessStatus: null });
  });
});
