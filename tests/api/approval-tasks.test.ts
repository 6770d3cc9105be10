import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import type { ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import { APPROVAL_STATUS, RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { PM_ACTOR } from '../support/drive-flow.ts';
import { REFUSAL } from '#workflows/definitions.ts';
import { conflict } from '#domain/errors.ts';
import { applyApprovalOutcome, openApproval, openApprovalStep, recordApprovalDecision } from '#services/approval/progress.ts';
import { approvalInfos } from '#services/approval/read.ts';
import { pendingApprovalStep } from '#services/approval/decide.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { validReleaseForm } from '../support/release-form.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { CMT_LEADER, OTHER_PURCHASER, PURCHASER } from '../support/rfi-questionnaire.ts';
import { recordingFlows } from '../support/recording-flows.ts';

/**
 * Approval steps decided on the approval record card (req flow §2.4, §4.11, §5.2): audit-pass and
 * audit-reject on an APPROVAL task, the card's read and the approval's bpmUrl / bpmRemark. The
 * approval is opened as its workflow would (the same service calls); the decision is forwarded to a
 * recorder standing in for the workflow.
 */
let app: TestApp;
let db: Db;
const engine = recordingFlows();
const staff: Record<string, Caller> = {};
const CMT_ACTOR = { id: 'cmt', jobNumber: CMT_LEADER, name: '李强' };

beforeAll(async () => {
  app = await startTestApp({ flows: engine.flows });
  db = app.deps.db;
  for (const job of [PURCHASER, CMT_LEADER, OTHER_PURCHASER]) staff[job] = await staffSession(db, job);
});
afterAll(() => app.close());

/** A flow at KCP2 whose application's approval waits for the CMT leader, as the approval workflow leaves it. */
async function approvalPending(kind: ApprovalKind = 'HIGH_POTENTIAL') {
  const { flowNo } = await insertFlowAtNode(db, 'KCP2');
  if (kind === 'HIGH_POTENTIAL') await db.insertInto('high_potential_application').values({ flow_no: flowNo, updated_by: PURCHASER }).execute();
  else await db.insertInto('supplier_release').values({ flow_no: flowNo, status: RELEASE_STATUS.SAVED, form: {}, updated_by: PURCHASER }).execute();
  const { approvalNo, approvers } = await openApproval(db, { flowNo, kind, round: 1, actor: PM_ACTOR });
  const taskNo = await openApprovalStep(db, { flowNo, kind, approvalNo, step: 1, approver: approvers[0] });
  return { flowNo, kind, approvalNo, taskNo };
}

const post = (path: string, body: unknown, caller: Caller | null, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale).post(path, body);
const get = (path: string, query: Record<string, string>, caller: Caller | null, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale).get(path, query);
const decisionsOf = (flowNo: string) => engine.callsOf(flowNo).decideApproval;

describe('what the approval card shows to approve', () => {
  it('a supplier-code round shows its release form as submitted, and the next round the one before to compare with', async () => {
    const { flowNo } = await insertFlowAtNode(db, 'KCP2');
    const form = validReleaseForm();
    await db.insertInto('supplier_release').values({ flow_no: flowNo, status: RELEASE_STATUS.SAVED, form, updated_by: PURCHASER }).execute();
    const round1 = await openApproval(db, { flowNo, kind: 'SUPPLIER_CODE', round: 1, actor: PM_ACTOR });
    const task1 = await openApprovalStep(db, { flowNo, kind: 'SUPPLIER_CODE', approvalNo: round1.approvalNo, step: 1, approver: round1.approvers[0] });
    const first = (await get('/v1/cert-flow-node/approval-record', { flowNo, taskNo: task1 }, staff[CMT_LEADER])).body.data.subject;
    expect(first).toMatchObject({ kind: 'SUPPLIER_CODE', previous: null, erpRecord: null });
    expect(first.form.bankList[0]).toMatchObject({ bankSwiftCode: 'ICBKCNBJSHI', bankCardNum: form.bankList[0].bankCardNum });
    expect(first.form.purchaseGroupList[0].paymentTerms).toBe(form.purchaseGroupList[0].paymentTerms);

    await recordApprovalDecision(db, { flowNo, kind: 'SUPPLIER_CODE', approvalNo: round1.approvalNo, step: 1, decision: 'reject', reason: '银行信息有误', actor: CMT_ACTOR });
    await applyApprovalOutcome(db, { flowNo, kind: 'SUPPLIER_CODE', approvalNo: round1.approvalNo, outcome: 'rejected' });
    const corrected = { ...form, bankList: [{ ...form.bankList[0], bankCardNum: '6222000011112222333' }] };
    await db.updateTable('supplier_release').set({ form: JSON.stringify(corrected) }).where('flow_no', '=', flowNo).execute();
    const round2 = await openApproval(db, { flowNo, kind: 'SUPPLIER_CODE', round: 2, actor: PM_ACTOR });
    const task2 = await openApprovalStep(db, { flowNo, kind: 'SUPPLIER_CODE', approvalNo: round2.approvalNo, step: 1, approver: round2.approvers[0] });
    const second = (await get('/v1/cert-flow-node/approval-record', { flowNo, taskNo: task2 }, staff[CMT_LEADER])).body.data.subject;
    expect(second.form.bankList[0].bankCardNum).toBe('6222000011112222333');
    expect(second.previous.bankList[0].bankCardNum).toBe(form.bankList[0].bankCardNum);
    // The first round's card still shows what that round approved.
    expect((await get('/v1/cert-flow-node/approval-record', { flowNo, taskNo: task1 }, staff[CMT_LEADER])).body.data.subject.form.bankList[0].bankCardNum).toBe(form.bankList[0].bankCardNum);
  });
});

describe('audit-pass / audit-reject on an approval task', () => {
  it("by the pending approver: forwarded to the application's approval workflow with an id derived from the request", async () => {
    const { flowNo, taskNo, approvalNo } = await approvalPending();
    const res = await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo }, staff[CMT_LEADER]);
    expect(res.status).toBe(200);
    expect(res.body.data).toBe('操作成功');
    expect(decisionsOf(flowNo)).toEqual([
      [flowNo, { kind: 'HIGH_POTENTIAL', decision: 'pass', reason: undefined, actor: expect.objectContaining({ jobNumber: CMT_LEADER, name: '李强' }) }, `${taskNo}:pass`],
    ]);
    // What the engine's not-found is weighed against (the approval's workflow may not have started yet): the
    // step still waiting for this decision — until it is recorded.
    expect(await pendingApprovalStep(db, { flowNo, approvalNo, taskNo })).toEqual({ kind: 'HIGH_POTENTIAL' });
    await recordApprovalDecision(db, { flowNo, kind: 'HIGH_POTENTIAL', approvalNo, step: 1, decision: 'pass', actor: CMT_ACTOR });
    expect(await pendingApprovalStep(db, { flowNo, approvalNo, taskNo })).toBeUndefined();
  });

  it('by anyone else: 403 for other staff (the applicant included), 401 without a session; nothing forwarded', async () => {
    const { flowNo, taskNo } = await approvalPending('SUPPLIER_CODE');
    for (const job of [PURCHASER, OTHER_PURCHASER]) {
      const res = await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo }, staff[job]);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('只有任务负责人可以操作');
    }
    expect((await post('/v1/cert-flow-node/audit-reject', { flowNo, taskNo, reason: '不同意' }, staff[PURCHASER])).status).toBe(403);
    expect((await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo }, null)).status).toBe(401);
    expect(decisionsOf(flowNo)).toEqual([]);
  });

  it('only while the step waits: a decided step, a withdrawn approval and an unknown task are refused', async () => {
    const decided = await approvalPending();
    await recordApprovalDecision(db, { flowNo: decided.flowNo, kind: 'HIGH_POTENTIAL', approvalNo: decided.approvalNo, step: 1, decision: 'pass', actor: CMT_ACTOR });
    const res = await post('/v1/cert-flow-node/audit-pass', { flowNo: decided.flowNo, taskNo: decided.taskNo }, staff[CMT_LEADER], 'en');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This approval has already been decided');

    const withdrawn = await approvalPending();
    await applyApprovalOutcome(db, { flowNo: withdrawn.flowNo, kind: 'HIGH_POTENTIAL', approvalNo: withdrawn.approvalNo, outcome: 'withdrawn' });
    expect((await post('/v1/cert-flow-node/audit-reject', { flowNo: withdrawn.flowNo, taskNo: withdrawn.taskNo, reason: '不同意' }, staff[CMT_LEADER])).status).toBe(409);

    expect((await post('/v1/cert-flow-node/audit-pass', { flowNo: decided.flowNo, taskNo: `${decided.approvalNo}-9` }, staff[CMT_LEADER])).status).toBe(404);
    expect([...decisionsOf(decided.flowNo), ...decisionsOf(withdrawn.flowNo)]).toEqual([]);
  });

  it('a rejection needs a reason of at most 100 characters (400 naming it); with one, it is forwarded', async () => {
    const { flowNo, taskNo } = await approvalPending('SUPPLIER_CODE');
    const reject = (reason?: string) => post('/v1/cert-flow-node/audit-reject', { flowNo, taskNo, reason }, staff[CMT_LEADER], 'en');
    const missing = await reject(undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ reason: 'This field is required' });
    expect((await reject('  ')).status).toBe(400);
    const long = await reject('因'.repeat(101));
    expect(long.body.errors).toEqual({ reason: 'At most 100 characters' });
    expect(decisionsOf(flowNo)).toEqual([]);
    expect((await reject('因'.repeat(100))).status).toBe(200);
    expect(decisionsOf(flowNo)).toEqual([[flowNo, expect.objectContaining({ kind: 'SUPPLIER_CODE', decision: 'reject', reason: '因'.repeat(100) }), `${taskNo}:reject`]]);
  });

  it("answers the approval workflow's refusal as a 409 with its reason, translated", async () => {
    const { flowNo, taskNo } = await approvalPending();
    engine.refuse = conflict(REFUSAL.notPendingApprover);
    const res = await post('/v1/cert-flow-node/audit-pass', { flowNo, taskNo }, staff[CMT_LEADER], 'en');
    engine.refuse = undefined;
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only the approver whose turn it is can decide');
  });
});

describe('GET /v1/cert-flow-node/approval-record', () => {
  it("shows the approval's records, and approve/reject only to the pending approver", async () => {
    const { flowNo, taskNo, approvalNo } = await approvalPending();
    const mine = await get('/v1/cert-flow-node/approval-record', { flowNo, taskNo }, staff[CMT_LEADER], 'en');
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({
      task: {
        taskNo,
        taskName: 'High-potential supplier application approval',
        taskType: 'APPROVAL',
        taskPrincipalId: CMT_LEADER,
        taskPrincipalName: '李强',
        taskStatus: 20,
        taskStatusStr: 'In progress',
      },
      approval: {
        kind: 'HIGH_POTENTIAL',
        kindName: 'High-potential supplier application approval',
        approvalNo,
        round: 1,
        status: APPROVAL_STATUS.INPROGRESS,
        statusStr: 'In progress',
        remark: null,
      },
      records: [
        {
          round: 1,
          step: 1,
          approverId: CMT_LEADER,
          approverName: '李强',
          roleName: 'CMT leader',
          decision: null,
          decisionStr: 'Waiting',
          reason: null,
          openedAt: expect.stringMatching(/^\d{4}-/),
          decidedAt: null,
        },
      ],
      subject: { kind: 'HIGH_POTENTIAL', conclusion: null, description: null, documentList: [] },
      canDecide: true,
    });
    const theirs = await get('/v1/cert-flow-node/approval-record', { flowNo, taskNo }, staff[PURCHASER]);
    expect(theirs.body.data.canDecide).toBe(false);
  });

  it('after a rejection: who, when, the decision and the reason; the next round adds its own rows', async () => {
    const { flowNo, taskNo, approvalNo } = await approvalPending();
    await recordApprovalDecision(db, { flowNo, kind: 'HIGH_POTENTIAL', approvalNo, step: 1, decision: 'reject', reason: '产能数据不足', actor: CMT_ACTOR });
    await applyApprovalOutcome(db, { flowNo, kind: 'HIGH_POTENTIAL', approvalNo, outcome: 'rejected' });
    const round2 = await openApproval(db, { flowNo, kind: 'HIGH_POTENTIAL', round: 2, actor: PM_ACTOR });
    const task2 = await openApprovalStep(db, { flowNo, kind: 'HIGH_POTENTIAL', approvalNo: round2.approvalNo, step: 1, approver: round2.approvers[0] });

    const old = (await get('/v1/cert-flow-node/approval-record', { flowNo, taskNo }, staff[CMT_LEADER])).body.data;
    expect(old.canDecide).toBe(false);
    expect(old.approval).toMatchObject({ round: 1, status: APPROVAL_STATUS.REJECT, statusStr: '已驳回', remark: '产能数据不足' });
    expect(old.records.map((r: { round: number; decisionStr: string; reason: string | null }) => [r.round, r.decisionStr, r.reason])).toEqual([
      [1, '驳回', '产能数据不足'],
      [2, '待审批', null],
    ]);
    expect(old.records[0].decidedAt).toMatch(/^\d{4}-/);
    expect((await get('/v1/cert-flow-node/approval-record', { flowNo, taskNo: task2 }, staff[CMT_LEADER])).body.data.canDecide).toBe(true);
  });

  it('answers a review task with no approval, an unknown task with 404, and needs the progress page key', async () => {
    const { flowNo, taskNo } = await approvalPending();
    const node = (await get('/v1/cert-flow-node/approval-record', { flowNo, taskNo: `${flowNo}-KCP2-NODE_PRINCIPAL` }, staff[PURCHASER])).body.data;
    expect(node).toMatchObject({ approval: null, records: [], canDecide: false, task: { taskType: 'NODE_PRINCIPAL' } });
    expect((await get('/v1/cert-flow-node/approval-record', { flowNo, taskNo: 'NOPE' }, staff[PURCHASER])).status).toBe(404);
    expect((await get('/v1/cert-flow-node/approval-record', { flowNo, taskNo }, null)).status).toBe(401);
  });
});

describe('approval info for the screens (bpmUrl, bpmRemark) and my open tasks', () => {
  it('bpmUrl links the card of the current task, bpmRemark is the approvers\' remark; a withdrawn approval says so', async () => {
    const { flowNo, taskNo, approvalNo } = await approvalPending();
    const card = `/cert-flow/approval?flowNo=${flowNo}&taskNo=${taskNo}`;
    expect(await approvalInfos(db, flowNo, 'zh')).toEqual({
      HIGH_POTENTIAL: { status: APPROVAL_STATUS.INPROGRESS, bpmUrl: card, bpmRemark: null },
      SUPPLIER_CODE: { status: APPROVAL_STATUS.NOTSTART, bpmUrl: null, bpmRemark: null },
    });
    await recordApprovalDecision(db, { flowNo, kind: 'HIGH_POTENTIAL', approvalNo, step: 1, decision: 'reject', reason: '产能数据不足', actor: CMT_ACTOR });
    await applyApprovalOutcome(db, { flowNo, kind: 'HIGH_POTENTIAL', approvalNo, outcome: 'rejected' });
    expect((await approvalInfos(db, flowNo, 'en')).HIGH_POTENTIAL).toEqual({ status: APPROVAL_STATUS.REJECT, bpmUrl: card, bpmRemark: '产能数据不足' });

    const other = await approvalPending('SUPPLIER_CODE');
    await applyApprovalOutcome(db, { flowNo: other.flowNo, kind: 'SUPPLIER_CODE', approvalNo: other.approvalNo, outcome: 'withdrawn' });
    expect((await approvalInfos(db, other.flowNo, 'en')).SUPPLIER_CODE).toMatchObject({ status: APPROVAL_STATUS.REJECT, bpmRemark: 'The certification flow ended; the approval was withdrawn' });
    const release = await db.selectFrom('supplier_release').select('status').where('flow_no', '=', other.flowNo).executeTakeFirstOrThrow();
    expect(release.status).toBe(RELEASE_STATUS.REJECTED);
  });

  it("lists the approver's open approval task, named per kind, linking to the record card", async () => {
    const { flowNo, taskNo } = await approvalPending('SUPPLIER_CODE');
    const mine = (await get('/v1/cert-flow-node/my-tasks', {}, staff[CMT_LEADER], 'en')).body.data as { taskNo: string; taskName: string; link: string }[];
    expect(mine.find((t) => t.taskNo === taskNo)).toMatchObject({ taskName: 'Supplier code application approval', link: `/cert-flow/approval?flowNo=${flowNo}&taskNo=${taskNo}` });
  });
});
