import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { portalToken, staffCookie } from '../support/sessions.ts';
import { newSupplierCaller } from '../support/callers.ts';
import { pngBytes } from '../support/sample-files.ts';

/** The first-stage meeting conclusion over HTTP (spec 2 §3.5, §4.3, §5.6); the workflow is recorded, not run. */
describe('KCP1 node: conclusion and attachments, submitted by the purchasing manager', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let pm: string;
  let otherPm: string;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffCookie(app.deps.db, 'E10002');
    otherPm = await staffCookie(app.deps.db, 'E10003');
  });
  afterAll(() => app.close());

  const call = async (method: 'GET' | 'POST', path: string, body: unknown, headers: Record<string, string>) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-locale': 'zh', ...headers },
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };
  const submit = (body: unknown, cookie = pm) => call('POST', '/v1/cert-flow-kcp/submit', body, cookie ? { cookie } : {});
  const detail = (flowNo: string, cookie = pm, nodeCode = 'KCP1') => call('GET', `/v1/cert-flow-kcp/detail?flowNo=${flowNo}&nodeCode=${nodeCode}`, undefined, { cookie });

  async function upload(name = '会议纪要.png') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pngBytes())], { type: 'image/png' }), name);
    const { data } = await (await fetch(`${app.baseUrl}/common/v1/file`, { method: 'POST', headers: { cookie: pm }, body: form })).json();
    return { documentName: data.fileName as string, documentUrl: data.url as string };
  }
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

    const en = await call('POST', '/v1/cert-flow-kcp/submit', { flowNo, nodeCode: 'KCP1', documentList: [doc] }, { cookie: pm, 'x-locale': 'en' });
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
    const supplier = await newSupplierCaller(app.deps.db, app.deps.config.appSecret);
    expect((await call('POST', '/v1/cert-flow-kcp/submit', body, { authorization: supplier.authorization })).status).toBe(401);
    const portal = await portalToken(app.deps.db, flowNo);
    expect((await call('POST', '/v1/cert-flow-kcp/submit', body, { authorization: `Bearer ${portal}` })).status).toBe(401);
    expect((await submit(body, '')).status).toBe(401);
    expect((await call('GET', `/v1/cert-flow-kcp/detail?flowNo=${flowNo}&nodeCode=KCP1`, undefined, {})).status).toBe(401);
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
