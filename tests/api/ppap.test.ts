import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredElements } from '#domain/ppap/ppap.ts';
import { runDueInterimApprovals } from '#services/ppap/interim-watch.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode, scenarioVersionWithStandards } from '../support/flow-at-node.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';

/** PPAP in sample certification over HTTP (req flow §11). */

const warrant = { partNumber: 'BW-4711-A', drawingChangeLevel: 'C', reason: 'INITIAL', declaration: true };
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('PPAP submission', () => {
  let app: TestApp;
  let version: number;
  const engine = recordingFlows();

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    version = await scenarioVersionWithStandards(app.deps.db, { ppap: { level: 3 } });
  });
  afterAll(() => app.close());

  const db = () => app.deps.db;
  const as = (caller: Caller, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale);

  async function openFlow() {
    const f = await insertFlowAtNode(db(), 'SAMPLE_CERT', { scenarioVersion: version });
    const reviewer = await staffSession(db(), f.roles.TECHNICAL_REVIEWER!);
    const portal = await portalSession(db(), f.flowNo);
    return { ...f, reviewer, portal };
  }
  const submitAll = async (flowNo: string, portal: Caller, except: string[] = []) => {
    for (const element of requiredElements(3).filter((e) => e !== 'PSW' && !except.includes(e))) {
      const file = await uploadDocument(as(portal), `${element}.pdf`, pdfBytes(element));
      expect((await as(portal).post('/api/v1/portal/ppap/element', { flowNo, element, documentList: [file] })).status).toBe(200);
    }
    expect((await as(portal).post('/api/v1/portal/ppap/warrant', { flowNo, ...warrant })).status).toBe(200);
  };
  const review = (flowNo: string, reviewer: Caller, element: string, decision: 'ACCEPT' | 'RETURN', reason?: string, locale: 'zh' | 'en' = 'zh') =>
    as(reviewer, locale).post('/api/v1/ppap/review', { flowNo, element, decision, reason });

  it('opens at the scenario’s level, mails the supplier, and lists what the level asks and what stays on file', async () => {
    const { flowNo, email, reviewer, portal } = await openFlow();
    const data = (await as(reviewer).get('/api/v1/ppap/detail', { flowNo })).body.data;
    expect(data).toMatchObject({ level: 3, mayAct: true, allAccepted: false, approvalStatus: 'PENDING', warrant: null });
    expect(data.elements).toHaveLength(16);
    expect(data.retained.map((r: { code: string }) => r.code)).toEqual(['MASTER_SAMPLE', 'CHECKING_AIDS']);
    expect(await db().selectFrom('mail_outbox').select('subject').where('to_address', '=', email).where('dedupe_key', '=', `ppap:${flowNo}:requested`).execute()).toHaveLength(1);
    expect((await as(portal).get('/api/v1/portal/ppap', { flowNo })).body.data.elements[0]).toMatchObject({ code: 'DESIGN_RECORDS', status: 'AWAITING' });
    const legacy = await as(reviewer).post('/v1/sample-cert/finish', { flowNo, accessStatus: 10, description: 'x', documentList: [] });
    expect(legacy.status).not.toBe(200);
  });

  describe('bad input is refused by field and changes nothing', () => {
    it('an element the level does not ask for, a warrant without its fields, a return without a reason', async () => {
      const { flowNo, reviewer, portal } = await openFlow();
      const file = await uploadDocument(as(portal), 'master.pdf', pdfBytes('m'));
      const r1 = await as(portal, 'en').post('/api/v1/portal/ppap/element', { flowNo, element: 'MASTER_SAMPLE', documentList: [file] });
      expect(r1.status).toBe(400);
      expect(r1.body.errors).toEqual({ element: 'Submission level 3 does not ask for this element' });
      const r2 = await as(portal, 'en').post('/api/v1/portal/ppap/warrant', { flowNo, partNumber: '', drawingChangeLevel: 'C', reason: 'NOPE', declaration: false });
      expect(r2.status).toBe(400);
      expect(r2.body.errors).toEqual({
        partNumber: 'Please enter the part number',
        reason: 'Please choose the reason for submission',
        declaration: 'Please confirm the declaration',
      });
      const r3 = await review(flowNo, reviewer, 'MASTER_SAMPLE', 'ACCEPT', undefined, 'en');
      expect(r3.body.errors).toEqual({ element: 'Submission level 3 does not ask for this element' });
      await submitAll(flowNo, portal);
      expect((await review(flowNo, reviewer, 'PFMEA', 'RETURN')).body.errors).toEqual({ reason: '退回时须填写原因' });
      expect(await db().selectFrom('ppap_element').select('status').where('flow_no', '=', flowNo).where('status', '!=', 'SUBMITTED').execute()).toEqual([]);
      expect((await as(portal).post('/api/v1/portal/ppap/element', { flowNo: (await openFlow()).flowNo, element: 'PFMEA', documentList: [file] })).status).toBe(403);
    });

    it('approval waits for every element; an interim approval needs its end date and conditions', async () => {
      const { flowNo, reviewer, portal } = await openFlow();
      await submitAll(flowNo, portal);
      const early = await as(reviewer, 'en').post('/api/v1/ppap/disposition', { flowNo, disposition: 'APPROVED' });
      expect(early).toMatchObject({ status: 409, body: { message: 'Not every element is accepted yet: only a rejection is possible' } });
      for (const e of requiredElements(3)) expect((await review(flowNo, reviewer, e, 'ACCEPT')).status).toBe(200);
      const noDate = await as(reviewer).post('/api/v1/ppap/disposition', { flowNo, disposition: 'INTERIM' });
      expect(noDate.body.errors).toEqual({ interimUntil: '临时批准须填写截止日期', conditions: '临时批准须填写条件' });
      const tooFar = await as(reviewer).post('/api/v1/ppap/disposition', { flowNo, disposition: 'INTERIM', interimUntil: day(400), conditions: '100% 检验' });
      expect(tooFar.body.errors).toEqual({ interimUntil: '截止日期须在今天之后的 365 天内' });
      expect(engine.callsOf(flowNo).completeNode).toEqual([]);
    });
  });

  it('a returned element is submitted again, then an interim approval completes the node and is watched until it lapses', async () => {
    const { flowNo, reviewer, portal, roles } = await openFlow();
    await submitAll(flowNo, portal);
    expect((await review(flowNo, reviewer, 'PFMEA', 'RETURN', '缺少严重度评级')).status).toBe(200);
    const seen = (await as(portal).get('/api/v1/portal/ppap', { flowNo })).body.data.elements.find((e: { code: string }) => e.code === 'PFMEA');
    expect(seen).toMatchObject({ status: 'RETURNED', returnReason: '缺少严重度评级' });
    const file = await uploadDocument(as(portal), 'pfmea-v2.pdf', pdfBytes('v2'));
    expect((await as(portal).post('/api/v1/portal/ppap/element', { flowNo, element: 'PFMEA', documentList: [file] })).status).toBe(200);
    for (const e of requiredElements(3)) expect((await review(flowNo, reviewer, e, 'ACCEPT')).status).toBe(200);
    expect((await as(portal).post('/api/v1/portal/ppap/element', { flowNo, element: 'PFMEA', documentList: [file] })).status).toBe(409);

    const until = day(20);
    expect((await as(reviewer).post('/api/v1/ppap/disposition', { flowNo, disposition: 'INTERIM', interimUntil: until, conditions: '量产前 100% 检验' })).status).toBe(200);
    expect(engine.callsOf(flowNo).completeNode.map(([, input]) => [input.nodeCode, input.outcome])).toEqual([['SAMPLE_CERT', 'pass']]);

    const deps = { db: db(), mailer: createOutboxMailer(db()), publicUrl: 'http://localhost:3000' };
    // 20 days before the end: the 30-day reminder, once.
    expect((await runDueInterimApprovals(deps, new Date())).handled).toBeGreaterThanOrEqual(1);
    expect((await runDueInterimApprovals(deps, new Date())).nextDay).not.toBeNull();
    const ending = await db().selectFrom('cert_task').select('principal_job_number').where('flow_no', '=', flowNo).where('task_type', '=', 'PPAP_INTERIM_ENDING').execute();
    expect(ending).toEqual([{ principal_job_number: roles.TECHNICAL_REVIEWER }]);
    // The day after the end: the approval lapses.
    await runDueInterimApprovals(deps, new Date(Date.now() + 22 * 86_400_000));
    expect((await as(reviewer).get('/api/v1/ppap/detail', { flowNo })).body.data.approvalStatus).toBe('LAPSED');
    const events = await db().selectFrom('ppap_interim_event').select('event').where('flow_no', '=', flowNo).orderBy('event').execute();
    expect(events.map((e) => e.event)).toEqual(['expired', 'remind30']);
  });

  it('a rejection is the node’s failure path', async () => {
    const { flowNo, reviewer } = await openFlow();
    expect((await as(reviewer).post('/api/v1/ppap/disposition', { flowNo, disposition: 'REJECTED', comment: '尺寸不合格' })).status).toBe(200);
    expect(engine.callsOf(flowNo).completeNode.map(([, input]) => input.outcome)).toEqual(['fail']);
  });

  it('only the technical reviewer reviews; the seeds’ scenario keeps its conclusion form', async () => {
    const { flowNo } = await openFlow();
    expect((await as(await staffSession(db(), 'E10002')).post('/api/v1/ppap/review', { flowNo, element: 'PSW', decision: 'ACCEPT' })).status).toBe(403);
    const plain = await insertFlowAtNode(db(), 'SAMPLE_CERT');
    const reviewer = await staffSession(db(), plain.roles.TECHNICAL_REVIEWER!);
    expect((await as(reviewer).get('/api/v1/ppap/detail', { flowNo: plain.flowNo })).status).toBe(404);
    expect((await as(reviewer).get('/v1/sample-cert/detail', { flowNo: plain.flowNo })).body.data.standard ?? null).toBeNull();
  });
});
