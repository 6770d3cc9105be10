import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWireDateTime, wireDay } from '#domain/date-time.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { markNodeFinished, markNodeOpen } from '#services/cert-flow/projection.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { staffSession } from '../support/sessions.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';
import { pngBytes } from '../support/sample-files.ts';
import { openTestApproval, rejectTestApproval } from '../support/approvals.ts';

/** The second-stage meeting conclusion over HTTP (req flow §3.5, §4.3, §4.4, §5.6, §7.7); the workflow is recorded, not run. */
describe('KCP2 node: conclusion, attachments and to-dos, saved and completed by the purchasing manager', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let pm: Caller;
  let otherPm: Caller;
  let quality: Caller;
  type Doc = { documentName: string; documentUrl: string };
  let doc: Doc;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(app.deps.db, 'E10002');
    otherPm = await staffSession(app.deps.db, 'E10003');
    quality = await staffSession(app.deps.db, 'E10020');
    doc = await uploadDocument(api(pm), '会议纪要.png', pngBytes(), 'image/png');
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null) => client(app).as(caller).locale('zh');
  const db = () => app.deps.db;
  const save = (body: unknown, caller: Caller = pm) => api(caller).post('/v1/supplier-assessment/save', body);
  const complete = (body: unknown, caller: Caller = pm) => api(caller).post('/v1/supplier-assessment/complete', body);
  const detail = async (flowNo: string, caller: Caller = pm) => (await api(caller).get('/v1/supplier-assessment/task-detail', { flowNo })).body.data;
  const finish = (flowNo: string, seq: number, caller: Caller, source = 'KCP2') => api(caller).post('/v1/supplier-assessment/finish-todo', { flowNo, source, seq });
  const inDays = (days: number, time = '18:00:00') => `${wireDay(new Date(), days)} ${time}`;
  const todo = (over: Record<string, unknown> = {}) => ({ todoName: '提交整改报告', todoDesc: '针对体系审核问题', principalId: 'E10020', closeDate: inDays(7), ...over });
  const todoRows = (flowNo: string) => db().selectFrom('flow_todo').selectAll().where('flow_no', '=', flowNo).where('source', '=', 'KCP2').orderBy('seq').execute();
  const todoTasks = (flowNo: string) => db().selectFrom('cert_task').selectAll().where('flow_no', '=', flowNo).where('task_type', '=', 'TODO').orderBy('task_no').execute();
  const todoMails = (flowNo: string) => db().selectFrom('mail_outbox').select(['dedupe_key', 'to_address', 'subject']).where('dedupe_key', 'like', `todo:${flowNo}-%`).orderBy('id').execute();
  const formRow = (flowNo: string) => db().selectFrom('cert_node_form').selectAll().where('flow_no', '=', flowNo).where('node_code', '=', 'KCP2').executeTakeFirst();
  const completionsOf = (flowNo: string) => engine.callsOf(flowNo).completeNode;
  const signalsOf = (flowNo: string) => engine.callsOf(flowNo).signalTodosChanged.length;
  const setHighPotential = (flowNo: string, status: number) =>
    db()
      .insertInto('high_potential_application')
      .values({ flow_no: flowNo, status, updated_by: 'test' })
      .onConflict((oc) => oc.column('flow_no').doUpdateSet({ status }))
      .execute();
  const setCodeStatus = (flowNo: string, status: number) =>
    db()
      .insertInto('supplier_release')
      .values({ flow_no: flowNo, status, form: JSON.stringify({}), updated_by: 'test' })
      .onConflict((oc) => oc.column('flow_no').doUpdateSet({ status }))
      .execute();

  describe('completing (req flow §5.6)', () => {
    it('requires the conclusion (请选择上会结论) and 1..5 attachments (请上传附件); an unknown key is invalid; nothing is written', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      const empty = await complete({ flowNo, accessStatus: null, documentList: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual({ accessStatus: '请选择上会结论', documentList: '请上传附件' });
      expect((await complete({ flowNo, accessStatus: 10, documentList: Array(6).fill(doc) })).body.errors).toEqual({ documentList: '最多上传5个文件' });
      expect((await complete({ flowNo, accessStatus: 99, documentList: [doc] })).body.errors).toEqual({ accessStatus: '取值无效' });
      const en = await api(pm).locale('en').post('/v1/supplier-assessment/complete', { flowNo, documentList: [doc] });
      expect(en.body.errors).toEqual({ accessStatus: 'Please choose the meeting conclusion' });
      expect(await formRow(flowNo)).toBeUndefined();
      expect(completionsOf(flowNo)).toEqual([]);
    });

    it('a passing conclusion with five attachments saves, sends the to-dos out and completes with outcome pass', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      const res = await complete({ flowNo, accessStatus: 20, documentList: Array(5).fill(doc), todoList: [todo()] });
      expect(res.status).toBe(200);
      expect(res.body.data.message).toBe('提交成功');
      expect(completionsOf(flowNo)).toEqual([
        [flowNo, { nodeCode: 'KCP2', actor: expect.objectContaining({ jobNumber: 'E10002' }), outcome: 'pass' }, `complete:${flowNo}:KCP2`],
      ]);
      expect(await todoMails(flowNo)).toHaveLength(1);
      expect(signalsOf(flowNo)).toBe(1);
    });

    it('KCP2 opened again after a return from PUBLICITY completes under its second visit\'s update id (the first one is spent)', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      await markNodeFinished(db(), { flowNo, nodeCode: 'KCP2', outcome: 'pass' });
      await markNodeOpen(db(), flowNo, 'KCP2', 2);
      const res = await complete({ flowNo, accessStatus: 20, documentList: [doc] });
      expect(res.status).toBe(200);
      expect(completionsOf(flowNo)).toEqual([[flowNo, expect.objectContaining({ nodeCode: 'KCP2', outcome: 'pass' }), `complete:${flowNo}:KCP2:2`]]);
    });

    it('a failing conclusion (不准入, extra.pass false) completes with outcome fail and mails no to-do', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      const res = await complete({ flowNo, accessStatus: 40, documentList: [doc], todoList: [todo()], outcome: 'pass' });
      expect(res.status).toBe(200);
      expect(completionsOf(flowNo).map(([, input]) => input.outcome)).toEqual(['fail']);
      expect(await formRow(flowNo)).toMatchObject({ access_status: '40' });
      expect(await todoMails(flowNo)).toEqual([]);
    });

    it.each([
      ['the high-potential approval is in progress', { hp: 10 }, '高潜供应商申请流程正在进行中，流程完成后才能完成当前节点任务！'],
      ['the supplier-code application is new', { code: 0 }, '供应商编码申请流程正在进行中，流程完成后才能完成当前节点任务！'],
      ['the supplier-code application is saved', { code: 10 }, '供应商编码申请流程正在进行中，流程完成后才能完成当前节点任务！'],
      ['the supplier-code application is submitted', { code: 20 }, '供应商编码申请流程正在进行中，流程完成后才能完成当前节点任务！'],
      ['the supplier-code application is rejected', { code: 30 }, '供应商编码申请已被驳回：请修改发布表单并重新提交，通过后才能完成当前节点！'],
    ])('is refused (409) while %s, and writes nothing', async (_name, state: { hp?: number; code?: number }, message) => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      if (state.hp !== undefined) await setHighPotential(flowNo, state.hp);
      if (state.code !== undefined) await setCodeStatus(flowNo, state.code);
      const res = await complete({ flowNo, accessStatus: 30, documentList: [doc], todoList: [todo()] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(message);
      expect(await formRow(flowNo)).toBeUndefined();
      expect(await todoRows(flowNo)).toEqual([]);
      expect(completionsOf(flowNo)).toEqual([]);
    });

    it.each([
      ['the high-potential approval finished', { hp: 20 }],
      ['the high-potential application was rejected', { hp: 0 }],
      ['the supplier code was issued', { hp: 20, code: 40 }],
    ])('is allowed once %s', async (_name, state: { hp?: number; code?: number }) => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      if (state.hp !== undefined) await setHighPotential(flowNo, state.hp);
      if (state.code !== undefined) await setCodeStatus(flowNo, state.code);
      expect((await complete({ flowNo, accessStatus: 30, documentList: [doc] })).status).toBe(200);
      expect(completionsOf(flowNo)).toHaveLength(1);
    });

    it('keeps the high-potential conclusion once its application is with the approvers or approved (409 otherwise)', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      await setHighPotential(flowNo, 20);
      const res = await complete({ flowNo, accessStatus: 10, documentList: [doc] });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('高潜供应商申请已提交审批，上会结论不能改为其他结论');
      expect((await save({ flowNo, accessStatus: null })).status).toBe(409);
      expect(completionsOf(flowNo)).toEqual([]);
    });
  });

  describe('the to-do list (req flow §3.5, req flow §5.6)', () => {
    it('checks each row on both sides of its limits: name ≤ 20, description ≤ 100, a principal who exists, close date not before yesterday', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      const ok = await save({
        flowNo,
        todoList: [
          todo({ todoName: '名'.repeat(20), todoDesc: '述'.repeat(100) }),
          todo({ todoDesc: '', closeDate: `${wireDay(new Date(), -1)} 00:00:00` }),
        ],
      });
      expect(ok.status).toBe(200);
      expect(ok.body.data.message).toBe('保存成功');

      const bad = await save({
        flowNo,
        todoList: [
          todo({ todoName: '名'.repeat(21), todoDesc: '述'.repeat(101) }),
          todo({ todoName: ' ', principalId: '' }),
          todo({ closeDate: `${wireDay(new Date(), -2)} 23:59:59` }),
          todo({ closeDate: '2030-02-30 10:00:00' }),
          todo({ closeDate: '2030-01-01' }),
          todo({ closeDate: null }),
        ],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({
        'todoList.0.todoName': '长度不能超过20个字符',
        'todoList.0.todoDesc': '长度不能超过100个字符',
        'todoList.1.todoName': '请输入待办事项',
        'todoList.1.principalId': '请选择责任人',
        'todoList.3.closeDate': '请输入正确的时间（yyyy-MM-dd HH:mm:ss）',
        'todoList.4.closeDate': '请输入正确的时间（yyyy-MM-dd HH:mm:ss）',
        'todoList.5.closeDate': '请选择完成时间',
      });
      const early = await save({ flowNo, todoList: [todo({ closeDate: `${wireDay(new Date(), -2)} 23:59:59` }), todo({ principalId: 'E99999' })] });
      expect(early.body.errors).toEqual({ 'todoList.0.closeDate': '完成时间不能早于昨天', 'todoList.1.principalId': '人员不存在' });
      const en = await api(pm).locale('en').post('/v1/supplier-assessment/save', { flowNo, todoList: [todo({ closeDate: `${wireDay(new Date(), -2)} 10:00:00` })] });
      expect(en.body.errors).toEqual({ 'todoList.0.closeDate': 'The close date cannot be before yesterday' });
      expect(await todoRows(flowNo)).toHaveLength(2); // the refused saves changed nothing
    });

    it('makes each to-do a task of its principal, mailed once; a new principal gets the task and a mail; a removed to-do closes its task and its seq is not given again', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      const closeDate = inDays(3, '09:30:00');
      expect((await save({ flowNo, todoList: [todo({ closeDate }), todo({ todoName: '补充样件', principalId: 'E10021' })] })).status).toBe(200);
      const rows = await todoRows(flowNo);
      expect(rows.map((r) => [r.seq, r.todo_name, r.principal_job_number, r.principal_name])).toEqual([
        [1, '提交整改报告', 'E10020', '张伟'],
        [2, '补充样件', 'E10021', '赵军'],
      ]);
      expect(formatWireDateTime(new Date(rows[0]!.close_date))).toBe(closeDate);
      const tasks = await todoTasks(flowNo);
      expect(tasks.map((t) => [t.task_no, t.node_code, t.principal_job_number, t.task_name, t.status])).toEqual([
        [`${flowNo}-KCP2-TODO-1`, 'KCP2', 'E10020', '提交整改报告', TASK_STATUS.IN_PROGRESS],
        [`${flowNo}-KCP2-TODO-2`, 'KCP2', 'E10021', '补充样件', TASK_STATUS.IN_PROGRESS],
      ]);
      expect(formatWireDateTime(new Date(tasks[0]!.end_time!))).toBe(closeDate);
      expect((await todoMails(flowNo)).map((m) => m.dedupe_key)).toEqual([`todo:${flowNo}-KCP2-TODO-1:E10020`, `todo:${flowNo}-KCP2-TODO-2:E10021`]);

      // Saved again as read: nothing new is mailed. Then row 1 goes to another person and row 2 is removed.
      const saved = (await detail(flowNo)).todoList as { seq: number }[];
      expect((await save({ flowNo, todoList: saved })).status).toBe(200);
      expect(await todoMails(flowNo)).toHaveLength(2);
      expect((await save({ flowNo, todoList: [{ ...saved[0], principalId: 'E10022' }] })).status).toBe(200);
      expect((await todoMails(flowNo)).map((m) => m.dedupe_key)).toContain(`todo:${flowNo}-KCP2-TODO-1:E10022`);
      expect((await todoTasks(flowNo)).map((t) => [t.principal_job_number, t.status])).toEqual([
        ['E10022', TASK_STATUS.IN_PROGRESS],
        ['E10021', TASK_STATUS.FINISHED],
      ]);
      expect((await save({ flowNo, todoList: [{ ...saved[0], principalId: 'E10022' }, todo({ todoName: '新待办' })] })).status).toBe(200);
      expect((await todoRows(flowNo)).map((r) => [r.seq, r.todo_name])).toEqual([
        [1, '提交整改报告'],
        [3, '新待办'],
      ]);
      expect(signalsOf(flowNo)).toBe(4);
    });

    it('refuses a seq that names no saved to-do, and keeps a passed close date that is not changed', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      expect((await save({ flowNo, todoList: [todo({ seq: 7 })] })).body.errors).toEqual({ 'todoList.0.seq': '取值无效' });
      await save({ flowNo, todoList: [todo()] });
      const past = new Date(Date.now() - 5 * 86_400_000);
      await db().updateTable('flow_todo').set({ close_date: past }).where('flow_no', '=', flowNo).execute();
      const [row] = (await detail(flowNo)).todoList;
      expect(row).toMatchObject({ seq: 1, closeDate: formatWireDateTime(past), overdue: true, done: false });
      expect((await save({ flowNo, todoList: [{ ...row, todoDesc: '改了描述' }] })).status).toBe(200);
      expect((await save({ flowNo, todoList: [{ ...row, closeDate: inDays(-3) }] })).body.errors).toEqual({ 'todoList.0.closeDate': '完成时间不能早于昨天' });
    });

    it("shows in the principal's open tasks with the close date, marked overdue after it, linked to KCP2 on the progress page", async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      await save({ flowNo, todoList: [todo({ todoName: '到期待办' }), todo({ todoName: '未到期待办', closeDate: inDays(5) })] });
      await db().updateTable('flow_todo').set({ close_date: new Date(Date.now() - 60_000) }).where('flow_no', '=', flowNo).where('seq', '=', 1).execute();
      await db().updateTable('cert_task').set({ end_time: new Date(Date.now() - 60_000) }).where('task_no', '=', `${flowNo}-KCP2-TODO-1`).execute();
      const mine = (await api(quality).get('/v1/cert-flow-node/my-tasks')).body.data.filter((t: { flowNo: string }) => t.flowNo === flowNo);
      expect(mine).toHaveLength(2);
      expect(mine).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ taskName: '到期待办', taskType: 'TODO', nodeCode: 'KCP2', overdue: true, link: `/cert-flow/detail?id=${flowNo}&node=KCP2` }),
          expect.objectContaining({ taskName: '未到期待办', overdue: false, endTime: expect.any(String) }),
        ]),
      );
      expect((await api(pm).get('/v1/cert-flow-node/my-tasks')).body.data.filter((t: { taskType: string; flowNo: string }) => t.flowNo === flowNo && t.taskType === 'TODO')).toEqual([]);
    });

    it("is marked done by its principal only (403 for others), which finishes its task; a done to-do can be neither changed nor removed", async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      await save({ flowNo, todoList: [todo(), todo({ todoName: '第二项' })] });
      const signals = signalsOf(flowNo);
      expect((await finish(flowNo, 1, pm)).status).toBe(403);
      expect((await finish(flowNo, 1, otherPm)).body.message).toBe('只有待办责任人可以完成该待办');
      expect((await finish(flowNo, 9, quality)).status).toBe(404);
      const done = await finish(flowNo, 1, quality);
      expect(done.status).toBe(200);
      expect(done.body.data.message).toBe('待办已完成');
      expect(signalsOf(flowNo)).toBe(signals + 1);
      expect((await todoTasks(flowNo))[0]!.status).toBe(TASK_STATUS.FINISHED);
      const views = (await detail(flowNo, quality)).todoList;
      expect(views.map((t: { done: boolean; canFinish: boolean }) => [t.done, t.canFinish])).toEqual([
        [true, false],
        [false, true],
      ]);
      expect((await finish(flowNo, 1, quality)).status).toBe(200); // twice is once
      expect(signalsOf(flowNo)).toBe(signals + 1);

      const [first, second] = (await detail(flowNo)).todoList;
      expect((await save({ flowNo, todoList: [{ ...first, todoName: '改名' }, second] })).body.errors).toEqual({ 'todoList.0.todoName': '已完成的待办不能修改或删除' });
      expect((await save({ flowNo, todoList: [second] })).body.errors).toEqual({ todoList: '已完成的待办不能修改或删除' });
      expect((await save({ flowNo, todoList: [first] })).status).toBe(200);
      expect((await todoTasks(flowNo)).map((t) => t.status)).toEqual([TASK_STATUS.FINISHED, TASK_STATUS.FINISHED]);
    });

    it('outlives the node: KCP2 finished, the to-do stays open and its principal can still mark it done', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      await save({ flowNo, todoList: [todo()] });
      await markNodeFinished(db(), { flowNo, nodeCode: 'KCP2', outcome: 'pass' });
      const tasks = await db().selectFrom('cert_task').select(['task_type', 'status']).where('flow_no', '=', flowNo).where('node_code', '=', 'KCP2').orderBy('task_type').execute();
      expect(tasks).toEqual([
        { task_type: 'NODE_PRINCIPAL', status: TASK_STATUS.FINISHED },
        { task_type: 'TODO', status: TASK_STATUS.IN_PROGRESS },
      ]);
      expect((await save({ flowNo, todoList: [] })).status).toBe(409);
      expect((await finish(flowNo, 1, quality)).status).toBe(200);
    });
  });

  describe('the detail (req flow §4.4)', () => {
    it('shows the applications and whether the supplier-code button is available, and who may edit', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      expect(await detail(flowNo)).toMatchObject({
        nodeCode: 'KCP2',
        accessStatus: null,
        canEdit: true,
        highPotentialRequired: false,
        highPotentialStatus: -1,
        supplierCodeStatus: -1,
        supplierCodeAvailable: true,
        bpmUrl: null,
      });
      expect(await detail(flowNo, otherPm)).toMatchObject({ canEdit: false, principal: false });

      await save({ flowNo, accessStatus: 30, documentList: [doc] });
      expect(await detail(flowNo)).toMatchObject({ accessStatus: 30, documentList: [doc], highPotentialRequired: true, supplierCodeAvailable: false });
      // The application went to the approvers, who rejected it.
      await setHighPotential(flowNo, -1);
      const { approvalNo, taskNo } = await openTestApproval(db(), { flowNo, kind: 'HIGH_POTENTIAL' });
      await rejectTestApproval(db(), { flowNo, kind: 'HIGH_POTENTIAL', approvalNo, reason: '资料不足' });
      expect(await detail(flowNo)).toMatchObject({
        highPotentialStatus: 0,
        bpmUrl: `/cert-flow/approval?flowNo=${flowNo}&taskNo=${taskNo}`,
        bpmRemark: '资料不足',
        supplierCodeAvailable: false,
      });
      await setHighPotential(flowNo, 20);
      await setCodeStatus(flowNo, 10);
      expect(await detail(flowNo)).toMatchObject({ highPotentialStatus: 20, supplierCodeAvailable: true, supplierCodeStatus: 10 });
    });

    it('only the principal saves (403), and a node not in progress answers 409', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'KCP2');
      expect((await save({ flowNo, todoList: [todo()] }, otherPm)).status).toBe(403);
      const early = await insertFlowAtNode(db(), 'SAMPLE_CERT');
      expect((await save({ flowNo: early.flowNo, todoList: [todo()] })).status).toBe(409);
      expect(await todoRows(flowNo)).toEqual([]);
    });
  });
});
