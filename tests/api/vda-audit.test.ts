import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { FIRST_CATALOGUE } from '#domain/vda63/catalogue.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode, scenarioVersionWithStandards } from '../support/flow-at-node.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';

/** The VDA 6.3 process audit in system certification over HTTP (req flow §10). */

const PM = 'E10002';
const EXPERT_A = 'E10020';
const EXPERT_B = 'E10021';
const ADMIN = 'E10001';
const questions = (element: string) => FIRST_CATALOGUE.find((e) => e.code === element)!.questions;

describe('VDA 6.3 process audit', () => {
  let app: TestApp;
  let version: number;
  const engine = recordingFlows();
  const sessions: Record<string, Caller> = {};

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    for (const job of [PM, EXPERT_A, EXPERT_B, ADMIN]) sessions[job] = await staffSession(app.deps.db, job);
    version = await scenarioVersionWithStandards(app.deps.db, { vda63: { elements: ['P5', 'P6', 'P7'] } });
  });
  afterAll(() => app.close());

  const db = () => app.deps.db;
  const api = (caller: string | Caller, locale: 'zh' | 'en' = 'zh') => client(app).as(typeof caller === 'string' ? sessions[caller] : caller).locale(locale);
  const detail = async (flowNo: string, caller = PM) => {
    const res = await api(caller).get('/api/v1/vda-audit/detail', { flowNo });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  /** Every question of the element at `score` (P6 in step 'Press'), with a finding below 10. */
  const answers = (element: string, score: number | null = 10, overrides: Record<string, number | null> = {}) =>
    questions(element).map((q) => {
      const s = q.id in overrides ? overrides[q.id] : score;
      return { questionId: q.id, step: element === 'P6' ? 'Press' : null, score: s, finding: s === 10 ? null : `finding ${q.id}` };
    });
  const score = (flowNo: string, element: string, list: unknown[], submit: boolean, caller = element === 'P6' ? EXPERT_B : EXPERT_A, locale: 'zh' | 'en' = 'zh') =>
    api(caller, locale).post('/api/v1/vda-audit/score', { flowNo, element, answers: list, submit });
  async function assignedFlow() {
    const f = await insertFlowAtNode(db(), 'SYSTEM_CERT', { scenarioVersion: version });
    const experts = [
      { element: 'P5', jobNumber: EXPERT_A },
      { element: 'P6', jobNumber: EXPERT_B },
      { element: 'P7', jobNumber: EXPERT_A },
    ];
    const res = await api(PM).post('/api/v1/vda-audit/experts', { flowNo: f.flowNo, experts, steps: ['Press'] });
    expect(res.status).toBe(200);
    return f;
  }

  it('opens the audit over the scenario’s elements with the catalogue’s version, and leaves the dimension items out', async () => {
    const f = await insertFlowAtNode(db(), 'SYSTEM_CERT', { scenarioVersion: version });
    const data = await detail(f.flowNo);
    expect(data.elements.map((e: { code: string }) => e.code)).toEqual(['P5', 'P6', 'P7']);
    expect(data.elements[1].questions[0]).toMatchObject({ id: 'P6.1.1', starred: true, subElement: 'U1' });
    expect(data).toMatchObject({ catalogueVersion: 1, mayAssign: true, grade: null });
    expect(await db().selectFrom('system_cert_item').select('index_code').where('flow_no', '=', f.flowNo).execute()).toEqual([]);
    const legacy = await api(PM).get('/v1/system-cert/task-detail', { flowNo: f.flowNo });
    expect(legacy.body.data.standard).toBe('VDA63');
  });

  it('names experts and steps (purchasing manager only); P6 needs a step', async () => {
    const f = await insertFlowAtNode(db(), 'SYSTEM_CERT', { scenarioVersion: version });
    const experts = [
      { element: 'P5', jobNumber: EXPERT_A },
      { element: 'P6', jobNumber: EXPERT_B },
      { element: 'P7', jobNumber: EXPERT_A },
    ];
    expect((await api(EXPERT_A).post('/api/v1/vda-audit/experts', { flowNo: f.flowNo, experts, steps: ['Press'] })).status).toBe(403);
    const noStep = await api(PM, 'en').post('/api/v1/vda-audit/experts', { flowNo: f.flowNo, experts, steps: [] });
    expect(noStep.status).toBe(400);
    expect(noStep.body.errors).toEqual({ steps: 'Auditing P6 needs at least one process step' });
    expect((await api(PM).post('/api/v1/vda-audit/experts', { flowNo: f.flowNo, experts, steps: ['Press'] })).status).toBe(200);
    expect((await detail(f.flowNo, EXPERT_B)).myElements).toEqual(['P6']);
    const tasks = await db().selectFrom('cert_task').select(['task_type', 'principal_job_number']).where('flow_no', '=', f.flowNo).where('task_type', '=', 'VDA_AUDIT_SCORE').execute();
    expect(tasks).toHaveLength(3);
  });

  describe('bad input is refused by field and changes nothing', () => {
    it('a score of 5, a missing finding below 10, a question of another element', async () => {
      const { flowNo } = await assignedFlow();
      const five = answers('P5');
      five[2] = { ...five[2], score: 5, finding: 'x' };
      const r1 = await score(flowNo, 'P5', five, false, EXPERT_A, 'en');
      expect(r1.status).toBe(400);
      expect(r1.body.errors).toEqual({ 'answers.2.score': 'A score is 0, 4, 6, 8 or 10' });

      const noFinding = answers('P5');
      noFinding[0] = { ...noFinding[0], score: 6, finding: null };
      const r2 = await score(flowNo, 'P5', noFinding, false, EXPERT_A, 'en');
      expect(r2.status).toBe(400);
      expect(r2.body.errors).toEqual({ 'answers.0.finding': 'A score below 10 needs a finding' });

      const foreign = [...answers('P5'), { questionId: 'P7.1', step: null, score: 10, finding: null }];
      const r3 = await score(flowNo, 'P5', foreign, false);
      expect(r3.status).toBe(400);
      expect(r3.body.errors).toEqual({ 'answers.7.questionId': '该问题不属于此过程要素' });

      const notEvaluated = answers('P5', 10, { 'P5.1': null });
      notEvaluated[0] = { ...notEvaluated[0], finding: null };
      expect((await score(flowNo, 'P5', notEvaluated, false)).body.errors).toEqual({ 'answers.0.finding': '不评价的问题须填写原因' });

      expect(await db().selectFrom('vda_answer').select('question_id').where('flow_no', '=', flowNo).execute()).toEqual([]);
      expect((await detail(flowNo)).elements[0].submitted).toBe(false);
    });

    it('another expert’s element is 403; handing in needs every question and two thirds evaluated', async () => {
      const { flowNo } = await assignedFlow();
      expect((await score(flowNo, 'P6', answers('P6'), false, EXPERT_A)).status).toBe(403);
      const partial = await score(flowNo, 'P7', answers('P7').slice(0, 3), true);
      expect(partial.status).toBe(400);
      expect(partial.body.errors.answers).toBe('还有问题未评分：P7.4, P7.5');
      const few = answers('P7', 10, { 'P7.1': null, 'P7.2': null });
      const r = await score(flowNo, 'P7', few.map((a) => (a.score === null ? { ...a, finding: '不适用' } : a)), true, EXPERT_A, 'en');
      expect(r.status).toBe(400);
      expect(r.body.errors.answers).toBe('Process element P7 needs at least two thirds of its questions evaluated');
      expect((await detail(flowNo)).elements[2].submitted).toBe(false);
    });
  });

  it('figures and grades as answers are saved, records the grade on completion, and writes the report', async () => {
    const { flowNo } = await assignedFlow();
    expect((await score(flowNo, 'P5', answers('P5'), true)).status).toBe(200);
    // P7.3 (starred) at 4 takes an A to a B.
    expect((await score(flowNo, 'P7', answers('P7', 10, { 'P7.3': 4 }), false)).status).toBe(200);
    let data = await detail(flowNo);
    expect(data.figures.elements.P7).toEqual({ percent: 88, evaluated: 5, total: 5 });
    expect(data.grade).toMatchObject({ grade: 'B', rule: 'STARRED_AT_4', subject: 'P7.3', text: '星号问题 P7.3 得 4 分，由 A 降为 B' });
    expect(data.mayComplete).toBe(false);
    const early = await api(PM).post('/api/v1/vda-audit/complete', { flowNo });
    expect(early.status).toBe(409);

    expect((await score(flowNo, 'P7', answers('P7', 10, { 'P7.3': 4 }), true)).status).toBe(200);
    expect((await score(flowNo, 'P6', answers('P6'), true)).status).toBe(200);
    data = await detail(flowNo);
    expect(data.figures.overall.percent).toBe(Math.round((380 - 6) / 3.8));
    expect(data.mayComplete).toBe(true);
    const closeTask = await db().selectFrom('cert_task').select('principal_job_number').where('task_type', '=', 'VDA_AUDIT_CLOSE').where('flow_no', '=', flowNo).executeTakeFirst();
    expect(closeTask?.principal_job_number).toBe(PM);

    const report = await api(PM, 'en').get('/api/v1/vda-audit/report', { flowNo });
    expect(report.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.bytes as unknown as ArrayBuffer);
    const cells = wb.worksheets[0].getSheetValues().flat().filter((v) => v !== undefined && v !== null).map(String);
    expect(cells).toContain('VDA 6.3 process audit report');
    expect(cells).toContain('Starred question P7.3 scored 4: downgraded from A to B');
    expect(cells).toContain('finding P7.3');

    expect((await api(PM).post('/api/v1/vda-audit/complete', { flowNo })).status).toBe(200);
    expect(engine.callsOf(flowNo).completeNode.map(([, input]) => [input.nodeCode, input.outcome])).toEqual([['SYSTEM_CERT', 'pass']]);
    const audit = await db().selectFrom('vda_audit').select(['grade', 'grade_rule', 'grade_subject', 'overall']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(audit).toEqual({ grade: 'B', grade_rule: 'STARRED_AT_4', grade_subject: 'P7.3', overall: 98 });
  });

  it('turns a finding into an action item the supplier answers on the portal and the expert closes', async () => {
    const { flowNo } = await assignedFlow();
    await score(flowNo, 'P7', answers('P7', 10, { 'P7.2': 6 }), false);
    const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const item = { flowNo, questionId: 'P7.2', step: null, measure: '建立顾客关怀流程', ownerName: '赵敏', ownerEmail: 'zhao@supplier.example.com', dueDate: due };
    expect((await api(EXPERT_B).post('/api/v1/vda-audit/action', item)).status).toBe(403);
    expect((await api(EXPERT_A).post('/api/v1/vda-audit/action', { ...item, questionId: 'P7.1' })).body.errors).toEqual({ questionId: '只有得分低于 10 分的发现项可以生成措施项' });
    expect((await api(EXPERT_A).post('/api/v1/vda-audit/action', item)).status).toBe(200);
    expect((await api(EXPERT_A).post('/api/v1/vda-audit/action', item)).status).toBe(409);
    const mail = await db().selectFrom('mail_outbox').select(['to_address', 'subject']).where('to_address', '=', 'zhao@supplier.example.com').execute();
    expect(mail).toHaveLength(1);

    const portal = await portalSession(db(), flowNo);
    const list = await client(app).as(portal).get('/api/v1/portal/vda-actions');
    expect(list.body.data).toEqual([expect.objectContaining({ questionId: 'P7.2', finding: 'finding P7.2', status: 'OPEN', questionText: '顾客关怀得到保证' })]);
    const id = list.body.data[0].id;
    const evidence = await uploadDocument(client(app).as(portal), '关怀流程.pdf', pdfBytes('evidence'));
    const noFile = await client(app).as(portal).post('/api/v1/portal/vda-actions/answer', { actionId: id, answer: '已建立流程', documentList: [] });
    expect(noFile.status).toBe(400);
    expect((await client(app).as(portal).post('/api/v1/portal/vda-actions/answer', { actionId: id, answer: '已建立流程', documentList: [evidence] })).status).toBe(200);
    const other = await insertFlowAtNode(db(), 'SYSTEM_CERT', { scenarioVersion: version });
    expect((await client(app).as(await portalSession(db(), other.flowNo)).post('/api/v1/portal/vda-actions/answer', { actionId: id, answer: 'x', documentList: [evidence] })).status).toBe(403);

    const task = await db().selectFrom('cert_task').select(['principal_job_number', 'status']).where('task_type', '=', 'VDA_ACTION_ANSWERED').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(task.principal_job_number).toBe(EXPERT_A);
    expect((await api(EXPERT_A).post('/api/v1/vda-audit/action-close', { flowNo, actionId: id, decision: 'RETURN' })).body.errors).toEqual({ comment: '退回时须填写原因' });
    expect((await api(EXPERT_A).post('/api/v1/vda-audit/action-close', { flowNo, actionId: id, decision: 'CLOSE' })).status).toBe(200);
    expect((await detail(flowNo)).actions[0]).toMatchObject({ status: 'CLOSED', answer: '已建立流程' });
  });

  it('revises the catalogue as a new version (configuration permission) and keeps open audits on theirs', async () => {
    const before = await insertFlowAtNode(db(), 'SYSTEM_CERT', { scenarioVersion: version });
    const current = (await api(ADMIN).get('/api/v1/vda-catalogue')).body.data;
    const list = current.elements.flatMap((e: { questions: object[] }) => e.questions) as { id: string; zh: string; en: string; starred: boolean }[];
    expect((await api(PM).post('/api/v1/vda-catalogue/revise', { questions: list })).status).toBe(403);
    const bad = await api(ADMIN).post('/api/v1/vda-catalogue/revise', { questions: list.slice(1) });
    expect(bad.body.errors).toEqual({ questions: '目录修订须包含全部问题' });
    const revised = list.map((x) => (x.id === 'P7.5' ? { ...x, zh: '服务人员具备资格', starred: true } : x));
    const res = await api(ADMIN).post('/api/v1/vda-catalogue/revise', { questions: revised });
    expect(res.body.data.version).toBe(current.version + 1);
    const after = await insertFlowAtNode(db(), 'SYSTEM_CERT', { scenarioVersion: version });
    const p7 = (flowData: { elements: { code: string; questions: { id: string; text: string; starred: boolean }[] }[] }) => flowData.elements.find((e) => e.code === 'P7')!.questions.at(-1);
    expect(p7(await detail(before.flowNo))).toMatchObject({ text: '人员具备相应资格', starred: false });
    expect(p7(await detail(after.flowNo))).toMatchObject({ text: '服务人员具备资格', starred: true });
  });

  it('the seeds’ scenario keeps its dimension scores', async () => {
    const f = await insertFlowAtNode(db(), 'SYSTEM_CERT');
    expect((await api(PM).get('/v1/system-cert/task-detail', { flowNo: f.flowNo })).body.data).toMatchObject({ standard: null, step: 'people' });
    expect((await api(PM).get('/api/v1/vda-audit/detail', { flowNo: f.flowNo })).status).toBe(404);
  });
});
