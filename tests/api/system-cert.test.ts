import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { AUDIT_TARGETS } from '#domain/cert-flow/nodes/system-cert.ts';
import { ServiceError } from '#domain/errors.ts';
import { openSystemCert } from '#services/system-cert/open.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';

/** System certification over HTTP (req flow §4.8, §5.8, §6, §7.5). */

const PM = 'E10002';
const EXPERTS = { QUALITY: 'E10020', TECHNOLOGY: 'E10021', PRODUCTION: 'E10024', SUPPLY: 'E10023', BUSINESS: 'E10022' } as const;
type Code = keyof typeof EXPERTS;
const allExperts = () => Object.entries(EXPERTS).map(([indexCode, approveExpertId]) => ({ indexCode, approveExpertId }));

describe('system certification node', () => {
  let app: TestApp;
  const engine = recordingFlows();
  const sessions: Record<string, Caller> = {};

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    for (const job of [PM, 'E10003', 'E10030', ...Object.values(EXPERTS)]) sessions[job] = await staffSession(app.deps.db, job);
  });
  afterAll(() => app.close());

  const db = () => app.deps.db;
  /** A caller by job number (one of the staff sessions above), another session, or nobody. */
  const api = (caller: string | Caller | null, locale: 'zh' | 'en' = 'zh') => client(app).as(typeof caller === 'string' ? sessions[caller] : caller).locale(locale);
  const post = (path: string, body: unknown, caller: string | Caller | null, locale: 'zh' | 'en' = 'zh') => api(caller, locale).post(`/v1/system-cert/${path}`, body);
  const detail = async (flowNo: string, caller: string) => {
    const res = await api(caller).get('/v1/system-cert/task-detail', { flowNo });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const scores = (code: Code, score: number | string = 80) => ({
    targetList: AUDIT_TARGETS[code].map((t) => ({ targetCode: t.code, score })),
    riskDesc: '部分来料检验记录不完整',
    expertConclusionStatus: 10,
    documentList: [],
  });
  const assignAll = async (flowNo: string) => expect((await post('save-expert', { flowNo, items: allExperts() }, PM)).status).toBe(200);
  const scoreAll = async (flowNo: string) => {
    for (const [code, job] of Object.entries(EXPERTS)) expect((await post('save', { flowNo, indexCode: code, ...scores(code as Code) }, job)).status).toBe(200);
  };
  const history = (flowNo: string, action: string) =>
    db().selectFrom('operation_history').select(['operator_name', 'description']).where('relation_type', '=', 20).where('relation_code', '=', flowNo).where('action', '=', action).execute();

  describe('opening the node', () => {
    it('creates one item per dimension, once, with the dimension targets unscored', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      await openSystemCert(db(), flowNo);
      const rows = await db().selectFrom('system_cert_item').selectAll().where('flow_no', '=', flowNo).orderBy('seq').execute();
      expect(rows.map((r) => r.index_code)).toEqual(['QUALITY', 'TECHNOLOGY', 'PRODUCTION', 'SUPPLY', 'BUSINESS']);
      const data = await detail(flowNo, PM);
      expect(data.items[0]).toMatchObject({ indexName: '质量管理', selfScore: null, approveExpertId: null, submitted: false });
      expect(data.items[0].targetList.map((t: { targetName: string; score: null }) => [t.targetName, t.score])).toContainEqual(['来料检验', null]);
    });

    it('carries the self score of the dimension from the self-inspection rows', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      await db().deleteFrom('system_cert_item').where('flow_no', '=', flowNo).execute();
      await sql`insert into self_inspection_item (flow_no, dimension_code, dimension_desc, sort, principal_job_number, principal_name, model_name, model_url, self_score)
        values (${flowNo}, 'QUALITY', '质量管理', 0, 'E10020', '张伟', 'm.xlsx', '/m', 86.5)`.execute(db());
      await openSystemCert(db(), flowNo);
      const items = (await detail(flowNo, PM)).items;
      expect(items.find((i: { indexCode: string }) => i.indexCode === 'QUALITY').selfScore).toBe(86.5);
      expect(items.find((i: { indexCode: string }) => i.indexCode === 'SUPPLY').selfScore).toBeNull();
    });
  });

  describe('people step: the purchasing manager assigns the review experts', () => {
    it('starts in the people step, which only the purchasing manager may edit', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      expect(await detail(flowNo, PM)).toMatchObject({ step: 'people', mayEditPeople: true, completer: 'PURCHASE_MANAGER', completerJobNumber: PM, mayComplete: true });
      expect(await detail(flowNo, EXPERTS.QUALITY)).toMatchObject({ mayEditPeople: false, editableIndexCodes: [], mayComplete: false });
    });

    it('saves the experts with names from the staff table, mails each once, logs it, and moves to the score step', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      const items = allExperts().map((i) => ({ ...i, approveExpertName: 'forged' }));
      const res = await post('save-expert', { flowNo, items }, PM);
      expect(res).toMatchObject({ status: 200, body: { data: { message: '保存成功' } } });
      await post('save-expert', { flowNo, items }, PM);

      const data = await detail(flowNo, EXPERTS.TECHNOLOGY);
      expect(data.step).toBe('score');
      expect(data.items.find((i: { indexCode: string }) => i.indexCode === 'QUALITY')).toMatchObject({ approveExpertId: 'E10020', approveExpertName: '张伟' });
      expect(data.editableIndexCodes).toEqual(['TECHNOLOGY']);
      expect(data).toMatchObject({ completer: 'QUALITY_EXPERT', completerJobNumber: 'E10020', mayComplete: false });
      expect((await detail(flowNo, EXPERTS.QUALITY)).mayComplete).toBe(true);

      const mails = await db().selectFrom('mail_outbox').select('to_address').where('dedupe_key', 'like', `task:${flowNo}-SYSTEM_CERT_SCORE-%`).execute();
      expect(mails).toHaveLength(5);
      expect(await history(flowNo, 'SYSTEM_CERT_EXPERTS')).toHaveLength(2);
      expect((await history(flowNo, 'SYSTEM_CERT_EXPERTS'))[0]).toMatchObject({ operator_name: '王磊' });
    });

    it('needs every expert when the node is required (please choose all review experts)', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      const items = allExperts().map((i) => (i.indexCode === 'SUPPLY' ? { ...i, approveExpertId: '' } : i));
      const res = await post('save-expert', { flowNo, items }, PM, 'en');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please choose all review experts');
      expect(res.body.errors).toEqual({ 'items.3.approveExpertId': 'Please choose all review experts' });
      expect((await detail(flowNo, PM)).step).toBe('people');
    });

    it('refuses an unknown or inactive person on the field', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      const items = allExperts().map((i) => (i.indexCode === 'BUSINESS' ? { ...i, approveExpertId: 'E99999' } : i));
      const res = await post('save-expert', { flowNo, items }, PM);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ 'items.4.approveExpertId': '人员不存在' });
      expect((await detail(flowNo, PM)).step).toBe('people');
    });

    it('lets only the purchasing manager save experts: other staff 403, suppliers and anonymous callers 401', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      const body = { flowNo, items: allExperts() };
      const other = await post('save-expert', body, 'E10003', 'en');
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('Only the purchasing manager can choose the review experts');
      expect((await post('save-expert', body, EXPERTS.QUALITY)).status).toBe(403);
      expect((await post('save-expert', body, await portalSession(db(), flowNo))).status).toBe(401);
      expect((await post('save-expert', body, null)).status).toBe(401);
      expect((await detail(flowNo, PM)).step).toBe('people');
    });

    it('allows re-assigning until the first score is submitted', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      await assignAll(flowNo);
      const swapped = allExperts().map((i) => (i.indexCode === 'SUPPLY' ? { ...i, approveExpertId: 'E10030' } : i));
      expect((await post('save-expert', { flowNo, items: swapped }, PM)).status).toBe(200);
      expect((await post('save', { flowNo, indexCode: 'QUALITY', ...scores('QUALITY') }, EXPERTS.QUALITY)).status).toBe(200);
      const locked = await post('save-expert', { flowNo, items: allExperts() }, PM);
      expect(locked.status).toBe(409);
      expect(locked.body.message).toBe('已有专家提交评分，不能再调整评审专家');
      expect((await detail(flowNo, PM)).mayEditPeople).toBe(false);
    });
  });

  describe('score step: each expert scores only their own dimension', () => {
    it('saves the targets, risk, conclusion and the mean as the conclusion score, and marks the item submitted', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      await assignAll(flowNo);
      const targetList = AUDIT_TARGETS.QUALITY.map((t, i) => ({ targetCode: t.code, score: [90, 85.5, '70.25', 60][i] }));
      const res = await post('save', { flowNo, indexCode: 'QUALITY', ...scores('QUALITY'), targetList, expertConclusionStatus: '20' }, EXPERTS.QUALITY);
      expect(res).toMatchObject({ status: 200, body: { data: { message: '提交成功' } } });
      const item = (await detail(flowNo, PM)).items[0];
      expect(item).toMatchObject({ submitted: true, expertConclusionStatus: 20, expertConclusionScore: 76.44, riskDesc: '部分来料检验记录不完整' });
      expect(item.targetList.map((t: { score: number }) => t.score)).toEqual([90, 85.5, 70.25, 60]);
      expect(await history(flowNo, 'SYSTEM_CERT_SCORE')).toEqual([{ operator_name: '张伟', description: '提交体系认证评分：质量管理 76.44分' }]);
    });

    it("refuses another expert's item, and the purchasing manager, with 403", async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      await assignAll(flowNo);
      const body = { flowNo, indexCode: 'QUALITY', ...scores('QUALITY') };
      const res = await post('save', body, EXPERTS.TECHNOLOGY, 'en');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only the review expert of this dimension can score it');
      expect((await post('save', body, PM)).status).toBe(403);
      expect((await post('save', body, await portalSession(db(), flowNo))).status).toBe(401);
      expect((await post('save', body, null)).status).toBe(401);
      expect((await detail(flowNo, PM)).items[0].submitted).toBe(false);
    });

    it('names the score bounds, decimals and risk length on their fields', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      await assignAll(flowNo);
      const [a, b, c, d] = AUDIT_TARGETS.QUALITY.map((t) => t.code);
      const res = await post(
        'save',
        {
          flowNo,
          indexCode: 'QUALITY',
          targetList: [
            { targetCode: a, score: 100.5 },
            { targetCode: b, score: -1 },
            { targetCode: c, score: 12.345 },
            { targetCode: d, score: '' },
          ],
          riskDesc: 'x'.repeat(501),
          expertConclusionStatus: null,
          documentList: [],
        },
        EXPERTS.QUALITY,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({
        'targetList.0.score': '不能大于100',
        'targetList.1.score': '不能小于0',
        'targetList.2.score': '最多2位小数',
        'targetList.3.score': '该项必填',
        riskDesc: '长度不能超过500个字符',
        expertConclusionStatus: '请选择专家组结论',
      });
      const ok = await post('save', { flowNo, indexCode: 'QUALITY', ...scores('QUALITY', 100), riskDesc: 'x'.repeat(500) }, EXPERTS.QUALITY);
      expect(ok.status).toBe(200);
    });

    it('needs every target of the dimension, and at most 5 stored materials', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      await assignAll(flowNo);
      const partial = await post('save', { flowNo, indexCode: 'SUPPLY', ...scores('SUPPLY'), targetList: [{ targetCode: 'PLANNING', score: 80 }] }, EXPERTS.SUPPLY);
      expect(partial.body.errors).toEqual({ targetList: '该项必填' });

      const key = crypto.randomBytes(8).toString('hex');
      await db()
        .insertInto('stored_file')
        .values({ file_key: key, file_name: 'audit.pdf', content_type: 'application/pdf', size: 10, sha256: 'x', owner_kind: 'staff', owner_id: 'x' })
        .execute();
      const doc = (k: string) => ({ documentName: 'audit.pdf', documentUrl: `/common/v1/simple-download?fileKey=${k}` });
      const six = await post('save', { flowNo, indexCode: 'SUPPLY', ...scores('SUPPLY'), documentList: Array(6).fill(doc(key)) }, EXPERTS.SUPPLY);
      expect(six.body.errors).toEqual({ documentList: '最多上传5个文件' });
      const forged = await post('save', { flowNo, indexCode: 'SUPPLY', ...scores('SUPPLY'), documentList: [doc('nope')] }, EXPERTS.SUPPLY);
      expect(forged.body.errors).toEqual({ 'documentList.0.documentUrl': '文件不存在，请重新上传' });
      expect((await post('save', { flowNo, indexCode: 'SUPPLY', ...scores('SUPPLY'), documentList: [doc(key)] }, EXPERTS.SUPPLY)).status).toBe(200);
      // Stored with the stored file's name and its own download URL.
      expect((await detail(flowNo, PM)).items[3].documentList).toEqual([{ documentName: 'audit.pdf', documentUrl: `/common/v1/simple-download?fileKey=${key}&fileName=audit.pdf` }]);
    });
  });

  describe('completion', () => {
    it('is refused until every expert has scored, then the quality expert completes it as a pass', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      const early = await post('complete', { flowNo }, PM, 'en');
      expect(early.status).toBe(409);
      expect(early.body.message).toMatch(/Not every review expert has submitted/);

      await assignAll(flowNo);
      await post('save', { flowNo, indexCode: 'QUALITY', ...scores('QUALITY') }, EXPERTS.QUALITY);
      const partial = await post('complete', { flowNo }, EXPERTS.QUALITY);
      expect(partial.status).toBe(409);
      expect(partial.body.message).toBe('还有评审专家未提交评分，全部提交后才能完成');
      await scoreAll(flowNo);

      const byPm = await post('complete', { flowNo }, PM, 'en');
      expect(byPm.status).toBe(403);
      expect(byPm.body.message).toBe('Only the quality review expert can click');
      for (const caller of [EXPERTS.TECHNOLOGY, await portalSession(db(), flowNo), null]) {
        expect((await post('complete', { flowNo }, caller)).status).toBeGreaterThanOrEqual(401);
      }
      expect(engine.callsOf(flowNo).completeNode).toEqual([]);

      const res = await post('complete', { flowNo }, EXPERTS.QUALITY);
      expect(res).toMatchObject({ status: 200, body: { data: { message: '提交成功' } } });
      expect(engine.callsOf(flowNo).completeNode).toEqual([
        [flowNo, { nodeCode: 'SYSTEM_CERT', outcome: 'pass', actor: expect.objectContaining({ jobNumber: EXPERTS.QUALITY }) }, `complete:${flowNo}:SYSTEM_CERT`],
      ]);
      // Nothing says 'completed' before the workflow has closed the node.
      expect(await history(flowNo, 'SYSTEM_CERT_COMPLETE')).toHaveLength(0);
    });

    it('once every expert has scored, the one who completes gets a to-do and a mail; the manager’s to-do says what it waits for', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      const tasksOf = async (job: string, locale: 'zh' | 'en' = 'zh') =>
        ((await api(job, locale).get('/v1/cert-flow-node/my-tasks')).body.data as { flowNo: string; taskType: string; taskName: string; link: string }[]).filter(
          (t) => t.flowNo === flowNo,
        );
      await assignAll(flowNo);
      await post('save', { flowNo, indexCode: 'QUALITY', ...scores('QUALITY') }, EXPERTS.QUALITY);
      expect((await tasksOf(PM)).map((t) => t.taskName)).toEqual(['体系认证：等待专家评分（1/5）']);
      expect((await tasksOf(EXPERTS.QUALITY)).map((t) => t.taskType)).toEqual([]);

      await scoreAll(flowNo);
      expect(await tasksOf(EXPERTS.QUALITY, 'en')).toEqual([
        expect.objectContaining({ taskType: 'SYSTEM_CERT_CLOSE', taskName: 'Every expert has scored the system certification: complete the node', link: `/cert-flow/detail?id=${flowNo}&node=SYSTEM_CERT` }),
      ]);
      expect((await tasksOf(PM)).map((t) => t.taskName)).toEqual(['体系认证：等待质量专家张伟完成节点']);
      const mails = await db().selectFrom('mail_outbox').select('subject').where('dedupe_key', '=', `task:${flowNo}-SYSTEM_CERT-SYSTEM_CERT_CLOSE:${EXPERTS.QUALITY}`).execute();
      expect(mails).toHaveLength(1);
      // A corrected score sends nothing new.
      await post('save', { flowNo, indexCode: 'QUALITY', ...scores('QUALITY', 90) }, EXPERTS.QUALITY);
      expect(await db().selectFrom('mail_outbox').select('id').where('dedupe_key', 'like', `task:${flowNo}-SYSTEM_CERT-SYSTEM_CERT_CLOSE%`).execute()).toHaveLength(1);
    });

    it('falls to the purchasing manager when no quality expert is assigned (optional node)', async () => {
      const plan = STANDARD_PLANS.NEW_SUPPLIER.map((n) => (n.nodeCode === 'SYSTEM_CERT' ? { ...n, nodeRequired: 20 as const } : n));
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT', { plan });
      expect((await post('save-expert', { flowNo, items: [{ indexCode: 'TECHNOLOGY', approveExpertId: EXPERTS.TECHNOLOGY }] }, PM)).status).toBe(200);
      expect(await detail(flowNo, PM)).toMatchObject({ step: 'score', completer: 'PURCHASE_MANAGER', completerJobNumber: PM });
      expect((await post('save', { flowNo, indexCode: 'TECHNOLOGY', ...scores('TECHNOLOGY') }, EXPERTS.TECHNOLOGY)).status).toBe(200);

      const byExpert = await post('complete', { flowNo }, EXPERTS.TECHNOLOGY, 'en');
      expect(byExpert.status).toBe(403);
      expect(byExpert.body.message).toBe('Only the purchasing manager can click');
      expect((await post('complete', { flowNo }, PM)).status).toBe(200);
      expect(engine.callsOf(flowNo).completeNode.map(([, input]) => input.actor.jobNumber)).toEqual([PM]);
    });

    it("passes a workflow refusal on and keeps the experts' scores", async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
      await assignAll(flowNo);
      await scoreAll(flowNo);
      engine.refuse = new ServiceError('conflict', 'nodeNotInProgress');
      try {
        expect((await post('complete', { flowNo }, EXPERTS.QUALITY)).status).toBe(409);
      } finally {
        engine.refuse = undefined;
      }
      expect((await detail(flowNo, PM)).allScored).toBe(true);
    });
  });

  it('refuses every write with 409 when the node is not in progress', async () => {
    const { flowNo } = await insertFlowAtNode(db(), 'SYSTEM_CERT');
    await assignAll(flowNo);
    await db().updateTable('cert_flow_node').set({ status: NODE_STATUS.FINISHED }).where('flow_no', '=', flowNo).where('node_code', '=', 'SYSTEM_CERT').execute();
    const writes = [
      post('save-expert', { flowNo, items: allExperts() }, PM),
      post('save', { flowNo, indexCode: 'QUALITY', ...scores('QUALITY') }, EXPERTS.QUALITY),
      post('complete', { flowNo }, EXPERTS.QUALITY),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('该节点已完成，数据不可修改');
    }
    expect(await detail(flowNo, EXPERTS.QUALITY)).toMatchObject({ mayEditPeople: false, editableIndexCodes: [], mayComplete: false });
  });

  it('answers 404 for an unknown flow', async () => {
    expect((await post('complete', { flowNo: 'CF-NOPE' }, PM)).status).toBe(404);
  });
});
