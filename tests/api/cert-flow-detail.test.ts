import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#adapters/security/password.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { invitedSupplier } from '../support/rfi-questionnaire.ts';

/** The flow progress page's read model, the contact reveal and the dashboard's open tasks (req flow §2.3, §3.1). */
describe('flow progress page API', () => {
  let app: TestApp;
  let pm: Caller; // E10002, the flows' purchasing manager
  let leader: Caller; // E10010, the flows' CMT leader
  let admin: Caller; // E10001, holds cert_process_manage_all
  let quality: Caller; // E10020, a flow participant who is neither
  let noRoute: Caller; // a staff member without the progress page's route key

  beforeAll(async () => {
    app = await startTestApp();
    const db = app.deps.db;
    [pm, leader, admin, quality] = await Promise.all(['E10002', 'E10010', 'E10001', 'E10020'].map((j) => staffSession(db, j)));
    await db
      .insertInto('staff')
      .values({ job_number: 'E19999', username: 'no.route', name: '无权限', email: 'no.route@example.com', phone: null, department_id: null, department_name: null, password_hash: await hashPassword('Demo@2026'), roles: JSON.stringify([]) })
      .execute();
    noRoute = await staffSession(db, 'E19999');
  });
  afterAll(() => app.close());

  const get = (path: string, caller: Caller | null, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale).get(path);
  const detail = (flowNo: string, caller: Caller | null, locale: 'zh' | 'en' = 'zh') => get(`/v1/cert-flow-node/detail?flowNo=${flowNo}`, caller, locale);
  const reveal = (flowNo: string, caller: Caller | null) => client(app).as(caller).post('/v1/cert-flow-node/contact-reveal', { flowNo });
  const reveals = (flowNo: string) =>
    app.deps.db.selectFrom('operation_history').selectAll().where('relation_code', '=', flowNo).where('action', '=', 'REVEAL_CONTACT').execute();

  describe('GET /v1/cert-flow-node/detail', () => {
    it('answers the four stages with their nodes in order, the current node and its principal task first', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
      const { status, body } = await detail(flowNo, quality);
      expect(status).toBe(200);
      const d = body.data;
      expect([d.stageOneName, d.stageTwoName, d.stageThreeName, d.stageFourName]).toEqual(['认证准备', '资质认证', '综合评价', '公示发布']);
      expect(d.stageOneList.map((n: { nodeCode: string }) => n.nodeCode)).toEqual(['START', 'RFI', 'APTITUDE', 'KCP1']);
      expect(d.stageTwoList.map((n: { nodeCode: string }) => n.nodeCode)).toEqual(['SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT']);
      expect(d.stageThreeList.map((n: { nodeCode: string }) => n.nodeCode)).toEqual(['KCP2']);
      expect(d.stageFourList.map((n: { nodeCode: string }) => n.nodeCode)).toEqual(['PUBLICITY', 'RELEASE']);
      expect(d.currentNodeCode).toBe('APTITUDE');
      expect(d.stage).toBe(10);
      expect(d.stageStr).toBe('认证准备');

      const aptitude = d.stageOneList[2];
      expect(aptitude).toMatchObject({ nodeName: '资质匹配', nodeStatus: 11, nodeRequired: 10, kcp: 'NO' });
      expect(aptitude.taskList[0]).toMatchObject({ taskPrincipalId: 'E10002', taskPrincipalName: '王磊', taskStatus: 20 });
      expect(d.stageOneList[3]).toMatchObject({ nodeCode: 'KCP1', kcp: 'YES', nodeStatus: 10, taskList: [] });
      expect(d.stageOneList[1].nodeStatus).toBe(20);
      expect(d.stageOneList[1].finishTime).toEqual(expect.any(String));
      expect(aptitude.startTime).toEqual(expect.any(String));
      expect(aptitude.finishTime).toBeNull();
      expect(d.registration).toMatchObject({ supplierName: '苏州精密冲压有限公司', currentCategoryNames: '白车身冲压件', purchaseName: '王磊', cmtLeaderName: '李强' });
      expect(d.certScenarioStr).not.toBe('');
    });

    it('names stages, nodes and roles in the caller language', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
      const { body } = await detail(flowNo, quality, 'en');
      expect(body.data.stageOneName).toBe('Certification preparation');
      expect(body.data.stageFourName).toBe('Publicity and release');
      expect(body.data.stageOneList[2].nodeName).toBe('Qualification matching');
      expect(body.data.registration.currentCategoryNames).toBe('Body-in-white stampings');
      expect(body.data.roles).toContainEqual({ role: 'PURCHASE_MANAGER', roleName: 'Purchasing manager', jobNumber: 'E10002', name: '王磊' });
      expect(body.data.roles).toContainEqual(expect.objectContaining({ role: 'CMT_LEADER', roleName: 'CMT leader', jobNumber: 'E10010' }));
    });

    it('lists the RFI node tasks: the questionnaire task first, then its reviews', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'RFI');
      const { apply_no: applyNo } = await app.deps.db.selectFrom('rfi_application').select('apply_no').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
      await ensureTask(app.deps.db, { flowNo, nodeCode: 'RFI', taskType: 'PURCHASE_REVIEW', taskName: '采购审核RFI', principalJobNumber: 'E10002', applyNo });
      const { body } = await detail(flowNo, pm);
      const rfi = body.data.stageOneList.find((n: { nodeCode: string }) => n.nodeCode === 'RFI');
      expect(rfi.taskList.map((t: { taskNo: string }) => t.taskNo)).toEqual([`${flowNo}-RFI-REGISTER_RFI`, `${flowNo}-RFI-PURCHASE_REVIEW`]);
      expect(rfi.taskList[0].applyNo).toBe(applyNo);
    });

    it('masks the contact for everyone; contactEnable for the purchasing manager, CMT leader and administrators only', async () => {
      const { flowNo, email } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
      const seen = await detail(flowNo, quality);
      expect(seen.body.data.registration).toMatchObject({ contactName: '张*', contactNumber: '138****8000', contactAreaCode: '+86', contactEmail: `${email[0]}***@supplier.example.com` });
      expect(JSON.stringify(seen.body.data)).not.toContain('13800138000');
      expect(JSON.stringify(seen.body.data)).not.toContain(email);
      expect(seen.body.data.contactEnable).toBe(false);
      for (const caller of [pm, leader, admin]) {
        const d = await detail(flowNo, caller);
        expect(d.body.data.contactEnable).toBe(true);
        expect(d.body.data.registration.contactName).toBe('张*');
      }
    });

    it('links the Temporal UI for holders of cert_process_manage_all only', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
      const { config } = app.deps;
      expect((await detail(flowNo, admin)).body.data.temporalUrl).toBe(`${config.temporalUiUrl}/namespaces/${config.TEMPORAL_NAMESPACE}/workflows/cert-flow-${flowNo}`);
      expect((await detail(flowNo, pm)).body.data.temporalUrl).toBeNull();
    });

    it('refuses anonymous callers (401) and staff without the route key (403); 404 for an unknown flow, 400 without flowNo', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
      expect((await detail(flowNo, null)).status).toBe(401);
      expect((await detail(flowNo, noRoute)).status).toBe(403);
      const unknown = await detail('CF-NOPE', pm);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('流程不存在');
      expect((await get('/v1/cert-flow-node/detail', pm)).status).toBe(400);
    });

    it('refuses a supplier session', async () => {
      const { flowNo, authorization } = await invitedSupplier(app.deps.db, app.deps.config.appSecret);
      const res = await client(app).as({ authorization }).get(`/v1/cert-flow-node/detail?flowNo=${flowNo}`);
      expect([401, 403]).toContain(res.status);
    });
  });

  describe('POST /v1/cert-flow-node/contact-reveal', () => {
    it('gives the purchasing manager the clear values and logs the reveal in the flow change log', async () => {
      const { flowNo, email } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
      const res = await reveal(flowNo, pm);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ contactName: '张伟', contactEmail: email, contactAreaCode: '+86', contactNumber: '13800138000' });
      const rows = await reveals(flowNo);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ relation_type: 20, operator_name: '王磊' });
      expect((await reveal(flowNo, admin)).status).toBe(200);
      expect((await reveal(flowNo, leader)).status).toBe(200);
      expect(await reveals(flowNo)).toHaveLength(3);
    });

    it('refuses anyone else (403) and logs nothing', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
      const refused = await reveal(flowNo, quality);
      expect(refused.status).toBe(403);
      expect(refused.body.data).toBeUndefined();
      expect((await reveal(flowNo, noRoute)).status).toBe(403);
      expect((await reveal(flowNo, null)).status).toBe(401);
      expect((await reveal('CF-NOPE', pm)).status).toBe(404);
      expect(await reveals(flowNo)).toHaveLength(0);
    });
  });

  describe('GET /v1/cert-flow-node/my-tasks', () => {
    it("lists the caller's open tasks with where to work on them", async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1', { supplierName: '我的任务供应商' });
      const rfi = await invitedSupplier(app.deps.db, app.deps.config.appSecret);
      const review = await ensureTask(app.deps.db, { flowNo: rfi.flowNo, nodeCode: 'RFI', taskType: 'CMT_REVIEW', taskName: 'CMT审核RFI', principalJobNumber: 'E10010', applyNo: rfi.applyNo });

      const mine = (await get('/v1/cert-flow-node/my-tasks', pm)).body;
      const kcp1 = mine.data.find((t: { flowNo: string }) => t.flowNo === flowNo);
      expect(kcp1).toMatchObject({ supplierName: '我的任务供应商', nodeCode: 'KCP1', taskName: '一阶段上会结论', taskNo: `${flowNo}-KCP1-NODE_PRINCIPAL`, link: `/cert-flow/detail?id=${flowNo}&node=KCP1` });

      const theirs = (await get('/v1/cert-flow-node/my-tasks', leader, 'en')).body;
      expect(theirs.data.find((t: { flowNo: string }) => t.flowNo === flowNo)).toBeUndefined();
      expect(theirs.data.find((t: { taskNo: string }) => t.taskNo === review)).toMatchObject({
        taskName: 'CMT review of the RFI',
        link: `/rfi/audit?id=${rfi.applyNo}&flowNo=${rfi.flowNo}&taskNo=${encodeURIComponent(review)}`,
      });
    });

    it('leaves out finished tasks and ended flows; needs a staff session', async () => {
      const { flowNo } = await insertFlowAtNode(app.deps.db, 'APTITUDE');
      await app.deps.db.updateTable('cert_flow').set({ stage: 0 }).where('flow_no', '=', flowNo).execute();
      const mine = (await get('/v1/cert-flow-node/my-tasks', pm)).body;
      expect(mine.data.some((t: { flowNo: string }) => t.flowNo === flowNo)).toBe(false);
      expect((await get('/v1/cert-flow-node/my-tasks', null)).status).toBe(401);
    });
  });
});
