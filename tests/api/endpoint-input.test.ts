import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';

/** How every declared endpoint treats its input, and the steps every node write takes before its body. */
describe('endpoint input', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let pm: Caller; // E10002, the purchasing manager and so the APTITUDE node's principal
  let otherPm: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(app.deps.db, 'E10002');
    otherPm = await staffSession(app.deps.db, 'E10003');
  });
  afterAll(() => app.close());

  const complete = (body: unknown, caller = pm) => client(app).as(caller).post('/v1/cert-flow-aptitude/completed', body);
  const formRow = (flowNo: string) => app.deps.db.selectFrom('cert_node_form').selectAll().where('flow_no', '=', flowNo).executeTakeFirst();

  describe('a bad query or body is a 400 naming each bad field, in the caller’s language', () => {
    it('a query without its field', async () => {
      const res = await client(app).as(pm).locale('en').get('/v1/cert-flow-node/detail');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 40000, errors: { flowNo: 'This field is required' } });
    });

    it('without a language named, the browser’s first language decides, as the page does (req rfi §1)', async () => {
      const ask = (acceptLanguage: string) => client(app).as(pm).header('accept-language', acceptLanguage).get('/v1/cert-flow-node/detail');
      expect((await ask('en-US,en;q=0.9')).body.errors).toEqual({ flowNo: 'This field is required' });
      // A Chinese browser that also accepts English is still Chinese.
      expect((await ask('zh-CN,zh;q=0.9,en;q=0.8')).body.errors).toEqual({ flowNo: '该项必填' });
    });

    it('a body of the wrong shape, and a call with no body at all', async () => {
      const wrong = await client(app).as(pm).post('/v1/register/adjust', { flowNo: 'CF1', purchaseJobNumber: 7 });
      expect(wrong.status).toBe(400);
      expect(Object.keys(wrong.body.errors)).toContain('purchaseJobNumber');
      const none = await client(app).as(pm).post('/v1/cert-flow-node/contact-reveal');
      expect(none.status).toBe(400);
      expect(none.body.errors).toEqual({ flowNo: '该项必填' });
    });
  });

  describe('a node write checks flow → node in progress → caller → body, in that order', () => {
    it('names the flow first: without it nothing else is looked at', async () => {
      const res = await complete({ description: '', documentList: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ flowNo: '该项必填' });
    });

    it('an unknown flow is 404 whatever the body', async () => {
      expect((await complete({ flowNo: 'CF-NOPE' })).status).toBe(404);
    });

    it('a node not in progress is 409 before the body is read', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'RFI');
      const res = await complete({ flowNo });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('该节点当前未在进行中');
    });

    it("someone else's node is 403 before the body is read: its form rules stay private", async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
      const res = await complete({ flowNo, description: '', documentList: [] }, otherPm);
      expect(res.status).toBe(403);
      expect(res.body).not.toHaveProperty('errors');
    });

    it('the principal then gets the body’s field errors, and nothing is written', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
      const res = await complete({ flowNo, description: ' ', documentList: [] });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ description: '请输入概述', documentList: '请上传资质匹配文件' });
      expect(await formRow(flowNo)).toBeUndefined();
      expect(engine.callsOf(flowNo).completeNode).toEqual([]);
    });
  });
});
