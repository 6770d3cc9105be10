import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { unavailable } from '#domain/errors.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode, type FlowAtNode } from '../support/flow-at-node.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { client, uploadDocument, type Caller, type HttpClient } from '../support/http-client.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';

/** The self-inspection node over HTTP, staff side (req flow §4.7, §5.3, §5.4, §7.4). */
describe('self-inspection: staff side', () => {
  let app: TestApp;
  const engine = recordingFlows();
  const sessions: Record<string, Caller> = {};
  const session = async (job: string) => (sessions[job] ??= await staffSession(app.deps.db, job));

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
  });
  afterAll(() => app.close());

  const asStaff = async (job: string, locale: 'zh' | 'en' = 'zh') => client(app).as(await session(job)).locale(locale);
  const asPortal = (portal: Caller) => client(app).as(portal).locale('zh');
  const anonymous = () => client(app);
  const detail = (flowNo: string, api: HttpClient) => api.get('/v1/self-inspection/detail', { flowNo });
  const rowsOf = async (flowNo: string) => (await detail(flowNo, await asStaff('E10020'))).body.data.rows as { aid: string; dimensionCode: string; principalId: string; approveStatus: number }[];
  const rowOf = async (flowNo: string, code: string) => (await rowsOf(flowNo)).find((r) => r.dimensionCode === code)!;

  const upload = (api: HttpClient, name = '自检清单.pdf') => uploadDocument(api, name, pdfBytes());
  const issue = async (f: FlowAtNode, aid: string, job: string, doc?: object) =>
    (await asStaff(job)).post('/v1/self-inspection/checklist/issue', { aid, flowNo: f.flowNo, documentType: 'self_inspection', ...(doc ?? (await upload(await asStaff(job)))) });
  const audit = async (f: FlowAtNode, aid: string, job: string, body: object, locale: 'zh' | 'en' = 'zh') =>
    (await asStaff(job, locale)).post('/v1/self-inspection/audit-conclusion/submit', { aid, flowNo: f.flowNo, ...body });
  const submit = async (portal: Caller, aid: string, selfScore = 88.5) =>
    asPortal(portal).post('/v1/self-inspection/checklist/submit', { aid, selfScore, ...(await upload(asPortal(portal), '自检结果.pdf')) });
  const mailsTo = (to: string) => app.deps.db.selectFrom('mail_outbox').select(['subject', 'text_body', 'dedupe_key']).where('to_address', '=', to).orderBy('id').execute();
  const history = (flowNo: string, action: string) =>
    app.deps.db.selectFrom('operation_history').select(['relation_type', 'operator_name', 'detail']).where('relation_code', '=', flowNo).where('action', '=', action).execute();

  describe('rows made when the node opens', () => {
    it('one row per dimension, owned by the holder of its role; once, even when openNode runs twice', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const acts = createCertFlowActivities({ db: app.deps.db, mailer: createOutboxMailer(app.deps.db), erp: app.deps.erp, publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
      await acts.openNode({ flowNo: f.flowNo, nodeCode: 'SELF_INSPECTION' });
      const rows = await rowsOf(f.flowNo);
      expect(rows.map((r) => [r.dimensionCode, r.principalId, r.approveStatus])).toEqual([
        ['QUALITY', f.roles.QUALITY_REVIEWER, 10],
        ['TECHNOLOGY', f.roles.TECHNICAL_REVIEWER, 10],
        ['PRODUCTION', f.roles.QUALITY_OPERATIONS, 10],
        ['SUPPLY', f.roles.SUPPLY_REVIEWER, 10],
        ['BUSINESS', f.roles.BUSINESS_REVIEWER, 10],
      ]);
    });

    it("a dimension whose role nobody holds goes to the node's principal", async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION', { roles: { TECHNICAL_REVIEWER: null } });
      expect((await rowOf(f.flowNo, 'TECHNOLOGY')).principalId).toBe(f.roles.QUALITY_REVIEWER);
    });

    it('without a node principal either, every dimension still gets its row, owned by the purchasing manager', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION', { roles: { QUALITY_REVIEWER: null, TECHNICAL_REVIEWER: null } });
      const rows = await app.deps.db.selectFrom('self_inspection_item').select(['dimension_code', 'principal_job_number']).where('flow_no', '=', f.flowNo).execute();
      expect(rows).toHaveLength(5);
      expect(rows.find((r) => r.dimension_code === 'QUALITY')?.principal_job_number).toBe(f.roles.PURCHASE_MANAGER);
      expect(rows.find((r) => r.dimension_code === 'TECHNOLOGY')?.principal_job_number).toBe(f.roles.PURCHASE_MANAGER);
    });
  });

  describe('detail', () => {
    it('shows the rows in the reader\'s language with the reference template, and warns about the supplier account', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const zh = await detail(f.flowNo, await asStaff('E10021'));
      expect(zh.status).toBe(200);
      expect(zh.body.data).toMatchObject({ inProgress: true, principalId: 'E10020', allApproved: false, supplierAccountWarning: 'NO_ACCOUNT' });
      expect(zh.body.data.rows[0]).toMatchObject({ dimensionDesc: '质量管理', approveStatusStr: '待下发', modelUrl: '/common/v1/template-download?configKey=self_inspection_template' });
      const en = await detail(f.flowNo, await asStaff('E10021', 'en'));
      expect(en.body.data.rows[0]).toMatchObject({ dimensionDesc: 'Quality management', approveStatusStr: 'Awaiting checklist issue' });

      const portal = await portalSession(app.deps.db, f.flowNo, { roles: [] });
      expect((await detail(f.flowNo, await asStaff('E10020'))).body.data.supplierAccountWarning).toBe('NO_COLLABORATION_ROLE');
      expect((await detail(f.flowNo, anonymous())).status).toBe(401);
      expect((await detail(f.flowNo, asPortal(portal))).status).toBe(401);
      await portalSession(app.deps.db, f.flowNo, { roles: ['supplier-access-collaboration'] });
      expect((await detail(f.flowNo, await asStaff('E10020'))).body.data.supplierAccountWarning).toBeNull();
    });
  });

  describe('checklist issue', () => {
    it('needs the actual template, one stored file of an allowed type', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const { aid } = await rowOf(f.flowNo, 'QUALITY');
      const missing = await issue(f, aid, 'E10020', { documentName: '', documentUrl: '' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toMatchObject({ documentName: '请上传实际模版', documentUrl: '请上传实际模版' });
      const txt = await issue(f, aid, 'E10020', { documentName: 'a.txt', documentUrl: '/common/v1/simple-download?fileKey=x' });
      expect(txt.body.errors.documentName).toBe('不支持的文件类型');
      const forged = await issue(f, aid, 'E10020', { documentName: 'a.pdf', documentUrl: '/common/v1/simple-download?fileKey=nope' });
      expect(forged.status).toBe(400);
      expect(forged.body.errors.documentUrl).toBe('文件不存在，请重新上传');
      expect((await rowOf(f.flowNo, 'QUALITY')).approveStatus).toBe(10);
    });

    it('only the row owner issues: other staff 403, a supplier or anonymous caller 401', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const { aid } = await rowOf(f.flowNo, 'QUALITY');
      const doc = await upload(await asStaff('E10020'));
      const other = await issue(f, aid, 'E10021', doc);
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('只有任务负责人可以操作');
      const portal = await portalSession(app.deps.db, f.flowNo);
      expect((await asPortal(portal).post('/v1/self-inspection/checklist/issue', { aid, flowNo: f.flowNo, ...doc })).status).toBe(401);
      expect((await anonymous().post('/v1/self-inspection/checklist/issue', { aid, flowNo: f.flowNo, ...doc })).status).toBe(401);
      expect((await rowOf(f.flowNo, 'QUALITY')).approveStatus).toBe(10);
    });

    it('moves the row to 20 and mails the supplier once with the portal link; a second issue is refused', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const { aid } = await rowOf(f.flowNo, 'TECHNOLOGY');
      const res = await issue(f, aid, 'E10021');
      expect(res.status).toBe(200);
      expect(res.body.data.message).toBe('操作成功');
      expect(await rowOf(f.flowNo, 'TECHNOLOGY')).toMatchObject({ approveStatus: 20, templateName: '自检清单.pdf' });
      expect((await issue(f, aid, 'E10021')).status).toBe(409);
      const mails = await mailsTo(f.email);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain('技术研发');
      expect(mails[0].text_body).toContain(`/client/portal/self-inspection?flowNo=${f.flowNo}`);
      expect(await history(f.flowNo, 'SELF_INSPECTION_ISSUE')).toEqual([expect.objectContaining({ relation_type: 20, operator_name: '赵军' })]);
    });

    it('is refused (409) when the node is not in progress', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const { aid } = await rowOf(f.flowNo, 'QUALITY');
      await app.deps.db.updateTable('cert_flow_node').set({ status: NODE_STATUS.FINISHED }).where('flow_no', '=', f.flowNo).where('node_code', '=', 'SELF_INSPECTION').execute();
      const res = await issue(f, aid, 'E10020');
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('该节点已完成，数据不可修改');
    });
  });

  describe('audit conclusion', () => {
    async function submittedRow(code = 'QUALITY', job = 'E10020') {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const portal = await portalSession(app.deps.db, f.flowNo);
      const { aid } = await rowOf(f.flowNo, code);
      await issue(f, aid, job);
      return { f, aid, portal };
    }

    it('only at status 30, by the row owner; conclusion required, opinion required to reject, at most 100', async () => {
      const { f, aid, portal } = await submittedRow();
      const early = await audit(f, aid, 'E10020', { approveStatus: 50 });
      expect(early.status).toBe(409);
      expect((await submit(portal, aid)).status).toBe(200);

      const none = await audit(f, aid, 'E10020', {}, 'en');
      expect(none.status).toBe(400);
      expect(none.body.errors.approveStatus).toBe('Please choose the audit conclusion');
      expect((await audit(f, aid, 'E10020', { approveStatus: 30 })).body.errors.approveStatus).toBe('取值无效');
      const noOpinion = await audit(f, aid, 'E10020', { approveStatus: 40, approveOpinion: ' ' });
      expect(noOpinion.body.errors).toEqual({ approveOpinion: '请输入审核意见' });
      expect((await audit(f, aid, 'E10020', { approveStatus: 40, approveOpinion: '意'.repeat(101) })).body.errors.approveOpinion).toBe('长度不能超过100个字符');
      expect((await audit(f, aid, 'E10021', { approveStatus: 50 })).status).toBe(403);
      expect((await asPortal(portal).post('/v1/self-inspection/audit-conclusion/submit', { aid, flowNo: f.flowNo, approveStatus: 50 })).status).toBe(401);
      expect((await anonymous().post('/v1/self-inspection/audit-conclusion/submit', { aid, flowNo: f.flowNo, approveStatus: 50 })).status).toBe(401);
      expect((await rowOf(f.flowNo, 'QUALITY')).approveStatus).toBe(30);
    });

    it('walks 10→20→30→40(back to 20)→30→50, mailing each party once per step', async () => {
      const { f, aid, portal } = await submittedRow('SUPPLY', 'E10023');
      expect((await submit(portal, aid)).status).toBe(200);
      expect((await rowOf(f.flowNo, 'SUPPLY')).approveStatus).toBe(30);
      const rejected = await audit(f, aid, 'E10023', { approveStatus: 40, approveOpinion: '缺少物流能力说明' });
      expect(rejected.status).toBe(200);
      expect(await rowOf(f.flowNo, 'SUPPLY')).toMatchObject({ approveStatus: 20, approveOpinion: '缺少物流能力说明', rejectCount: 1 });
      expect((await submit(portal, aid, 91)).status).toBe(200);
      expect((await audit(f, aid, 'E10023', { approveStatus: 50 })).status).toBe(200);
      expect(await rowOf(f.flowNo, 'SUPPLY')).toMatchObject({ approveStatus: 50, selfScore: 91 });

      const supplierMails = await mailsTo(f.email);
      expect(supplierMails.map((m) => m.dedupe_key)).toEqual([`self-inspection:issue:${aid}`, `self-inspection:reject:${aid}:1`]);
      expect(supplierMails[1].text_body).toContain('缺少物流能力说明');
      const owner = await app.deps.db.selectFrom('staff').select('email').where('job_number', '=', 'E10023').executeTakeFirstOrThrow();
      const ownerMails = (await mailsTo(owner.email)).filter((m) => m.dedupe_key.includes(aid));
      expect(ownerMails).toHaveLength(2);
      const conclusions = (await history(f.flowNo, 'SELF_INSPECTION_REJECT')).concat(await history(f.flowNo, 'SELF_INSPECTION_APPROVE'));
      expect(conclusions.map((h) => (h.detail as { approveStatus: number }).approveStatus)).toEqual([40, 50]);
      // One row of five approved: the node stays open.
      expect(engine.callsOf(f.flowNo).completeNode).toHaveLength(0);
    });
  });

  describe('completion', () => {
    /** Issues, submits and approves every row but `except`. */
    async function approveAll(f: FlowAtNode, portal: Caller, except?: string) {
      for (const row of await rowsOf(f.flowNo)) {
        await issue(f, row.aid, row.principalId);
        await submit(portal, row.aid);
        if (row.dimensionCode !== except) expect((await audit(f, row.aid, row.principalId, { approveStatus: 50 })).status).toBe(200);
      }
    }

    it('asks the workflow to complete the node exactly when the last row is approved', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const portal = await portalSession(app.deps.db, f.flowNo);
      await approveAll(f, portal, 'BUSINESS');
      expect(engine.callsOf(f.flowNo).completeNode).toHaveLength(0);
      const last = await rowOf(f.flowNo, 'BUSINESS');
      expect((await audit(f, last.aid, last.principalId, { approveStatus: 50 })).status).toBe(200);
      const done = engine.callsOf(f.flowNo).completeNode;
      expect(done).toHaveLength(1);
      expect(done[0]).toMatchObject([f.flowNo, { nodeCode: 'SELF_INSPECTION', outcome: 'pass', actor: { jobNumber: last.principalId } }, `complete:${f.flowNo}:SELF_INSPECTION`]);
    });

    it('the last approval sent again with its request key after its attempt left no answer answers 200 and completes the node; a new key 409', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const portal = await portalSession(app.deps.db, f.flowNo);
      await approveAll(f, portal, 'SUPPLY');
      const last = await rowOf(f.flowNo, 'SUPPLY');
      const key = randomUUID();
      const keyed = async (k: string, body: object = { approveStatus: 50, approveOpinion: '资料齐全' }) =>
        (await asStaff(last.principalId)).header('Idempotency-Key', k).post('/v1/self-inspection/audit-conclusion/submit', { aid: last.aid, flowNo: f.flowNo, ...body });
      // The approval commits; the completion that follows it fails: the attempt is answered 503, with no outcome kept.
      engine.refuse = unavailable();
      try {
        expect((await keyed(key)).status).toBe(503);
      } finally {
        engine.refuse = undefined;
      }
      const approvals = (await history(f.flowNo, 'SELF_INSPECTION_APPROVE')).length;

      const retried = await keyed(key);
      expect([retried.status, retried.body]).toEqual([200, { code: 0, data: { message: '操作成功' } }]);
      expect(engine.callsOf(f.flowNo).completeNode).toHaveLength(1);
      expect((await history(f.flowNo, 'SELF_INSPECTION_APPROVE')).length).toBe(approvals);
      // Not the same request: a new key, or no key, meets the row concluded.
      for (const other of [randomUUID(), undefined]) {
        const again = other ? await keyed(other) : await audit(f, last.aid, last.principalId, { approveStatus: 50, approveOpinion: '资料齐全' });
        expect([again.status, again.body.message]).toEqual([409, '该自检项当前状态不允许此操作，请刷新后重试']);
      }
    });

    it('the last approval whose completion the engine carried out after its answer was lost answers 200 on its keyed retry, not 该节点已完成', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const portal = await portalSession(app.deps.db, f.flowNo);
      await approveAll(f, portal, 'BUSINESS');
      const last = await rowOf(f.flowNo, 'BUSINESS');
      const body = { aid: last.aid, flowNo: f.flowNo, approveStatus: 50 };
      const key = randomUUID();
      const keyed = async (k: string, as = last.principalId) => (await asStaff(as)).header('Idempotency-Key', k).post('/v1/self-inspection/audit-conclusion/submit', body);
      const completeNode = engine.flows.completeNode;
      // The engine takes the completion and closes the node, but the attempt's call fails: no outcome is kept.
      engine.flows.completeNode = async (...args) => {
        await completeNode(...args);
        await app.deps.db.updateTable('cert_flow_node').set({ status: NODE_STATUS.FINISHED }).where('flow_no', '=', f.flowNo).where('node_code', '=', 'SELF_INSPECTION').execute();
        throw unavailable();
      };
      try {
        expect((await keyed(key)).status).toBe(503);
      } finally {
        engine.flows.completeNode = completeNode;
      }
      const retried = await keyed(key);
      expect([retried.status, retried.body]).toEqual([200, { code: 0, data: { message: '操作成功' } }]);
      expect(engine.callsOf(f.flowNo).completeNode).toHaveLength(1);
      // A new key is a new request: the node is finished.
      const fresh = await keyed(randomUUID());
      expect([fresh.status, fresh.body.message]).toMatchObject([409, expect.stringMatching(/^该节点已完成/)]);
    });

    it('finish-node: refused until all rows are approved; retries the completion the engine missed; principal only', async () => {
      const f = await insertFlowAtNode(app.deps.db, 'SELF_INSPECTION');
      const portal = await portalSession(app.deps.db, f.flowNo);
      const finish = async (job: string) => (await asStaff(job)).post('/v1/self-inspection/finish-node', { flowNo: f.flowNo });
      const early = await finish('E10020');
      expect(early.status).toBe(409);
      expect(early.body.message).toBe('自检项尚未全部审核通过');

      await approveAll(f, portal, 'QUALITY');
      engine.refuse = unavailable();
      const last = await rowOf(f.flowNo, 'QUALITY');
      try {
        expect((await audit(f, last.aid, 'E10020', { approveStatus: 50 })).status).toBe(503);
      } finally {
        engine.refuse = undefined;
      }
      // The approval is the user's work: it stays.
      expect((await rowOf(f.flowNo, 'QUALITY')).approveStatus).toBe(50);
      expect((await detail(f.flowNo, await asStaff('E10020'))).body.data.allApproved).toBe(true);

      expect((await finish('E10021')).status).toBe(403);
      expect((await anonymous().post('/v1/self-inspection/finish-node', { flowNo: f.flowNo })).status).toBe(401);
      const retried = await finish('E10020');
      expect(retried.status).toBe(200);
      expect(engine.callsOf(f.flowNo).completeNode).toHaveLength(1);
    });
  });
});
