import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflict } from '#domain/errors.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { newSupplierSession, portalSession, staffSession } from '../support/sessions.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';
import { pdfBytes } from '../support/sample-files.ts';

/** Qualification matching over HTTP (req flow §3.4, §4.2, §5.5, §7.2); the workflow is recorded, not run. */
describe('aptitude node: summary, one file, save and complete', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let pm: Caller; // E10002, the flows' purchasing manager and so the node's principal
  let otherPm: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(app.deps.db, 'E10002');
    otherPm = await staffSession(app.deps.db, 'E10003');
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null) => client(app).as(caller).locale('zh');
  const post = (path: string, body: unknown, caller: Caller | null = pm) => api(caller).post(`/v1/cert-flow-aptitude/${path}`, body);
  const get = (path: string, flowNo: string, caller: Caller | null = pm) => api(caller).get(`/v1/cert-flow-aptitude/${path}`, { flowNo });
  const upload = (name = '资质匹配.pdf') => uploadDocument(api(pm), name, pdfBytes(), 'application/pdf');
  const formRow = (flowNo: string) =>
    app.deps.db.selectFrom('cert_node_form').selectAll().where('flow_no', '=', flowNo).where('node_code', '=', 'APTITUDE').executeTakeFirst();
  const completionsOf = (flowNo: string) => engine.callsOf(flowNo).completeNode;

  it('shows an empty form, editable for the principal only', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
    const mine = await get('detail', flowNo);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ description: '', documentList: [], editable: true, principal: true, taskPrincipalId: 'E10002', taskPrincipalName: '王磊' });
    const other = await get('detail', flowNo, otherPm);
    expect(other.body.data).toMatchObject({ editable: false, principal: false });
  });

  it('complete names each rule on its field and writes nothing', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
    const empty = await post('completed', { flowNo, description: ' ', documentList: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ description: '请输入概述', documentList: '请上传资质匹配文件' });

    const doc = await upload();
    const tooLong = await post('completed', { flowNo, description: '概'.repeat(201), documentList: [doc, doc] });
    expect(tooLong.body.errors).toEqual({ description: '长度不能超过200个字符', documentList: '最多上传1个文件' });

    const txt = await post('completed', { flowNo, description: '匹配', documentList: [{ ...doc, documentName: 'notes.txt' }] });
    expect(txt.body.errors).toEqual({ 'documentList.0.documentName': '不支持的文件类型' });

    const en = await api(pm).locale('en').post('/v1/cert-flow-aptitude/completed', { flowNo, documentList: [doc] });
    expect(en.body.errors).toEqual({ description: 'Please enter the summary' });

    expect(await formRow(flowNo)).toBeUndefined();
    expect(completionsOf(flowNo)).toEqual([]);
  });

  it('refuses a file that was never stored (400 on its URL)', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
    const forged = { documentName: 'x.pdf', documentUrl: '/common/v1/simple-download?fileKey=never-stored' };
    const res = await post('completed', { flowNo, description: '匹配', documentList: [forged] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'documentList.0.documentUrl': '文件不存在，请重新上传' });
    expect(await formRow(flowNo)).toBeUndefined();
  });

  it('the principal completes: the form is saved, the workflow asked to pass the node, the result shows the file', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
    const doc = await upload();
    const res = await post('completed', { flowNo, description: '  资质与品类匹配  ', documentList: [doc] });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('提交成功');
    expect(completionsOf(flowNo)).toEqual([
      [flowNo, { nodeCode: 'APTITUDE', actor: expect.objectContaining({ jobNumber: 'E10002' }), outcome: 'pass' }, `complete:${flowNo}:APTITUDE`],
    ]);
    expect(await formRow(flowNo)).toMatchObject({ description: '资质与品类匹配', documents: [doc], updated_by: 'E10002' });
    const result = await get('result-detail', flowNo, otherPm);
    expect(result.body.data).toEqual({ accessStatus: 10, documentList: [doc] });
    const history = await app.deps.db.selectFrom('operation_history').select('action').where('relation_code', '=', flowNo).where('action', '=', 'SUBMIT_NODE_FORM').execute();
    expect(history).toHaveLength(1);
  });

  it('save (audit) keeps work in progress without completing; the required rules wait for completion', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
    const res = await post('audit', { flowNo, description: '初稿' });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('保存成功');
    expect((await get('detail', flowNo)).body.data).toMatchObject({ description: '初稿', documentList: [], editable: true });
    expect(completionsOf(flowNo)).toEqual([]);
    const tooLong = await post('audit', { flowNo, description: '概'.repeat(201) });
    expect(tooLong.body.errors).toEqual({ description: '长度不能超过200个字符' });
  });

  it('only the principal writes: other staff 403, a supplier or portal session and anonymous callers 401', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
    const body = { flowNo, description: '匹配', documentList: [await upload()] };
    const other = await post('completed', body, otherPm);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('只有任务负责人可以操作');
    expect((await post('audit', body, otherPm)).status).toBe(403);

    const supplier = await newSupplierSession(app.deps.db, app.deps.config.appSecret);
    expect((await post('completed', body, supplier)).status).toBe(401);
    const portal = await portalSession(app.deps.db, flowNo);
    expect((await post('completed', body, portal)).status).toBe(401);
    expect((await get('detail', flowNo, portal)).status).toBe(401);
    expect((await post('completed', body, null)).status).toBe(401);
    expect((await get('detail', flowNo, null)).status).toBe(401);

    expect(await formRow(flowNo)).toBeUndefined();
    expect(completionsOf(flowNo)).toEqual([]);
  });

  it('a node not in progress is read-only: 409 and nothing written', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1'); // aptitude already finished
    const res = await post('completed', { flowNo, description: '匹配', documentList: [await upload()] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('该节点已完成，数据不可修改');
    expect((await post('audit', { flowNo, description: '匹配' })).status).toBe(409);

    // A node not reached yet says so.
    const early = await insertFlowAtNode(app.deps.db, 'RFI');
    const notYet = await post('completed', { flowNo: early.flowNo, description: '匹配', documentList: [await upload()] });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe('该节点当前未在进行中');
    expect(await formRow(flowNo)).toBeUndefined();
    expect(completionsOf(flowNo)).toEqual([]);
    expect((await get('detail', flowNo)).body.data.editable).toBe(false);
    expect((await get('detail', 'CF-NOPE')).status).toBe(404);
  });

  it('a refusal of the workflow reaches the user and the saved form stays', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
    engine.refuse = conflict('flowRefused');
    try {
      const res = await post('completed', { flowNo, description: '匹配', documentList: [await upload()] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('流程当前不接受此操作');
    } finally {
      engine.refuse = undefined;
    }
    expect(await formRow(flowNo)).toMatchObject({ description: '匹配' });
  });
});
