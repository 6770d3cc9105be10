import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { NODE_STATUS, STAGE } from '#domain/cert-flow/enums.ts';
import { unavailable } from '#domain/errors.ts';
import { deleteExpiredRequestKeys } from '#services/request-keys/request-key-store.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { staffSession } from '../support/sessions.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';
import { pngBytes } from '../support/sample-files.ts';
import { PM_ACTOR } from '../support/drive-flow.ts';
import { CMT_LEADER } from '../support/rfi-questionnaire.ts';
import { eventually } from '../support/fixtures.ts';
import { openApproval, openApprovalStep, recordApprovalDecision } from '#services/approval/progress.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';

/**
 * A write sent again with its Idempotency-Key after its answer was lost is answered what the first
 * attempt answered and is not done twice; without a key, or with a new one, a write on a finished node
 * or an ended flow is refused as before (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Request keys"). The workflow is recorded.
 */
describe('request keys on node writes', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let pm: Caller;
  let otherPm: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(app.deps.db, 'E10002');
    otherPm = await staffSession(app.deps.db, 'E10003');
  });
  afterAll(() => app.close());

  const api = (caller: Caller = pm) => client(app).as(caller).locale('zh');
  const submit = (body: unknown, key?: string, caller: Caller = pm) =>
    (key === undefined ? api(caller) : api(caller).header('Idempotency-Key', key)).post('/v1/cert-flow-kcp/submit', body);
  const kcpBody = async (flowNo: string, accessStatus = 10) => ({
    flowNo,
    nodeCode: 'KCP1',
    accessStatus,
    documentList: [await uploadDocument(api(), '会议纪要.png', pngBytes(), 'image/png')],
  });
  const historyOf = async (flowNo: string) =>
    (await app.deps.db.selectFrom('operation_history').select('action').where('relation_code', '=', flowNo).orderBy('id').execute()).map((r) => r.action);
  /** What the workflow's closeNode activity does once the completion is applied. */
  const finishNode = (flowNo: string) =>
    app.deps.db.updateTable('cert_flow_node').set({ status: NODE_STATUS.FINISHED }).where('flow_no', '=', flowNo).where('node_code', '=', 'KCP1').execute();

  it('a completion sent again with its key after it went through answers the same 200, completes once and logs once', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const body = await kcpBody(flowNo);
    const key = randomUUID();
    const first = await submit(body, key);
    expect(first.status).toBe(200);
    await finishNode(flowNo);
    const history = await historyOf(flowNo);

    const again = await submit(body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(engine.callsOf(flowNo).completeNode).toHaveLength(1);
    expect(await historyOf(flowNo)).toEqual(history);
  });

  it('a deliberate second write — no key, or a new key — on the finished node still answers 409 该节点已完成; on an ended flow 流程已结束', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const body = await kcpBody(flowNo);
    expect((await submit(body, randomUUID())).status).toBe(200);
    await finishNode(flowNo);
    for (const key of [undefined, randomUUID()]) {
      const second = await submit(body, key);
      expect(second.status).toBe(409);
      expect(second.body.message).toMatch(/^该节点已完成/);
    }
    await app.deps.db.updateTable('cert_flow').set({ stage: STAGE.TERMINATED }).where('flow_no', '=', flowNo).execute();
    for (const key of [undefined, randomUUID()]) {
      const ended = await submit(body, key);
      expect(ended.status).toBe(409);
      expect(ended.body.message).toBe('流程已结束');
    }
    expect(engine.callsOf(flowNo).completeNode).toHaveLength(1);
  });

  it('the same key with another body or on another route answers 422 naming the header, and does nothing', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const key = randomUUID();
    const failing = await kcpBody(flowNo, 30);
    const reused = await submit(failing, key);
    expect(reused.status).toBe(200);
    await app.deps.db.updateTable('cert_flow_node').set({ status: NODE_STATUS.IN_PROGRESS }).where('flow_no', '=', flowNo).where('node_code', '=', 'KCP1').execute();

    const other = await submit({ ...failing, accessStatus: 10 }, key);
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ 'Idempotency-Key': '该请求标识（Idempotency-Key）已用于另一个请求，请勿复用' });
    const elsewhere = await api().header('Idempotency-Key', key).post('/v1/cert-flow-aptitude/completed', { flowNo, description: 'x', documentList: failing.documentList });
    expect(elsewhere.status).toBe(422);
    expect(engine.callsOf(flowNo).completeNode.map(([, input]) => input.outcome)).toEqual(['fail']);

    // Keys are the caller's own: another person's request with the same key is theirs (here refused 403 as a non-principal).
    expect((await submit(failing, key, otherPm)).status).toBe(403);
    expect((await api().header('Idempotency-Key', 'has space').post('/v1/cert-flow-kcp/submit', failing)).body.errors).toEqual({
      'Idempotency-Key': '请求标识（Idempotency-Key）格式无效',
    });
  });

  it('an attempt the engine failed (503) leaves the key free: the retry completes, and the form save is logged once', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const body = await kcpBody(flowNo);
    const key = randomUUID();
    engine.refuse = unavailable();
    const lost = await submit(body, key);
    engine.refuse = undefined;
    expect(lost.status).toBe(503);
    const afterLost = await historyOf(flowNo);

    const retried = await submit(body, key);
    expect(retried.status).toBe(200);
    expect(engine.callsOf(flowNo).completeNode).toHaveLength(1);
    expect(await historyOf(flowNo)).toEqual(afterLost);
    // Without a key the same retry saves the form again and logs it again, as before.
    await submit(body);
    expect((await historyOf(flowNo)).length).toBe(afterLost.length + 1);
  });

  it('a completion the engine carried out after its attempt was answered 503 answers 200 on its keyed retry, not 409; a new key is still refused', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const body = await kcpBody(flowNo);
    const key = randomUUID();
    const completeNode = engine.flows.completeNode;
    // The engine takes the update and closes the node, but the attempt's call fails (the engine restarted
    // under it, or its wait ran out): no outcome is recorded for the key.
    engine.flows.completeNode = async (...args) => {
      await completeNode(...args);
      await finishNode(flowNo);
      throw unavailable();
    };
    try {
      expect((await submit(body, key)).status).toBe(503);
    } finally {
      engine.flows.completeNode = completeNode;
    }
    const history = await historyOf(flowNo);

    const retried = await submit(body, key);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ code: 0, data: { message: '提交成功' } });
    expect(engine.callsOf(flowNo).completeNode).toHaveLength(1);
    expect(await historyOf(flowNo)).toEqual(history);
    // Now recorded: the next retry is a replay.
    expect((await submit(body, key)).headers.get('idempotent-replayed')).toBe('true');
    for (const other of [undefined, randomUUID()]) {
      const second = await submit(body, other);
      expect(second.status).toBe(409);
      expect(second.body.message).toMatch(/^该节点已完成/);
    }
  });

  // The worker's closing of the node holds the node's row while the retry, past its check, waits for it in its
  // own transaction. Two connections at once: PostgreSQL only (PGlite has one).
  it.runIf(process.env.DATABASE_URL)('a keyed retry whose node its first attempt\'s completion closes while the retry waits on the node\'s lock answers 200, not 409', async () => {
    const db = app.deps.db;
    const { flowNo } = await insertFlowAtNode(db, 'KCP1');
    const body = await kcpBody(flowNo);
    const key = randomUUID();
    const completeNode = engine.flows.completeNode;
    // The engine takes the update, the attempt's call fails; the node is not closed yet.
    engine.flows.completeNode = async (...args) => {
      await completeNode(...args);
      throw unavailable();
    };
    try {
      expect((await submit(body, key)).status).toBe(503);
    } finally {
      engine.flows.completeNode = completeNode;
    }

    let retry!: ReturnType<typeof submit>;
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('cert_flow_node').select('status').where('flow_no', '=', flowNo).where('node_code', '=', 'KCP1').forUpdate().execute();
      retry = submit(body, key);
      await eventually(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
        return rows[0].n > 0;
      });
      await trx.updateTable('cert_flow_node').set({ status: NODE_STATUS.FINISHED }).where('flow_no', '=', flowNo).where('node_code', '=', 'KCP1').execute();
    });
    const retried = await retry;
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ code: 0, data: { message: '提交成功' } });
    expect(engine.callsOf(flowNo).completeNode).toHaveLength(1);
  });

  it('a keyed retry meeting its node finished by something other than its completion (the engine does not know the update) is refused 409', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const body = await kcpBody(flowNo);
    const key = randomUUID();
    engine.refuse = unavailable();
    expect((await submit(body, key)).status).toBe(503);
    engine.refuse = undefined;
    await finishNode(flowNo);

    const retried = await submit(body, key);
    expect(retried.status).toBe(409);
    expect(retried.body.message).toMatch(/^该节点已完成/);
    expect(engine.callsOf(flowNo).updateOutcome).toEqual([[flowNo, `complete:${flowNo}:KCP1`]]);
  });

  it('an attempt arriving while the first still waits for the engine gets the first one\'s answer; the node is completed once', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const body = await kcpBody(flowNo);
    const key = randomUUID();
    const completeNode = engine.flows.completeNode;
    engine.flows.completeNode = async (...args) => {
      await new Promise((r) => setTimeout(r, 1_000));
      return completeNode(...args);
    };
    try {
      const [a, b] = await Promise.all([submit(body, key), new Promise((r) => setTimeout(r, 200)).then(() => submit(body, key))]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body).toEqual(a.body);
      expect(b.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      engine.flows.completeNode = completeNode;
    }
    expect(engine.callsOf(flowNo).completeNode).toHaveLength(1);
  });

  it('a key past its day is forgotten: used again it is a new request, and the cleanup deletes what expired', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP1');
    const key = randomUUID();
    expect((await submit(await kcpBody(flowNo, 30), key)).status).toBe(200);
    await app.deps.db.updateTable('cert_flow_node').set({ status: NODE_STATUS.IN_PROGRESS }).where('flow_no', '=', flowNo).where('node_code', '=', 'KCP1').execute();
    await app.deps.db.updateTable('request_key').set({ expires_at: new Date(Date.now() - 1000) }).where('key', '=', key).execute();
    const fresh = await submit(await kcpBody(flowNo, 10), key);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(engine.callsOf(flowNo).completeNode.map(([, input]) => input.outcome)).toEqual(['fail', 'pass']);

    await app.deps.db.updateTable('request_key').set({ expires_at: new Date(Date.now() - 1000) }).where('key', '=', key).execute();
    expect(await deleteExpiredRequestKeys(app.deps.db)).toBeGreaterThanOrEqual(1);
    expect(await app.deps.db.selectFrom('request_key').select('key').where('key', '=', key).execute()).toEqual([]);
  });
});

/**
 * The task decisions (audit-pass / audit-reject of an approval step or an RFI review) are keyed writes too:
 * a keyed retry whose first attempt's decision went through in the engine after its answer was lost is
 * answered that decision's 200; a deliberate second decision still meets its 409.
 */
describe('request keys on task decisions', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let pm: Caller;
  let cmt: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(app.deps.db, PM_ACTOR.jobNumber);
    cmt = await staffSession(app.deps.db, CMT_LEADER);
  });
  afterAll(() => app.close());

  const decide = (caller: Caller, path: 'audit-pass' | 'audit-reject', body: unknown, key?: string) =>
    (key === undefined ? client(app).as(caller).locale('zh') : client(app).as(caller).locale('zh').header('Idempotency-Key', key)).post(`/v1/cert-flow-node/${path}`, body);

  /** A flow at KCP2 whose high-potential approval waits for the CMT leader, as the approval workflow leaves it. */
  async function approvalPending() {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'KCP2');
    await app.deps.db.insertInto('high_potential_application').values({ flow_no: flowNo, updated_by: PM_ACTOR.jobNumber }).execute();
    const { approvalNo, approvers } = await openApproval(app.deps.db, { flowNo, kind: 'HIGH_POTENTIAL', round: 1, actor: PM_ACTOR });
    const taskNo = await openApprovalStep(app.deps.db, { flowNo, kind: 'HIGH_POTENTIAL', approvalNo, step: 1, approver: approvers[0] });
    return { flowNo, approvalNo, taskNo };
  }

  /** The engine applies the decision (as its workflow records it), but the attempt's call fails: no outcome for the key. */
  async function lostAfterApplied<M extends 'decideApproval' | 'reviewRfi'>(method: M, applied: () => Promise<unknown>, send: () => Promise<{ status: number }>) {
    const original = engine.flows[method];
    engine.flows[method] = (async (...args: Parameters<typeof original>) => {
      await (original as (...a: unknown[]) => Promise<void>)(...args);
      await applied();
      throw unavailable();
    }) as typeof original;
    try {
      expect((await send()).status).toBe(503);
    } finally {
      engine.flows[method] = original;
    }
  }

  it('an approval decision the engine applied after its attempt was answered 503 answers 200 on its keyed retry; no key or a new key is refused 409', async () => {
    const { flowNo, approvalNo, taskNo } = await approvalPending();
    const key = randomUUID();
    await lostAfterApplied(
      'decideApproval',
      () => recordApprovalDecision(app.deps.db, { flowNo, kind: 'HIGH_POTENTIAL', approvalNo, step: 1, decision: 'pass', actor: { id: 'cmt', jobNumber: CMT_LEADER, name: '李强' } }),
      () => decide(cmt, 'audit-pass', { flowNo, taskNo }, key),
    );

    const retried = await decide(cmt, 'audit-pass', { flowNo, taskNo }, key);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ code: 0, data: '操作成功' });
    expect(engine.callsOf(flowNo).decideApproval).toHaveLength(1);
    expect(engine.callsOf(flowNo).updateOutcome).toEqual([[flowNo, `${taskNo}:pass`, 'HIGH_POTENTIAL']]);
    expect((await decide(cmt, 'audit-pass', { flowNo, taskNo }, key)).headers.get('idempotent-replayed')).toBe('true');
    for (const other of [undefined, randomUUID()]) {
      const second = await decide(cmt, 'audit-pass', { flowNo, taskNo }, other);
      expect(second.status).toBe(409);
      expect(second.body.message).toBe('该审批已处理');
    }
    expect(engine.callsOf(flowNo).decideApproval).toHaveLength(1);
  });

  it('a keyed retry of a decision the engine does not know (the step was decided otherwise) is refused 409', async () => {
    const { flowNo, approvalNo, taskNo } = await approvalPending();
    const key = randomUUID();
    engine.refuse = unavailable();
    expect((await decide(cmt, 'audit-reject', { flowNo, taskNo, reason: '资料不全' }, key)).status).toBe(503);
    engine.refuse = undefined;
    await recordApprovalDecision(app.deps.db, { flowNo, kind: 'HIGH_POTENTIAL', approvalNo, step: 1, decision: 'reject', reason: '资料不全', actor: { id: 'cmt', jobNumber: CMT_LEADER, name: '李强' } });

    const retried = await decide(cmt, 'audit-reject', { flowNo, taskNo, reason: '资料不全' }, key);
    expect(retried.status).toBe(409);
    expect(engine.callsOf(flowNo).updateOutcome).toEqual([[flowNo, `${taskNo}:reject`, 'HIGH_POTENTIAL']]);
  });

  it('an RFI review decided in the engine, the flow ended since, answers 200 on its keyed retry; a new key meets 流程已结束', async () => {
    const { flowNo } = await insertFlowAtNode(app.deps.db, 'RFI');
    const taskNo = await ensureTask(app.deps.db, { flowNo, nodeCode: 'RFI', taskType: 'PURCHASE_REVIEW', taskName: '采购审核', principalJobNumber: PM_ACTOR.jobNumber });
    const key = randomUUID();
    await lostAfterApplied(
      'reviewRfi',
      async () => {
        await app.deps.db.updateTable('cert_task').set({ status: TASK_STATUS.FINISHED }).where('task_no', '=', taskNo).execute();
        await app.deps.db.updateTable('cert_flow').set({ stage: STAGE.TERMINATED }).where('flow_no', '=', flowNo).execute();
      },
      () => decide(pm, 'audit-pass', { flowNo, taskNo }, key),
    );

    const retried = await decide(pm, 'audit-pass', { flowNo, taskNo }, key);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ code: 0, data: '操作成功' });
    // A deliberate decision afterwards, even by the same person, meets the ended flow.
    const rejected = await decide(pm, 'audit-reject', { flowNo, taskNo, reason: '不同意' }, randomUUID());
    expect(rejected.status).toBe(409);
    expect(rejected.body.message).toBe('流程已结束');
    for (const other of [undefined, randomUUID()]) expect((await decide(pm, 'audit-pass', { flowNo, taskNo }, other)).body.message).toBe('流程已结束');
    expect(engine.callsOf(flowNo).reviewRfi).toHaveLength(1);
  });
});
