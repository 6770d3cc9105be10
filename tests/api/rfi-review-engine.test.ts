import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { eventually, staffWith, validRegisterApply } from '../support/fixtures.ts';
import { staffSession, supplierSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';
import { fillAll, supplierClient, validSections } from '../support/rfi-questionnaire.ts';

/**
 * The questionnaire end to end through the HTTP API and the real workflow engine: apply, the
 * supplier fills and submits, purchasing and the CMT review, a rejection returns it with the
 * reason, the second round passes and the flow moves on to APTITUDE.
 */
let h: WorkflowHarness;
let app: TestApp;
let db: Db;

beforeAll(async () => {
  h = await startWorkflowHarness();
  // The app and the worker share one database, as in the embedded stack.
  app = await startTestApp({ flows: h.flows, db: h.db.db });
  db = h.db.db;
});
afterAll(async () => {
  await app?.close();
  await h?.stop();
});

const get = (caller: Caller, path: string, query?: Record<string, string>) => client(app).as(caller).locale('zh').get(path, query);
const post = (caller: Caller, path: string, body: unknown) => client(app).as(caller).locale('zh').post(path, body);

/** A registration applied for over HTTP, and the supplier logged in through the mailed link. */
async function appliedFlow() {
  const purchaser = await staffWith(db, PERMISSIONS.newApplyRfi);
  const purchaserSession = await staffSession(db, purchaser.jobNumber);
  const input = await validRegisterApply(db, { contactEmail: `engine-${Date.now()}@example.com` });
  const applied = await post(purchaserSession, '/v1/cert-flow-node/create', input);
  expect(applied.status).toBe(201);
  const flowNo: string = applied.body.data.flowNo;
  const invitation = await eventually(() => db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', input.contactEmail).executeTakeFirst());
  const temp = /\/client\/login\/([A-Za-z0-9_-]+)/.exec(invitation.text_body)![1];
  const applyNo = `RFI${flowNo}`;
  const supplier = supplierClient(app, { temp, ...(await supplierSession(db, applyNo)) });
  const flow = await db.selectFrom('cert_flow').select('cmt_leader_job_number').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  return {
    flowNo,
    applyNo,
    email: input.contactEmail,
    supplier,
    purchaser: purchaserSession,
    cmtLeader: await staffSession(db, flow.cmt_leader_job_number),
  };
}

async function openReviews(flowNo: string, caller: Caller) {
  return eventually(async () => {
    const { body } = await get(caller, '/v1/cert-flow-node/task-list', { flowNo });
    const open = (body.data as { taskType: string; taskStatus: number; taskNo: string }[]).filter((t) => t.taskStatus === 20);
    const purchase = open.find((t) => t.taskType === 'PURCHASE_REVIEW');
    const cmt = open.find((t) => t.taskType === 'CMT_REVIEW');
    return purchase && cmt ? { purchase: purchase.taskNo, cmt: cmt.taskNo } : undefined;
  });
}

describe('the RFI review with the real workflow engine', () => {
  it('submit → both reviews → reject returns it with the reason → resubmit → both pass → APTITUDE', async () => {
    const f = await appliedFlow();
    await fillAll(f.supplier, validSections());
    expect((await f.supplier.submit()).status).toBe(200);

    // Round 1: both review tasks appear; the CMT leader rejects.
    const round1 = await openReviews(f.flowNo, f.purchaser);
    const reject = await post(f.cmtLeader, '/v1/cert-flow-node/audit-reject', { flowNo: f.flowNo, taskNo: round1.cmt, reason: '财务数据不完整' });
    expect(reject.status).toBe(200);
    expect(reject.body.data).toBe('操作成功');

    const returned = await eventually(() =>
      db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', f.email).where('subject', '=', '您的RFI问卷已退回修改').executeTakeFirst(),
    );
    expect(returned.text_body).toContain('财务数据不完整');
    const afterReturn = await f.supplier.read('finance');
    expect(afterReturn.body.data).toMatchObject({ status: 30, readOnly: false });

    // The other review of the returned round is closed: the workflow refuses it, translated.
    const late = await post(f.purchaser, '/v1/cert-flow-node/audit-pass', { flowNo: f.flowNo, taskNo: round1.purchase });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('RFI当前不在审核中');

    // Round 2: the supplier corrects and resubmits; both pass.
    const fixed = await f.supplier.save('finance', validSections().finance, afterReturn.body.data.version, true);
    expect(fixed.status).toBe(200);
    expect((await f.supplier.submit()).status).toBe(200);
    const round2 = await openReviews(f.flowNo, f.purchaser);
    expect(round2.cmt).toBe(`${f.flowNo}-RFI-CMT_REVIEW-2`);

    const pass = await post(f.purchaser, '/v1/cert-flow-node/audit-pass', { flowNo: f.flowNo, taskNo: round2.purchase });
    expect(pass.status).toBe(200);
    // The same request again is the same update: answered like the first, applied once.
    const retried = await post(f.purchaser, '/v1/cert-flow-node/audit-pass', { flowNo: f.flowNo, taskNo: round2.purchase });
    expect(retried.status).toBe(200);
    // The link cannot be re-issued while the answers are under review.
    const reissue = await post(f.purchaser, '/v1/cert-flow-node/reissue-rfi', { flowNo: f.flowNo });
    expect(reissue.status).toBe(409);
    expect(reissue.body.message).toBe('问卷已提交，不能重新发送');

    // The review that passes the round answers once APTITUDE is open.
    expect((await post(f.cmtLeader, '/v1/cert-flow-node/audit-pass', { flowNo: f.flowNo, taskNo: round2.cmt })).status).toBe(200);
    const flow = await db.selectFrom('cert_flow').select('current_node_code').where('flow_no', '=', f.flowNo).executeTakeFirstOrThrow();
    expect(flow.current_node_code).toBe('APTITUDE');
    const aptitude = await db.selectFrom('cert_flow_node').select('status').where('flow_no', '=', f.flowNo).where('node_code', '=', 'APTITUDE').executeTakeFirstOrThrow();
    expect(aptitude.status).toBe(NODE_STATUS.IN_PROGRESS);
    expect((await f.supplier.read('finance')).body.data).toMatchObject({ status: 40, readOnly: true });
    const log = await get(f.purchaser, '/v1/operator-history/onBoard-page', { relationType: '10', relationCode: f.flowNo });
    const descriptions = (log.body.data.records as { description: string }[]).map((r) => r.description);
    expect(descriptions.filter((d) => d.startsWith('提交RFI问卷'))).toHaveLength(2);
    expect(descriptions.some((d) => d.includes('财务数据不完整'))).toBe(true);
  });

  it('re-issue while the supplier is filling mails a new link and the old one stops working', async () => {
    const f = await appliedFlow();
    expect((await f.supplier.read('company')).status).toBe(200);
    const res = await post(f.purchaser, '/v1/cert-flow-node/reissue-rfi', { flowNo: f.flowNo });
    expect(res.status).toBe(200);
    await eventually(async () => (await db.selectFrom('mail_outbox').select('id').where('to_address', '=', f.email).execute()).length === 2);
    expect((await f.supplier.read('company')).status).toBe(403);
  });
});

describe('the Temporal flow gateway', () => {
  it('answers 503 when the engine does not answer within the deadline, and 404 for an unknown flow', async () => {
    // A flow whose task queue no worker polls: its updates can never be validated.
    const stalled = createTemporalFlowGateway({ connection: h.temporal.connection, namespace: 'default', taskQueue: 'nobody-polls-this', deadlineMs: 500 });
    const flowNo = `STALL${Date.now()}`;
    await stalled.startFlow({
      flowNo,
      plan: [{ nodeCode: 'RFI', stage: 10, nodeRequired: 10, kcp: false }],
      searchAttributes: { flowNo, supplierName: 'x', scenario: 'x', purchaseManager: 'x', stage: 10, currentNode: 'RFI' },
    });
    const actor = { id: 'x', jobNumber: 'x', name: 'x' };
    await expect(stalled.reviewRfi(flowNo, { reviewType: 'CMT_REVIEW', decision: 'pass', actor })).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(h.flows.reviewRfi(`NOPE${Date.now()}`, { reviewType: 'CMT_REVIEW', decision: 'pass', actor })).rejects.toMatchObject({ kind: 'notFound' });
    await expect(h.flows.signalRfiSubmitted(`NOPE${Date.now()}`, 'RFI-NOPE')).rejects.toMatchObject({ kind: 'notFound' });
    await h.client.workflow.getHandle(`cert-flow-${flowNo}`).terminate('test done');
  });
});
