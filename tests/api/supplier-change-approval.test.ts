import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { translate } from '#domain/messages.ts';
import { APPROVAL_STATUS } from '#domain/supplier-change/status.ts';
import { addedBank, admittedSupplier, submittedChange, type AdmittedSupplier } from '../support/change-process-fixtures.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { invitedSupplier } from '../support/rfi-questionnaire.ts';
import { recordingChanges } from '../support/recording-changes.ts';
import { staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The approval card's calls over HTTP: who may read a change's approval record and who may decide it —
 * its step's approver, an administrator, never its submitter, never the first approver twice on a bank
 * change, nobody else, and nobody signed out. The workflow is recorded, not run
 * (tests/workflow/supplier-change.test.ts runs it).
 */
let app: TestApp;
let db: Db;
const engine = recordingChanges();
const who = {} as Record<'pm' | 'cmtLeader' | 'submitter' | 'quality' | 'admin', Caller> & { supplier: Caller };
let api: HttpClient;
const as = (c: Caller | null) => api.as(c);
const zh = (id: string) => translate(id, 'zh');
let supplier: AdmittedSupplier;

beforeAll(async () => {
  app = await startTestApp({ changes: engine.changes });
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { pm: 'E10002', cmtLeader: 'E10010', submitter: 'E10003', quality: 'E10020', admin: 'E10001' }));
  who.supplier = { authorization: (await invitedSupplier(db, app.deps.config.appSecret)).authorization };
  supplier = await admittedSupplier(db);
});
afterAll(() => app.close());

/** A submitted change of the supplier (the earlier one closed), its first step open as the workflow opens it. */
async function waitingChange(opts: { bank?: boolean } = {}): Promise<string> {
  await db.updateTable('supplier_change').set({ status: 'cancelled' }).where('supplier_no', '=', supplier.supplierNo).where('status', 'in', ['approving', 'conflict']).execute();
  const { flowNo } = await submittedChange(db, supplier, {
    edit: (m) => (opts.bank ? { ...m, bankList: [...m.bankList, addedBank(3)] } : { ...m, invoice: { ...m.invoice, invoicePhone: '02169992222' } }),
  });
  await db.updateTable('supplier_change_step').set({ status: APPROVAL_STATUS.INPROGRESS }).where('flow_no', '=', flowNo).where('seq', '=', 1).execute();
  return flowNo;
}

const lastCall = () => engine.calls.at(-1)!;

describe('approve and reject: who may decide this very change', () => {
  it("the step's approver approves: the workflow is asked with the change's round and a repeatable update id", async () => {
    const flowNo = await waitingChange();
    const res = await as(who.pm).post('/v1/supplier-change/approve', { flowNo });
    expect(res.status).toBe(200);
    expect(lastCall()).toMatchObject({ method: 'decideChange', args: [flowNo, 1, { decision: 'approve', actor: { jobNumber: 'E10002' }, asAdmin: false, step: 1 }, `${flowNo}:1:1:approve`, expect.any(Function)] });
  });

  it('an administrator may decide in the approver’s place', async () => {
    const flowNo = await waitingChange();
    expect((await as(who.admin).post('/v1/supplier-change/reject', { flowNo, reason: '开票电话有误' })).status).toBe(200);
    expect(lastCall()).toMatchObject({
      method: 'decideChange',
      args: [flowNo, 1, { decision: 'reject', reason: '开票电话有误', actor: { jobNumber: 'E10001' }, asAdmin: true, step: 1 }, `${flowNo}:1:1:reject`, expect.any(Function)],
    });
  });

  it('the submitter may not decide their own change (403, named); the workflow is not asked', async () => {
    const flowNo = await waitingChange();
    const before = engine.calls.length;
    const res = await as(who.submitter).post('/v1/supplier-change/approve', { flowNo });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(zh('changeOwnApproval'));
    expect(engine.calls.length).toBe(before);
  });

  it('another staff member, a supplier and nobody signed in may not decide', async () => {
    const flowNo = await waitingChange();
    const stranger = await as(who.quality).post('/v1/supplier-change/approve', { flowNo });
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(zh('changeNotApprover'));
    // The CMT leader holds no step of a change without bank data.
    expect((await as(who.cmtLeader).post('/v1/supplier-change/approve', { flowNo })).status).toBe(403);
    expect((await as(who.supplier).post('/v1/supplier-change/approve', { flowNo })).status).toBe(401);
    expect((await as(null).post('/v1/supplier-change/approve', { flowNo })).status).toBe(401);
    expect((await as(null).post('/v1/supplier-change/reject', { flowNo, reason: 'x' })).status).toBe(401);
  });

  it('a bank change: the first approver may not give the second approval; the second step’s holder may', async () => {
    const flowNo = await waitingChange({ bank: true });
    await db
      .updateTable('supplier_change_step')
      .set({ status: APPROVAL_STATUS.FINISHED, decided_by_job_number: 'E10002', decided_by_name: '王磊', decided_at: new Date() })
      .where('flow_no', '=', flowNo)
      .where('seq', '=', 1)
      .execute();
    await db.updateTable('supplier_change_step').set({ status: APPROVAL_STATUS.INPROGRESS }).where('flow_no', '=', flowNo).where('seq', '=', 2).execute();
    const twice = await as(who.pm).post('/v1/supplier-change/approve', { flowNo });
    expect(twice.status).toBe(403);
    expect(twice.body.message).toBe(zh('changeSecondApprover'));
    expect((await as(who.cmtLeader).post('/v1/supplier-change/approve', { flowNo })).status).toBe(200);
  });

  it('a rejection needs its reason (400 naming the field); a decided change is 409', async () => {
    const flowNo = await waitingChange();
    const missing = await as(who.pm).post('/v1/supplier-change/reject', { flowNo, reason: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ reason: zh('enterChangeRejectReason') });
    await db.updateTable('supplier_change').set({ status: 'finished' }).where('flow_no', '=', flowNo).execute();
    const late = await as(who.pm).post('/v1/supplier-change/approve', { flowNo });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(zh('changeNotPending'));
    expect((await as(who.pm).post('/v1/supplier-change/approve', { flowNo: 'SC-NOPE' })).status).toBe(404);
  });
});

describe('the conflict decision', () => {
  it('only while in conflict, by the last approver or an administrator; never the submitter', async () => {
    const flowNo = await waitingChange();
    const early = await as(who.pm).post('/v1/supplier-change/conflict-decision', { flowNo, decision: 'apply' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(zh('changeNoConflict'));
    await db.updateTable('supplier_change').set({ status: 'conflict' }).where('flow_no', '=', flowNo).execute();
    await db
      .updateTable('supplier_change_step')
      .set({ status: APPROVAL_STATUS.FINISHED, decided_by_job_number: 'E10002', decided_by_name: '王磊', decided_at: new Date() })
      .where('flow_no', '=', flowNo)
      .execute();
    expect((await as(who.submitter).post('/v1/supplier-change/conflict-decision', { flowNo, decision: 'apply' })).status).toBe(403);
    expect((await as(who.cmtLeader).post('/v1/supplier-change/conflict-decision', { flowNo, decision: 'apply' })).status).toBe(403);
    const noReason = await as(who.pm).post('/v1/supplier-change/conflict-decision', { flowNo, decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: zh('enterChangeRejectReason') });
    expect((await as(who.pm).post('/v1/supplier-change/conflict-decision', { flowNo, decision: 'apply' })).status).toBe(200);
    expect(lastCall()).toMatchObject({ method: 'resolveConflict', args: [flowNo, 1, { decision: 'apply', actor: { jobNumber: 'E10002' } }, `${flowNo}:1:conflict:apply`] });
  });
});

describe('the approval record', () => {
  it('shows the steps and whether the reader decides now; readable by its approvers, its submitter and administrators only', async () => {
    const flowNo = await waitingChange();
    const mine = await as(who.pm).get(`/v1/supplier-change/approval-record?flowNo=${flowNo}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ flowNo, status: 'approving', round: 1, canDecide: true, refusal: null, submitterName: '周婷' });
    expect(mine.body.data.steps).toEqual([expect.objectContaining({ round: 1, seq: 1, approverName: '王磊', status: APPROVAL_STATUS.INPROGRESS })]);
    const own = await as(who.submitter).get(`/v1/supplier-change/approval-record?flowNo=${flowNo}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ canDecide: false, refusal: 'changeOwnApproval' });
    expect((await as(who.admin).get(`/v1/supplier-change/approval-record?flowNo=${flowNo}`)).body.data.canDecide).toBe(true);
    expect((await as(who.quality).get(`/v1/supplier-change/approval-record?flowNo=${flowNo}`)).status).toBe(403);
    expect((await as(who.supplier).get(`/v1/supplier-change/approval-record?flowNo=${flowNo}`)).status).toBe(401);
    expect((await as(null).get(`/v1/supplier-change/approval-record?flowNo=${flowNo}`)).status).toBe(401);
  });
});
