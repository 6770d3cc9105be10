import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { REFUSAL } from '#workflows/definitions.ts';
import { conflict } from '#domain/errors.ts';
import { latestTask } from '#services/cert-flow/task-rows.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { newStaffSession, portalSession, staffSession } from '../support/sessions.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';
import { staffWith } from '../support/fixtures.ts';
import { pdfBytes, pngBytes } from '../support/sample-files.ts';

/** The publicity node over HTTP (req flow §3.12, §4.6, §5.10, §6, §7.7); the workflow is recorded, not run. */
describe('Publicity node: objections, return to KCP2 and push as an announcement', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let pm: Caller;
  let otherPm: Caller;
  let admin: Caller;
  let adminJob: string;
  let keyless: Caller;
  type Doc = { documentName: string; documentUrl: string };
  let png: Doc;
  let txt: Doc;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(app.deps.db, 'E10002');
    otherPm = await staffSession(app.deps.db, 'E10003');
    adminJob = (await staffWith(app.deps.db, PERMISSIONS.certProcessManageAll)).jobNumber;
    admin = await staffSession(app.deps.db, adminJob);
    keyless = await newStaffSession(app.deps.db);
    png = await uploadDocument(api(pm), '异议证据.png', pngBytes(), 'image/png');
    txt = await uploadDocument(api(pm), '说明.txt', Buffer.from('plain text'), 'text/plain');
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null) => client(app).as(caller).locale('zh');
  const db = () => app.deps.db;
  const save = (body: unknown, caller: Caller | null = pm) => api(caller).post('/v1/supplier-publicity/save', body);
  const revert = (flowNo: string, caller: Caller | null = pm) => api(caller).post('/v1/supplier-publicity/return', { flowNo });
  const push = (flowNo: string, caller: Caller | null = admin) => api(caller).post('/v1/supplier-publicity/push', { flowNo });
  const detail = async (flowNo: string, caller: Caller = pm) => (await api(caller).get('/v1/supplier-publicity/task-detail', { flowNo })).body.data;
  const objections = (flowNo: string) => db().selectFrom('publicity_objection').selectAll().where('flow_no', '=', flowNo).orderBy('id').execute();
  const announcements = (flowNo: string) => db().selectFrom('announcement').selectAll().where('source_flow_no', '=', flowNo).execute();
  const row = (over: Record<string, unknown> = {}) => ({ description: '供应商曾有质量事故', proposerId: 'E10002', ...over });
  /** The workflow's open activity sets the period's end on the principal task; here the test does. */
  const atPublicity = async (opts: Parameters<typeof insertFlowAtNode>[2] = {}, endTime = new Date(Date.now() + 7 * 86_400_000)) => {
    const f = await insertFlowAtNode(db(), 'PUBLICITY', opts);
    const task = await latestTask(db(), { flowNo: f.flowNo, nodeCode: 'PUBLICITY', taskType: 'NODE_PRINCIPAL' });
    await db().updateTable('cert_task').set({ end_time: endTime }).where('task_no', '=', task!.taskNo).execute();
    return { ...f, endTime };
  };

  describe('task-detail', () => {
    it("shows the period's end time, the server's clock, and what each caller may do", async () => {
      const { flowNo, endTime } = await atPublicity();
      const before = Date.now();
      const own = await detail(flowNo);
      expect(own).toMatchObject({ flowNo, nodeCode: 'PUBLICITY', nodeStatus: NODE_STATUS.IN_PROGRESS, objectionList: [], endTime: endTime.toISOString(), taskPrincipalId: 'E10002', pushedAt: null });
      expect(Math.abs(Date.parse(own.now) - before)).toBeLessThan(5_000);
      expect(own.actions).toEqual({ save: { allowed: true }, return: { allowed: true }, push: { allowed: false, reason: 'noPublicityPushKey' } });
      expect((await detail(flowNo, otherPm)).actions).toEqual({
        save: { allowed: false, reason: 'publicityOwnerOnly' },
        return: { allowed: false, reason: 'publicityOwnerOnly' },
        push: { allowed: false, reason: 'noPublicityPushKey' },
      });
      expect((await detail(flowNo, admin)).actions.push).toEqual({ allowed: true });
    });

    it('a node not yet reached offers nothing and has no end time', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      const d = await detail(flowNo, admin);
      expect(d.endTime).toBeNull();
      expect(d.actions.save).toEqual({ allowed: false, reason: 'publicityNotInProgress' });
      expect(d.actions.push).toEqual({ allowed: false, reason: 'publicityNotInProgress' });
    });

    it('needs a staff session with the progress page key', async () => {
      const { flowNo } = await atPublicity();
      expect((await api(null).get('/v1/supplier-publicity/task-detail', { flowNo })).status).toBe(401);
      expect((await api(keyless).get('/v1/supplier-publicity/task-detail', { flowNo })).status).toBe(403);
    });
  });

  describe('saving objections (req flow §5.10)', () => {
    it('saves rows with proposer, one attachment and create time; answers 保存成功', async () => {
      const { flowNo } = await atPublicity();
      const res = await save({ flowNo, objectionList: [row({ ...png }), row({ description: '交付延迟', proposerId: 'E10003' })] });
      expect(res.status).toBe(200);
      expect(res.body.data.message).toBe('保存成功');
      const list = (await detail(flowNo)).objectionList;
      expect(list).toEqual([
        expect.objectContaining({ description: '供应商曾有质量事故', proposerId: 'E10002', proposerName: '王磊', documentName: '异议证据.png', createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) }),
        expect.objectContaining({ description: '交付延迟', proposerId: 'E10003', documentName: null, documentUrl: null }),
      ]);
      expect(list[0].documentUrl).toContain('/common/v1/simple-download?fileKey=');
    });

    it('keeps a saved row (its create time), rewrites it, and deletes the rows left out', async () => {
      const { flowNo } = await atPublicity();
      await save({ flowNo, objectionList: [row(), row({ description: '第二条' })] });
      const [first, second] = await objections(flowNo);
      await save({ flowNo, objectionList: [{ ...row({ description: '改过的说明' }), id: first!.id }, row({ description: '新的一条' })] });
      const rows = await objections(flowNo);
      expect(rows.map((r) => r.description)).toEqual(['改过的说明', '新的一条']);
      expect(rows[0]!.id).toBe(first!.id);
      expect(rows[0]!.created_at).toEqual(first!.created_at);
      expect(rows.some((r) => r.id === second!.id)).toBe(false);
    });

    it('the description is required (请输入异议说明) and at most 50 characters (请控制字数在50以内): 50 passes, 51 does not', async () => {
      const { flowNo } = await atPublicity();
      const bad = await save({ flowNo, objectionList: [row({ description: '' }), row({ description: '   ' }), row({ description: '异'.repeat(51) }), row({ description: null })] });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({
        'objectionList.0.description': '请输入异议说明',
        'objectionList.1.description': '请输入异议说明',
        'objectionList.2.description': '请控制字数在50以内',
        'objectionList.3.description': '请输入异议说明',
      });
      const en = await api(pm).locale('en').post('/v1/supplier-publicity/save', { flowNo, objectionList: [row({ description: 'x'.repeat(51) })] });
      expect(en.body.errors).toEqual({ 'objectionList.0.description': 'Please keep it within 50 characters' });
      expect(await objections(flowNo)).toEqual([]);
      expect((await save({ flowNo, objectionList: [row({ description: '异'.repeat(50) }), row({ description: 'a' })] })).status).toBe(200);
      expect((await objections(flowNo)).map((r) => r.description.length)).toEqual([50, 1]);
    });

    it('attachments of the listed types only (pdf, doc(x), xls(x), ppt(x), jpg, jpeg, png); a txt is refused, a pdf passes', async () => {
      const { flowNo } = await atPublicity();
      const asPdf = await save({ flowNo, objectionList: [row({ documentName: '说明.pdf', documentUrl: txt.documentUrl })] });
      expect(asPdf.status).toBe(400);
      expect(asPdf.body.errors).toEqual({ 'objectionList.0.documentName': '不支持的文件类型' });
      expect((await save({ flowNo, objectionList: [row({ ...txt })] })).body.errors).toEqual({ 'objectionList.0.documentName': '不支持的文件类型' });
      const pdf = await uploadDocument(api(pm), '证据.pdf', pdfBytes(), 'application/pdf');
      expect((await save({ flowNo, objectionList: [row({ ...pdf })] })).status).toBe(200);
      expect((await objections(flowNo))[0]!.document_name).toBe('证据.pdf');
    });

    it('refuses a file that was never stored, an unknown proposer and a row of another flow; nothing is written', async () => {
      const { flowNo } = await atPublicity();
      const other = await atPublicity();
      await save({ flowNo: other.flowNo, objectionList: [row()] });
      const [foreign] = await objections(other.flowNo);
      const forged = { documentName: 'x.png', documentUrl: '/common/v1/simple-download?fileKey=not-stored' };
      expect((await save({ flowNo, objectionList: [row(forged)] })).body.errors).toEqual({ 'objectionList.0.documentUrl': '文件不存在，请重新上传' });
      expect((await save({ flowNo, objectionList: [row({ proposerId: 'NOBODY' })] })).body.errors).toEqual({ 'objectionList.0.proposerId': '请选择提出人' });
      const stolen = await save({ flowNo, objectionList: [{ ...row(), id: foreign!.id }] });
      expect(stolen.status).toBe(400);
      expect(stolen.body.errors).toEqual({ 'objectionList.0.id': '取值无效' });
      expect(await objections(flowNo)).toEqual([]);
      expect(await objections(other.flowNo)).toHaveLength(1);
    });
  });

  describe('who may save, return and push (req flow §6)', () => {
    it('save: the principal only, while in progress; other staff 403, a keyless member 403, a supplier and anonymous refused', async () => {
      const { flowNo } = await atPublicity();
      const body = { flowNo, objectionList: [row()] };
      expect((await save(body, otherPm)).status).toBe(403);
      expect((await save(body, admin)).status).toBe(403);
      expect((await save(body, keyless)).status).toBe(403);
      expect((await save(body, await portalSession(db(), flowNo))).status).toBe(401);
      expect((await save(body, null)).status).toBe(401);
      expect(await objections(flowNo)).toEqual([]);
      expect((await save(body)).status).toBe(200);
    });

    it('return: the principal only; calls the workflow once per opening of the node and answers 退回成功', async () => {
      const { flowNo } = await atPublicity();
      for (const caller of [otherPm, admin, keyless]) expect((await revert(flowNo, caller)).status).toBe(403);
      expect((await revert(flowNo, await portalSession(db(), flowNo))).status).toBe(401);
      expect((await revert(flowNo, null)).status).toBe(401);
      expect(engine.callsOf(flowNo).revertNode).toEqual([]);
      const res = await revert(flowNo);
      expect(res.status).toBe(200);
      expect(res.body.data.message).toBe('退回成功');
      expect(engine.callsOf(flowNo).revertNode).toEqual([
        [flowNo, { nodeCode: 'PUBLICITY', actor: expect.objectContaining({ jobNumber: 'E10002' }) }, `revert:${flowNo}:PUBLICITY:1`],
      ]);
    });

    it("return: the workflow's refusal is a 409 with its reason", async () => {
      const { flowNo } = await atPublicity();
      engine.refuse = conflict(REFUSAL.cannotRevertHere);
      try {
        const res = await revert(flowNo);
        expect(res.status).toBe(409);
        expect(res.body.message).toBe('当前节点不能退回');
      } finally {
        engine.refuse = undefined;
      }
    });

    it('save and return are refused (409) once the node is no longer in progress', async () => {
      const { flowNo } = await atPublicity();
      await db().updateTable('cert_flow_node').set({ status: NODE_STATUS.NOT_FINISH }).where('flow_no', '=', flowNo).where('node_code', '=', 'PUBLICITY').execute();
      expect((await save({ flowNo, objectionList: [row()] })).status).toBe(409);
      expect((await revert(flowNo)).status).toBe(409);
      expect((await push(flowNo)).status).toBe(409);
      expect(engine.callsOf(flowNo).revertNode).toEqual([]);
    });

    it('push: only with cert_process_manage_all (403 for the principal without it, other staff, a keyless member; 401 for a supplier and anonymous)', async () => {
      const { flowNo } = await atPublicity();
      for (const caller of [pm, otherPm, keyless]) {
        const res = await push(flowNo, caller);
        expect(res.status).toBe(403);
      }
      expect((await push(flowNo, await portalSession(db(), flowNo))).status).toBe(401);
      expect((await push(flowNo, null)).status).toBe(401);
      expect(await announcements(flowNo)).toEqual([]);
    });

    it('push: GET is not a write (405, Allow: POST)', async () => {
      const { flowNo } = await atPublicity();
      const res = await api(admin).get('/v1/supplier-publicity/push', { flowNo });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await announcements(flowNo)).toEqual([]);
    });
  });

  describe('push publishes one announcement (req flow §4.6)', () => {
    it("answers 操作成功 and stores a pop-up announcement with the supplier's name escaped; pushing again adds none", async () => {
      const { flowNo } = await atPublicity({ supplierName: '<b>苏州</b>精密 & Co' });
      const res = await push(flowNo);
      expect(res.status).toBe(200);
      expect(res.body.data.message).toBe('操作成功');
      const [a, ...more] = await announcements(flowNo);
      expect(more).toEqual([]);
      expect(a).toMatchObject({ type: 'SUPPLIER_PUBLICITY', is_pop_up: true, source_visit: 1, created_by: adminJob, file_url: null });
      expect(a!.title).toContain('<b>苏州</b>精密 & Co');
      expect(a!.context).toContain('&lt;b&gt;苏州&lt;/b&gt;精密 &amp; Co');
      expect(a!.context).not.toContain('<b>');
      expect(a!.release_time).toBeInstanceOf(Date);
      expect((await push(flowNo)).body.data.message).toBe('操作成功');
      expect(await announcements(flowNo)).toHaveLength(1);
      const d = await detail(flowNo, admin);
      expect(d.pushedAt).not.toBeNull();
      expect(d.actions.push).toEqual({ allowed: false, reason: 'publicityPushed' });
    });

    it('a second publicity period (after a return) may be pushed again', async () => {
      const { flowNo } = await atPublicity();
      await push(flowNo);
      await db().updateTable('cert_flow_node').set({ visit: 2 }).where('flow_no', '=', flowNo).where('node_code', '=', 'PUBLICITY').execute();
      expect((await detail(flowNo, admin)).actions.push).toEqual({ allowed: true });
      await push(flowNo);
      expect((await announcements(flowNo)).map((a) => a.source_visit).sort()).toEqual([1, 2]);
    });
  });
});
