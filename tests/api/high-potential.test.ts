import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireDay } from '#domain/date-time.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { staffSession } from '../support/sessions.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';
import { pngBytes } from '../support/sample-files.ts';
import { openTestApproval, rejectTestApproval } from '../support/approvals.ts';

/** The high-potential supplier application over HTTP (req flow §3.6, §5.7, §7.8); the approval is recorded, not run. */
describe('high-potential application: saved and submitted for approval by the KCP2 principal', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let pm: Caller;
  let otherPm: Caller;
  let quality: Caller;
  let doc: { documentName: string; documentUrl: string };

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(app.deps.db, 'E10002');
    otherPm = await staffSession(app.deps.db, 'E10003');
    quality = await staffSession(app.deps.db, 'E10020');
    doc = await uploadDocument(api(pm), '高潜结论.png', pngBytes(), 'image/png');
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null) => client(app).as(caller).locale('zh');
  const db = () => app.deps.db;
  const save = (body: unknown, caller: Caller = pm) => api(caller).post('/v1/supplier-assessment/save_high-supplier-apply', body);
  const submit = (body: unknown, caller: Caller = pm) => api(caller).post('/v1/supplier-assessment/submit_high-supplier-apply', body);
  const detail = async (flowNo: string, caller: Caller = pm) => (await api(caller).get('/v1/supplier-assessment/get_high-supplier-apply', { flowNo })).body.data;
  const todo = (over: Record<string, unknown> = {}) => ({
    todoName: '提升产能',
    todoDesc: '新增一条冲压线',
    principalId: 'E10020',
    closeDate: `${wireDay(new Date(), 30)} 12:00:00`,
    todoType: 'supplier_high_potential',
    ...over,
  });
  const conclusionFile = () => ({ ...doc, documentType: 'meet_conclusion' });
  const approvalsOf = (flowNo: string) => engine.callsOf(flowNo).startApproval;
  const application = (flowNo: string) => db().selectFrom('high_potential_application').selectAll().where('flow_no', '=', flowNo).executeTakeFirst();
  const setStatus = (flowNo: string, status: number) => db().updateTable('high_potential_application').set({ status }).where('flow_no', '=', flowNo).execute();

  /** A flow at KCP2 whose meeting concluded `accessStatus` (30 = access as high-potential supplier). */
  async function flowConcluded(accessStatus: number | null = 30): Promise<string> {
    const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
    if (accessStatus !== null) expect((await api(pm).post('/v1/supplier-assessment/save', { flowNo, accessStatus })).status).toBe(200);
    return flowNo;
  }

  it('is offered only when the saved KCP2 conclusion is the high-potential one (409 otherwise)', async () => {
    for (const conclusion of [null, 10, 40]) {
      const flowNo = await flowConcluded(conclusion);
      expect(await detail(flowNo)).toMatchObject({ accessType: 'HIGH_POTENTIAL', accessStatus: -1, available: false, canEdit: false });
      const res = await save({ flowNo, documentList: [conclusionFile()], todoList: [todo()] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('上会结论为高潜供应商准入时才能申请高潜供应商');
      expect((await submit({ flowNo, documentList: [conclusionFile()], todoList: [todo()] })).status).toBe(409);
      expect(await application(flowNo)).toBeUndefined();
      expect(approvalsOf(flowNo)).toEqual([]);
    }
  });

  it('saves the conclusion files (meet_conclusion, at most 5) and the to-dos, each a task of its principal, mailed', async () => {
    const flowNo = await flowConcluded();
    expect(await detail(flowNo)).toMatchObject({ available: true, canEdit: true });
    const res = await save({ flowNo, description: '说'.repeat(500), documentList: Array(5).fill(conclusionFile()), todoList: [todo()] });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('保存成功');
    expect(await detail(flowNo)).toMatchObject({
      description: '说'.repeat(500),
      documentList: Array(5).fill(conclusionFile()),
      todoList: [expect.objectContaining({ seq: 1, todoName: '提升产能', principalName: '张伟', todoType: 'supplier_high_potential', done: false })],
    });
    const task = await db().selectFrom('cert_task').selectAll().where('task_no', '=', `${flowNo}-HIGH_POTENTIAL-TODO-1`).executeTakeFirstOrThrow();
    expect(task).toMatchObject({ task_type: 'TODO', node_code: 'KCP2', principal_job_number: 'E10020', status: TASK_STATUS.IN_PROGRESS });
    const mails = await db().selectFrom('mail_outbox').select('dedupe_key').where('dedupe_key', '=', `todo:${flowNo}-HIGH_POTENTIAL-TODO-1:E10020`).execute();
    expect(mails).toHaveLength(1);
    expect(engine.callsOf(flowNo).signalTodosChanged.length).toBeGreaterThanOrEqual(2);
    expect(approvalsOf(flowNo)).toEqual([]);

    // Its to-do is done by its own principal.
    expect((await api(quality).post('/v1/supplier-assessment/finish-todo', { flowNo, source: 'HIGH_POTENTIAL', seq: 1 })).status).toBe(200);
  });

  it('checks the limits on save: 6 files, another document type, another todoType, a description of 501', async () => {
    const flowNo = await flowConcluded();
    const res = await save({
      flowNo,
      description: '说'.repeat(501),
      documentList: Array(6).fill(conclusionFile()),
      todoList: [todo({ todoType: 'other' })],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      description: '长度不能超过500个字符',
      documentList: '最多上传5个文件',
      'todoList.0.todoType': '取值无效',
    });
    const otherType = await save({ flowNo, documentList: [{ ...doc, documentType: 'sample_cert' }] });
    expect(otherType.body.errors).toEqual({ 'documentList.0.documentType': '取值无效' });
    expect(await application(flowNo)).toBeUndefined();
  });

  it('submit needs an attachment and a first to-do (请填写待办事项，并上传高潜供应商结论附件！); a valid one saves and starts the approval', async () => {
    const flowNo = await flowConcluded();
    for (const body of [
      { flowNo, documentList: [], todoList: [todo()] },
      { flowNo, documentList: [conclusionFile()], todoList: [] },
      { flowNo },
    ]) {
      const res = await submit(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('请填写待办事项，并上传高潜供应商结论附件！');
    }
    const en = await api(pm).locale('en').post('/v1/supplier-assessment/submit_high-supplier-apply', { flowNo });
    expect(en.body.message).toBe('Please fill in the to-dos and upload the high-potential supplier conclusion attachments!');
    expect(await application(flowNo)).toBeUndefined();
    expect(approvalsOf(flowNo)).toEqual([]);

    const ok = await submit({ flowNo, documentList: [conclusionFile()], todoList: [todo()] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.message).toBe('提交成功');
    expect(await application(flowNo)).toMatchObject({ documents: [{ documentType: 'meet_conclusion', documentName: doc.documentName, documentUrl: doc.documentUrl }] });
    expect(approvalsOf(flowNo)).toEqual([
      [flowNo, { kind: 'HIGH_POTENTIAL', actor: expect.objectContaining({ jobNumber: 'E10002' }) }, `start-approval:${flowNo}:HIGH_POTENTIAL:1`],
    ]);
  });

  it('is locked while its approval is in progress or finished, and editable again after a rejection (the next approval round)', async () => {
    const flowNo = await flowConcluded();
    const body = { flowNo, documentList: [conclusionFile()], todoList: [todo()] };
    expect((await submit(body)).status).toBe(200);
    // The workflow opens the approval (its activities, as the flow calls them).
    const { approvalNo, taskNo } = await openTestApproval(db(), { flowNo, kind: 'HIGH_POTENTIAL' });
    expect(await detail(flowNo)).toMatchObject({ accessStatus: 10, canEdit: false, bpmUrl: `/cert-flow/approval?flowNo=${flowNo}&taskNo=${taskNo}` });

    for (const status of [10, 20]) {
      await setStatus(flowNo, status);
      const res = await save(body);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('高潜供应商申请审批中或已通过，不能修改');
      expect((await submit(body)).status).toBe(409);
    }
    expect(approvalsOf(flowNo)).toHaveLength(1);

    await rejectTestApproval(db(), { flowNo, kind: 'HIGH_POTENTIAL', approvalNo, reason: '请补充产能证明' });
    expect(await detail(flowNo)).toMatchObject({ accessStatus: 0, bpmRemark: '请补充产能证明', canEdit: true });
    expect((await save(body)).status).toBe(200);
    expect((await submit(body)).status).toBe(200);
    expect(approvalsOf(flowNo).map(([, , updateId]) => updateId)).toEqual([`start-approval:${flowNo}:HIGH_POTENTIAL:1`, `start-approval:${flowNo}:HIGH_POTENTIAL:2`]);
  });

  it('only the KCP2 principal writes it (403), and only while KCP2 is in progress (409)', async () => {
    const flowNo = await flowConcluded();
    const body = { flowNo, documentList: [conclusionFile()], todoList: [todo()] };
    expect((await save(body, otherPm)).status).toBe(403);
    expect((await submit(body, otherPm)).status).toBe(403);
    expect(await detail(flowNo, otherPm)).toMatchObject({ canEdit: false });
    const early = await insertFlowAtNode(db(), 'SAMPLE_CERT');
    expect((await submit({ ...body, flowNo: early.flowNo })).status).toBe(409);
    expect(approvalsOf(flowNo)).toEqual([]);
  });
});
