import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { REFUSAL } from '#workflows/definitions.ts';
import { conflict } from '#domain/errors.ts';
import { serverMessage } from '#api/http/server-messages.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { newStaffSession, staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { CMT_LEADER, invitedSupplier, OTHER_PURCHASER, PURCHASER } from '../support/rfi-questionnaire.ts';
import { recordingFlows } from '../support/recording-flows.ts';

/**
 * Stage-10 tasks (req rfi §4 "Tasks", req flow §2.4, §5.2, §6): the list, the two reviews and the
 * re-issue. Only a task's principal decides; the API forwards the decision to the workflow (a
 * recorder here) and answers with the workflow's verdict.
 */
let app: TestApp;
let db: Db;
const engine = recordingFlows();
const staff: Record<string, Caller> = {};
const ADMIN = 'E10001';

beforeAll(async () => {
  app = await startTestApp({ flows: engine.flows });
  db = app.deps.db;
  for (const job of [PURCHASER, CMT_LEADER, OTHER_PURCHASER, ADMIN]) staff[job] = await staffSession(db, job);
});
afterAll(() => app.close());

/** A submitted questionnaire whose two reviews are open, as the workflow leaves it. */
async function underReview(round = 1) {
  const s = await invitedSupplier(db, app.deps.config.appSecret);
  await db.updateTable('rfi_application').set({ status: 20 }).where('apply_no', '=', s.applyNo).execute();
  await db.updateTable('cert_task').set({ status: 30 }).where('flow_no', '=', s.flowNo).execute();
  const tasks: Record<string, string> = {};
  for (let r = 1; r <= round; r++) {
    tasks.purchase = await ensureTask(db, { flowNo: s.flowNo, nodeCode: 'RFI', taskType: 'PURCHASE_REVIEW', taskName: '采购审核', principalJobNumber: PURCHASER, applyNo: s.applyNo, round: r });
    tasks.cmt = await ensureTask(db, { flowNo: s.flowNo, nodeCode: 'RFI', taskType: 'CMT_REVIEW', taskName: 'CMT审核', principalJobNumber: CMT_LEADER, applyNo: s.applyNo, round: r });
    if (r === 1) tasks.firstCmt = tasks.cmt;
    // Tasks of later rounds are created later.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { ...s, tasks };
}

const post = (path: string, body: unknown, caller: Caller | null, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale).post(path, body);
const get = (path: string, query: Record<string, string>, caller: Caller | null, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale).get(path, query);
const reviewsOf = (flowNo: string) => engine.callsOf(flowNo).reviewRfi;

describe('GET /v1/cert-flow-node/task-list', () => {
  it('lists the RFI tasks of the flow with principal names and status text in the caller language', async () => {
    const { flowNo, applyNo, tasks } = await underReview();
    const res = await get('/v1/cert-flow-node/task-list', { flowNo }, staff[CMT_LEADER], 'en');
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: { taskType: string }) => t.taskType)).toEqual(['REGISTER_RFI', 'PURCHASE_REVIEW', 'CMT_REVIEW']);
    expect(res.body.data[2]).toEqual({
      taskNo: tasks.cmt,
      taskName: 'CMT review',
      taskType: 'CMT_REVIEW',
      taskPrincipalId: CMT_LEADER,
      taskPrincipalName: '李强',
      taskStatus: 20,
      taskStatusStr: 'In progress',
      applyNo,
      flowNo,
      taskEndTime: null,
      updateTime: expect.stringMatching(/^\d{4}-/),
    });
    expect(res.body.data[0]).toMatchObject({ taskStatus: 30, taskStatusStr: 'Finished' });
  });

  it('needs staff with an RFI route key', async () => {
    const { flowNo } = await underReview();
    expect((await get('/v1/cert-flow-node/task-list', { flowNo }, null)).status).toBe(401);
    expect((await get('/v1/cert-flow-node/task-list', { flowNo }, await newStaffSession(db))).status).toBe(403);
  });
});

describe('POST /v1/cert-flow-node/audit-pass', () => {
  it('by someone who is not the task principal: 403, nothing forwarded', async () => {
    const { flowNo, tasks } = await underReview();
    const res = await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: tasks.purchase }, staff[OTHER_PURCHASER]);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('只有任务负责人可以操作');
    expect((await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: tasks.cmt }, staff[PURCHASER])).status).toBe(403);
    expect(reviewsOf(flowNo)).toEqual([]);
  });

  it('by the principal: forwarded to the workflow as this task\'s review, with an id derived from the request', async () => {
    const { flowNo, tasks } = await underReview();
    const res = await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: tasks.cmt }, staff[CMT_LEADER]);
    expect(res.status).toBe(200);
    expect(res.body.data).toBe('操作成功');
    expect(reviewsOf(flowNo)).toEqual([
      [flowNo, { reviewType: 'CMT_REVIEW', decision: 'pass', reason: undefined, actor: expect.objectContaining({ jobNumber: CMT_LEADER, name: '李强' }) }, `${tasks.cmt}:pass`],
    ]);
  });

  it('answers the workflow\'s refusal as a 409 with its reason, translated', async () => {
    const { flowNo, tasks } = await underReview();
    engine.refuse = conflict(REFUSAL.reviewAlreadyDecided);
    const res = await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: tasks.purchase }, staff[PURCHASER], 'en');
    engine.refuse = undefined;
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This review has already been decided');
  });

  it('refuses a task that is not a review (409), an older round\'s task (409) and an unknown one (404)', async () => {
    const { flowNo, tasks } = await underReview(2);
    const register = `${flowNo}-RFI-REGISTER_RFI`;
    expect((await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: register }, staff[PURCHASER])).status).toBe(409);
    const old = await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: tasks.firstCmt }, staff[CMT_LEADER]);
    expect(old.status).toBe(409);
    expect(old.body.message).toBe('该任务已不是当前任务');
    expect((await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: `${flowNo}-NOPE` }, staff[CMT_LEADER])).status).toBe(404);
    expect(reviewsOf(flowNo)).toEqual([]);
    // The current round's task is decided as usual.
    expect((await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: tasks.cmt }, staff[CMT_LEADER])).status).toBe(200);
    expect(tasks.cmt).toBe(`${flowNo}-RFI-CMT_REVIEW-2`);
  });

  it('needs a staff session', async () => {
    const { flowNo, tasks } = await underReview();
    expect((await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: tasks.cmt }, null)).status).toBe(401);
  });
});

describe('POST /v1/cert-flow-node/audit-reject', () => {
  it('needs a reason of at most 100 characters (400 naming it), and forwards nothing otherwise', async () => {
    const { flowNo, tasks } = await underReview();
    const reject = (reason?: string) => post('/v1/cert-flow-node/audit-reject', { flowNo, taskNo: tasks.cmt, reason }, staff[CMT_LEADER], 'en');
    const missing = await reject(undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ reason: 'This field is required' });
    expect((await reject('   ')).status).toBe(400);
    const long = await reject('因'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ reason: 'At most 100 characters' });
    expect(reviewsOf(flowNo)).toEqual([]);

    const ok = await reject('因'.repeat(100));
    expect(ok.status).toBe(200);
    expect(reviewsOf(flowNo)).toEqual([[flowNo, expect.objectContaining({ decision: 'reject', reason: '因'.repeat(100) }), `${tasks.cmt}:reject`]]);
  });
});

describe('POST /v1/cert-flow-node/reissue-rfi', () => {
  it('the fill task\'s principal or a holder of cert_process_manage_all re-issues; others get 403', async () => {
    const { flowNo } = await invitedSupplier(db, app.deps.config.appSecret);
    expect((await post('/v1/cert-flow-node/reissue-rfi', { flowNo }, staff[OTHER_PURCHASER])).status).toBe(403);
    expect(engine.callsOf(flowNo).reissueRfi).toEqual([]);
    const res = await post('/v1/cert-flow-node/reissue-rfi', { flowNo }, staff[PURCHASER]);
    expect(res.status).toBe(200);
    expect(res.body.data).toBe('操作成功');
    expect((await post('/v1/cert-flow-node/reissue-rfi', { flowNo }, staff[ADMIN])).status).toBe(200);
    expect(engine.callsOf(flowNo).reissueRfi).toEqual([
      [flowNo, expect.objectContaining({ jobNumber: PURCHASER }), `reissue:${flowNo}:1`],
      [flowNo, expect.objectContaining({ jobNumber: ADMIN }), `reissue:${flowNo}:1`],
    ]);
    expect((await post('/v1/cert-flow-node/reissue-rfi', { flowNo: 'NOPE' }, staff[ADMIN])).status).toBe(404);
  });
});

describe('refusal reasons of the workflow', () => {
  it('every one has a message in both languages', () => {
    for (const id of Object.values(REFUSAL)) {
      expect(serverMessage(id, 'zh')).not.toBe(id);
      expect(serverMessage(id, 'en')).not.toBe(id);
    }
  });
});
