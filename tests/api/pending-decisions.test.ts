import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { unavailable } from '#domain/errors.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { approvalWorkflowId, rfiSubmittedSignal, stateQuery } from '#workflows/definitions.ts';
import type { ApprovalFlowInput } from '#workflows/approval-definitions.ts';
import { applyApprovalOutcome, openApproval, openApprovalStep } from '#services/approval/progress.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { eventually } from '../support/fixtures.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { flowDriver, PM_ACTOR } from '../support/drive-flow.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

/**
 * A decision the engine has accepted is never answered as an error (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Under load"): when its
 * result — the review recorded, the next node open — comes later than the API waits, the answer is 202 with
 * the flow to follow, and the same request key is answered the final outcome once it is there. The real
 * workflow engine and worker; the API waits 0 ms for results, so every decision's result is late.
 */
let h: WorkflowHarness;
let app: TestApp;

beforeAll(async () => {
  h = await startWorkflowHarness();
  const flows = createTemporalFlowGateway({ connection: h.temporal.connection, namespace: 'default', taskQueue: h.taskQueue, updateWaits: { resultMs: 0 } });
  app = await startTestApp({ flows, db: h.db.db });
});
afterAll(async () => {
  await app?.close();
  await h?.stop();
});

/** A flow whose questionnaire is submitted, its two reviews open, with their principals' sessions. */
async function flowInReview() {
  const db = h.db.db;
  const { flowNo, handle } = await flowDriver(h).start();
  await db.updateTable('rfi_application').set({ status: 20 }).where('flow_no', '=', flowNo).execute();
  await handle.signal(rfiSubmittedSignal, { applyNo: `RFI${flowNo}` });
  const tasks = await eventually(async () => {
    const rows = await db.selectFrom('cert_task').select(['task_no', 'task_type', 'principal_job_number']).where('flow_no', '=', flowNo).where('task_type', 'in', ['PURCHASE_REVIEW', 'CMT_REVIEW']).execute();
    return rows.length === 2 && rows;
  });
  const review = async (type: string) => {
    const task = tasks.find((t) => t.task_type === type)!;
    return { taskNo: task.task_no, caller: await staffSession(db, task.principal_job_number) };
  };
  return { flowNo, handle, purchase: await review('PURCHASE_REVIEW'), cmt: await review('CMT_REVIEW') };
}

const pass = (caller: Caller, body: unknown, key?: string) => {
  const api = client(app).as(caller).locale('zh');
  return (key ? api.header('Idempotency-Key', key) : api).post('/v1/cert-flow-node/audit-pass', body);
};
const taskStatus = async (taskNo: string) => (await h.db.db.selectFrom('cert_task').select('status').where('task_no', '=', taskNo).executeTakeFirstOrThrow()).status;

describe('a decision whose result is later than the wait', () => {
  it('is answered 202 with the flow to follow, and is carried out', async () => {
    const f = await flowInReview();
    const res = await pass(f.purchase.caller, { flowNo: f.flowNo, taskNo: f.purchase.taskNo });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ code: 0, data: { pending: true, flowNo: f.flowNo, message: '已提交，正在处理' } });
    await eventually(async () => (await taskStatus(f.purchase.taskNo)) === TASK_STATUS.FINISHED);
  });

  it('with a request key: 202, then the same key is answered the outcome (200) once the next node is open', async () => {
    const f = await flowInReview();
    await pass(f.purchase.caller, { flowNo: f.flowNo, taskNo: f.purchase.taskNo });
    const body = { flowNo: f.flowNo, taskNo: f.cmt.taskNo };
    const key = randomUUID();
    const first = await pass(f.cmt.caller, body, key);
    expect(first.status).toBe(202);
    expect(first.body.data).toMatchObject({ pending: true, flowNo: f.flowNo });

    // A retry while it runs is answered the same 202, never a 409 or a 503; then the decision's own answer.
    const final = await eventually(async () => {
      const again = await pass(f.cmt.caller, body, key);
      expect([200, 202]).toContain(again.status);
      if (again.status === 202) expect(again.body.data).toMatchObject({ pending: true, flowNo: f.flowNo });
      return again.status === 200 && again;
    }, 30_000);
    expect(final.body.data).toBe('操作成功');
    expect(final.headers.get('idempotent-replayed')).toBe('true');
    // The outcome was recorded when the review had passed the round: APTITUDE is open.
    expect((await f.handle.query(stateQuery)).currentNode).toBe('APTITUDE');
  });
});

/** A flow at KCP2 whose high-potential approval is written, the approver's task open, its workflow not started. */
async function approvalNotStarted(app: TestApp) {
  const db = h.db.db;
  const { flowNo, handle } = await flowDriver(h).start();
  await flowDriver(h).reach(flowNo, handle, 'KCP2');
  await db.insertInto('high_potential_application').values({ flow_no: flowNo, description: '高潜', updated_by: PM_ACTOR.jobNumber }).execute();
  const kind = 'HIGH_POTENTIAL' as const;
  const { approvalNo, approvers } = await openApproval(db, { flowNo, kind, round: 1, actor: PM_ACTOR });
  const taskNo = await openApprovalStep(db, { flowNo, kind, approvalNo, step: 1, approver: approvers[0] });
  const input: ApprovalFlowInput = { flowNo, kind, round: 1, approvalNo, approvers, firstStepOpened: true };
  return {
    flowNo,
    taskNo,
    approvalNo,
    decide: async (key?: string) => {
      const api = client(app).as(await staffSession(db, approvers[0].jobNumber)).locale('zh');
      return (key ? api.header('Idempotency-Key', key) : api).post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo });
    },
    /** The engine gets to it: the approval's workflow starts as the flow would start it. */
    startWorkflow: () => h.client.workflow.start('approvalFlow', { workflowId: approvalWorkflowId(flowNo, kind), taskQueue: h.taskQueue, args: [input] }),
  };
}

/**
 * On a busy engine the flow's opening of an approval writes it and the approver's task, then the engine starts
 * the approval's workflow — seconds later under load. A decision in between waits for it within the acceptance
 * wait (here 8 s): started meanwhile, it goes through; still not started, the 503 to retry — never the 404 of an
 * approval that ended, which is answered as such at once.
 */
describe('an approver\'s decision before the approval\'s workflow has started', () => {
  const ACCEPT_MS = 8_000;
  let waiting: TestApp;
  beforeAll(async () => {
    const flows = createTemporalFlowGateway({ connection: h.temporal.connection, namespace: 'default', taskQueue: h.taskQueue, updateWaits: { acceptMs: ACCEPT_MS } });
    waiting = await startTestApp({ flows, db: h.db.db });
  });
  afterAll(() => waiting?.close());

  it('started within the wait: the decision goes through', async () => {
    const a = await approvalNotStarted(waiting);
    const decision = a.decide();
    await new Promise((r) => setTimeout(r, 1_500));
    await a.startWorkflow();
    expect((await decision).status).toBe(200);
    expect(await taskStatus(a.taskNo)).toBe(TASK_STATUS.FINISHED);
  });

  it('still not started at the end of the wait: 503, busy, try again — the task stays open to decide', async () => {
    const a = await approvalNotStarted(waiting);
    const res = await a.decide();
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('服务暂不可用，请稍后再试');
    expect(await taskStatus(a.taskNo)).toBe(TASK_STATUS.IN_PROGRESS);
    // The retry, once the engine has started it, is the decision.
    await a.startWorkflow();
    expect((await a.decide()).status).toBe(200);
  });

  it('ended while waiting (withdrawn with its flow): not found at once, not the 503; asked again: already handled', async () => {
    const a = await approvalNotStarted(waiting);
    const t0 = Date.now();
    const decision = a.decide();
    await new Promise((r) => setTimeout(r, 1_500));
    await applyApprovalOutcome(h.db.db, { flowNo: a.flowNo, kind: 'HIGH_POTENTIAL', approvalNo: a.approvalNo, outcome: 'withdrawn' });
    const res = await decision;
    expect(res.status).toBe(404);
    expect(Date.now() - t0).toBeLessThan(ACCEPT_MS / 2);
    const again = await a.decide();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该审批已处理');
  });
});

/**
 * An approval's decision is an update of the approval's own workflow, not the flow's: when the engine applied it and
 * its caller's answer was lost (503), the keyed retry finds the update's outcome there and answers as the first
 * attempt would have — not 该审批已处理 for the caller's own decision.
 */
describe('an approval decision the engine applied after its caller was answered 503', () => {
  let lossy: TestApp;
  let loseNext = false;
  beforeAll(async () => {
    const real = createTemporalFlowGateway({ connection: h.temporal.connection, namespace: 'default', taskQueue: h.taskQueue });
    const flows: FlowGateway = {
      ...real,
      async decideApproval(...args) {
        await real.decideApproval(...args);
        if (loseNext) {
          loseNext = false;
          throw unavailable();
        }
      },
    };
    lossy = await startTestApp({ flows, db: h.db.db });
  });
  afterAll(() => lossy?.close());

  it('its keyed retry answers 200; the same decision without the key, or with a new one, is refused 409', async () => {
    const a = await approvalNotStarted(lossy);
    await a.startWorkflow();
    const key = randomUUID();
    loseNext = true;
    expect((await a.decide(key)).status).toBe(503);
    expect(await taskStatus(a.taskNo)).toBe(TASK_STATUS.FINISHED);

    const retried = await a.decide(key);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ code: 0, data: '操作成功' });
    for (const other of [undefined, randomUUID()]) {
      const second = await a.decide(other);
      expect(second.status).toBe(409);
      expect(second.body.message).toBe('该审批已处理');
    }
  });
});
