import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockActivityEnvironment } from '@temporalio/testing';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';

/** Sample certification over HTTP (req flow §3.9, §4.9, §5.9, §7.6); the workflow is recorded, not run. */
describe('sample certification node: conclusion, description, attachments, transfer', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let tech: Caller; // E10021, the flows' technical reviewer and so the node's principal
  let pm: Caller; // E10002, the flows' purchasing manager
  let admin: Caller; // E10001, holds cert_process_manage_all
  let quality: Caller; // E10020, another participant

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    [tech, pm, admin, quality] = await Promise.all(['E10021', 'E10002', 'E10001', 'E10020'].map((j) => staffSession(app.deps.db, j)));
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null) => client(app).as(caller).locale('zh');
  const post = (path: string, body: unknown, caller: Caller | null) => api(caller).post(`/v1/sample-cert/${path}`, body);
  const detail = (flowNo: string, caller: Caller) => api(caller).get('/v1/sample-cert/detail', { flowNo });
  const upload = (name = '样件报告.pdf') => uploadDocument(api(tech), name, pdfBytes(), 'application/pdf');
  const formRow = (flowNo: string) =>
    app.deps.db.selectFrom('cert_node_form').selectAll().where('flow_no', '=', flowNo).where('node_code', '=', 'SAMPLE_CERT').executeTakeFirst();
  const completionsOf = (flowNo: string) => engine.callsOf(flowNo).completeNode;
  const transfersOf = (flowNo: string) => engine.callsOf(flowNo).reassign;

  describe('finish', () => {
    it('requires conclusion, description (≤500) and 1..5 attachments, each rule on its field; writes nothing otherwise', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'SAMPLE_CERT');
      const empty = await post('finish', { flowNo }, tech);
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual({ accessStatus: '请选择结论', description: '请输入描述', documentList: '请上传附件' });

      const doc = await upload();
      const over = await post('finish', { flowNo, accessStatus: 10, description: '样'.repeat(501), documentList: Array(6).fill(doc) }, tech);
      expect(over.body.errors).toEqual({ description: '长度不能超过500个字符', documentList: '最多上传5个文件' });

      const forged = await post('finish', { flowNo, accessStatus: 10, description: '合格', documentList: [{ documentName: 'r.pdf', documentUrl: '/common/v1/simple-download?fileKey=never' }] }, tech);
      expect(forged.body.errors).toEqual({ 'documentList.0.documentUrl': '文件不存在，请重新上传' });

      const en = await api(tech).locale('en').post('/v1/sample-cert/finish', { flowNo, accessStatus: 10, description: '合格' });
      expect(en.body.errors).toEqual({ documentList: 'Please upload attachments' });

      expect(await formRow(flowNo)).toBeUndefined();
      expect(completionsOf(flowNo)).toEqual([]);
    });

    it('the technical reviewer finishes: saved, and the node completes with pass, or fail for a failing conclusion', async () => {
      const passing = await insertFlowAtNode(app.deps.db, 'SAMPLE_CERT');
      const doc = await upload();
      const res = await post('finish', { flowNo: passing.flowNo, accessStatus: 10, description: '样件全尺寸合格', documentList: [doc] }, tech);
      expect(res.status).toBe(200);
      expect(res.body.data.message).toBe('提交成功');
      expect(completionsOf(passing.flowNo)).toEqual([
        [passing.flowNo, { nodeCode: 'SAMPLE_CERT', actor: expect.objectContaining({ jobNumber: 'E10021' }), outcome: 'pass' }, `complete:${passing.flowNo}:SAMPLE_CERT`],
      ]);
      expect((await detail(passing.flowNo, pm)).body.data).toMatchObject({ accessStatus: 10, description: '样件全尺寸合格', documentList: [doc], principal: false });

      const failing = await insertFlowAtNode(app.deps.db, 'SAMPLE_CERT');
      await post('finish', { flowNo: failing.flowNo, accessStatus: 30, description: '尺寸超差', documentList: [doc] }, tech);
      expect(completionsOf(failing.flowNo).map(([, input]) => input.outcome)).toEqual(['fail']);
    });

    it('only the task owner finishes: others 403, portal session and anonymous 401; not in progress 409', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'SAMPLE_CERT');
      const body = { flowNo, accessStatus: 10, description: '合格', documentList: [await upload()] };
      const view = (await detail(flowNo, pm)).body.data;
      expect(view).toMatchObject({ editable: false, principal: false, taskPrincipalId: 'E10021', taskPrincipalName: '赵军' });
      expect((await post('finish', body, pm)).status).toBe(403);
      expect((await post('finish', body, admin)).status).toBe(403);
      const portal = await portalSession(app.deps.db, flowNo);
      expect((await post('finish', body, portal)).status).toBe(401);
      expect((await post('finish', body, null)).status).toBe(401);

      const early = await insertFlowAtNode(app.deps.db, 'SYSTEM_CERT');
      const notYet = await post('finish', { ...body, flowNo: early.flowNo }, tech);
      expect(notYet.status).toBe(409);
      expect(await formRow(early.flowNo)).toBeUndefined();
      expect(await formRow(flowNo)).toBeUndefined();
      expect(completionsOf(flowNo)).toEqual([]);
    });
  });

  describe('transfer', () => {
    it('cert_process_manage_all transfers to an active staff member; the name comes from the staff table', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'SAMPLE_CERT');
      expect((await detail(flowNo, admin)).body.data).toMatchObject({ canTransfer: true, noTechnicalReviewer: false });
      const res = await post('transfer', { flowNo, jobNumber: 'E10031', name: 'forged' }, admin);
      expect(res.status).toBe(200);
      expect(res.body.data.message).toBe('转办成功');
      expect(transfersOf(flowNo)).toEqual([
        [flowNo, [{ role: 'TECHNICAL_REVIEWER', jobNumber: 'E10031', name: '杨帆' }], expect.objectContaining({ jobNumber: 'E10001' }), expect.stringContaining(flowNo)],
      ]);
    });

    it('the purchasing manager may transfer only while the flow has no technical reviewer; others never', async () => {
      const staffed = await insertFlowAtNode(app.deps.db, 'SAMPLE_CERT');
      expect((await detail(staffed.flowNo, pm)).body.data.canTransfer).toBe(false);
      const refused = await post('transfer', { flowNo: staffed.flowNo, jobNumber: 'E10031', name: '杨帆' }, pm);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('无权转办该节点');
      expect((await post('transfer', { flowNo: staffed.flowNo, jobNumber: 'E10031', name: '杨帆' }, tech)).status).toBe(403);

      const unstaffed = await insertFlowAtNode(app.deps.db, 'SAMPLE_CERT', { roles: { TECHNICAL_REVIEWER: null } });
      expect((await detail(unstaffed.flowNo, pm)).body.data).toMatchObject({ canTransfer: true, noTechnicalReviewer: true, taskPrincipalId: null });
      expect((await detail(unstaffed.flowNo, quality)).body.data.canTransfer).toBe(false);
      expect((await post('transfer', { flowNo: unstaffed.flowNo, jobNumber: 'E10021', name: '赵军' }, quality)).status).toBe(403);
      const ok = await post('transfer', { flowNo: unstaffed.flowNo, jobNumber: 'E10021', name: '赵军' }, pm);
      expect(ok.status).toBe(200);
      expect(transfersOf(unstaffed.flowNo).map(([, assignments]) => assignments)).toEqual([[{ role: 'TECHNICAL_REVIEWER', jobNumber: 'E10021', name: '赵军' }]]);
      expect(transfersOf(staffed.flowNo)).toEqual([]);
    });

    it('an unknown or inactive person is a 400 on jobNumber; anonymous 401; a node not in progress 409', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'SAMPLE_CERT');
      const unknown = await post('transfer', { flowNo, jobNumber: 'E99999', name: 'Nobody' }, admin);
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual({ jobNumber: '人员不存在' });
      const missing = await post('transfer', { flowNo, jobNumber: '', name: '' }, admin);
      expect(missing.body.errors).toMatchObject({ jobNumber: '请选择转办人' });
      expect((await post('transfer', { flowNo, jobNumber: 'E10031', name: '杨帆' }, null)).status).toBe(401);
      const done = await insertFlowAtNode(app.deps.db, 'KCP2');
      expect((await post('transfer', { flowNo: done.flowNo, jobNumber: 'E10031', name: '杨帆' }, admin)).status).toBe(409);
      expect(transfersOf(flowNo)).toEqual([]);
      expect(transfersOf(done.flowNo)).toEqual([]);
    });

    it('the reassign activity opens the node task when nobody held the role, once; the new owner can then finish', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'SAMPLE_CERT', { roles: { TECHNICAL_REVIEWER: null } });
      const acts = createCertFlowActivities({ db: app.deps.db, mailer: createOutboxMailer(app.deps.db), erp: app.deps.erp, publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
      const input = { flowNo, assignments: [{ role: 'TECHNICAL_REVIEWER', jobNumber: 'E10021', name: '赵军' }], actor: { id: 'a', jobNumber: 'E10002', name: '王磊' } };
      await new MockActivityEnvironment().run(acts.reassignRoles, input);
      await new MockActivityEnvironment().run(acts.reassignRoles, input);
      const tasks = await app.deps.db.selectFrom('cert_task').select(['principal_job_number', 'status']).where('flow_no', '=', flowNo).where('node_code', '=', 'SAMPLE_CERT').execute();
      expect(tasks).toEqual([{ principal_job_number: 'E10021', status: 20 }]);
      const staff = await app.deps.db.selectFrom('staff').select('email').where('job_number', '=', 'E10021').executeTakeFirstOrThrow();
      const mails = await app.deps.db.selectFrom('mail_outbox').select('to_address').where('dedupe_key', 'like', `task:${flowNo}-SAMPLE_CERT%`).execute();
      expect(mails).toEqual([{ to_address: staff.email }]);

      const res = await post('finish', { flowNo, accessStatus: 10, description: '合格', documentList: [await upload()] }, tech);
      expect(res.status).toBe(200);
    });
  });
});
