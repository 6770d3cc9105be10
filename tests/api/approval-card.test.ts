import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { recordingExits } from '../support/recording-exits.ts';
import { recordingChanges } from '../support/recording-changes.ts';
import { insertExit } from '../support/exit-fixtures.ts';
import { admittedSupplier, submittedChange } from '../support/change-process-fixtures.ts';
import { invitedSupplier, PURCHASER } from '../support/rfi-questionnaire.ts';
import { staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The one approval card and its decision pair over HTTP, for two kinds: who reads the card and what it shows,
 * who decides, and the kind's rules on a rejection's reason. The workflows are recorded, not run; the exit's
 * browser test decides on this card against the real engine.
 */
let app: TestApp;
let db: Db;
const exits = recordingExits();
const changes = recordingChanges();
const who = {} as Record<'sponsor' | 'quality' | 'approver' | 'otherCmt' | 'admin' | 'purchaser', Caller> & { supplier: Caller };
let api: HttpClient;
const as = (c: Caller | null) => api.as(c);

beforeAll(async () => {
  app = await startTestApp({ exits: exits.exits, changes: changes.changes });
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { sponsor: 'E10002', quality: 'E10020', approver: 'E10010', otherCmt: 'E10011', admin: 'E10001', purchaser: PURCHASER }));
  who.supplier = { authorization: (await invitedSupplier(db, app.deps.config.appSecret)).authorization };
});
afterAll(() => app.close());

const submittedExit = () => insertExit(db, { status: 'submitted', sponsor: 'E10002', approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501002'] });
const card = (c: Caller | null, kind: string, ref: string) => as(c).get(`/api/v1/approvals/card?kind=${kind}&ref=${ref}`);

describe('an exit on the approval card', () => {
  it('shows its one step to those who read exits; only its approver (or an administrator) may decide, never the sponsor', async () => {
    const flowNo = await submittedExit();
    const mine = await card(who.approver, 'SUPPLIER_EXIT', flowNo);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ kind: 'SUPPLIER_EXIT', ref: flowNo, status: 'approving', canDecide: true, reasonMax: 100 });
    expect(mine.body.data.steps).toEqual([expect.objectContaining({ round: 1, step: 1, approverId: 'E10010', decision: null, decidedBy: null })]);
    expect((await card(who.sponsor, 'SUPPLIER_EXIT', flowNo)).body.data.canDecide).toBe(false);
    expect((await card(who.otherCmt, 'SUPPLIER_EXIT', flowNo)).body.data.canDecide).toBe(false);
    expect((await card(who.admin, 'SUPPLIER_EXIT', flowNo)).body.data.canDecide).toBe(true);
    expect((await card(who.quality, 'SUPPLIER_EXIT', flowNo)).status).toBe(403);
    expect((await card(who.supplier, 'SUPPLIER_EXIT', flowNo)).status).toBe(401);
    expect((await card(null, 'SUPPLIER_EXIT', flowNo)).status).toBe(401);
    expect((await card(who.approver, 'SUPPLIER_EXIT', 'EX000000000000')).status).toBe(404);
    expect((await card(who.approver, 'NO_SUCH_KIND', flowNo)).status).toBe(400);
  });

  it('a decision goes to the exit’s workflow; the sponsor and another CMT leader are refused with the exit’s own message', async () => {
    const flowNo = await submittedExit();
    const own = await as(who.sponsor).post('/api/v1/approvals/approve', { kind: 'SUPPLIER_EXIT', ref: flowNo });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('不能审批自己发起的退出申请');
    expect((await as(who.otherCmt).post('/api/v1/approvals/approve', { kind: 'SUPPLIER_EXIT', ref: flowNo })).status).toBe(403);
    const before = exits.calls.length;
    expect((await as(who.approver).post('/api/v1/approvals/approve', { kind: 'SUPPLIER_EXIT', ref: flowNo })).status).toBe(200);
    expect(exits.calls.slice(before)).toEqual([
      { method: 'decide', args: [flowNo, expect.objectContaining({ decision: 'pass', actor: expect.objectContaining({ jobNumber: 'E10010' }) }), expect.any(String), expect.any(Function)] },
    ]);
  });

  it('a rejection needs a reason of at most the kind’s length (100 for an exit), named on the field', async () => {
    const flowNo = await submittedExit();
    const missing = await as(who.approver).post('/api/v1/approvals/reject', { kind: 'SUPPLIER_EXIT', ref: flowNo });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ reason: '请输入驳回原因' });
    const long = await as(who.approver).post('/api/v1/approvals/reject', { kind: 'SUPPLIER_EXIT', ref: flowNo, reason: '驳'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ reason: '驳回原因不能超过100个字符' });
    expect((await as(who.approver).post('/api/v1/approvals/reject', { kind: 'SUPPLIER_EXIT', ref: flowNo, reason: '驳'.repeat(100) })).status).toBe(200);
  });

  it('once decided the card shows the decision, who made it and why, and nobody decides any more', async () => {
    const flowNo = await submittedExit();
    await db.updateTable('supplier_exit').set({ status: 'rejected', decided_by_name: '李强', decision_reason: '依据不足', finished_at: new Date() }).where('flow_no', '=', flowNo).execute();
    const read = (await card(who.approver, 'SUPPLIER_EXIT', flowNo)).body.data;
    expect(read).toMatchObject({ status: 'rejected', canDecide: false });
    expect(read.steps[0]).toMatchObject({ decision: 'reject', decidedBy: '李强', reason: '依据不足' });
    expect((await as(who.approver).post('/api/v1/approvals/approve', { kind: 'SUPPLIER_EXIT', ref: flowNo })).status).toBe(409);
  });
});

describe('an information change on the approval card', () => {
  it('its approvers read it and the open step’s approver decides; staff not involved are refused the card', async () => {
    const supplier = await admittedSupplier(db);
    const { flowNo } = await submittedChange(db, supplier, { modifyType: 'invoice', edit: (m) => ({ ...m, invoice: { ...m.invoice, invoicePhone: '02169993333' } }) });
    await db.updateTable('supplier_change_step').set({ status: 10 }).where('flow_no', '=', flowNo).where('seq', '=', 1).execute();
    await db.updateTable('supplier_change').set({ status: 'approving' }).where('flow_no', '=', flowNo).execute();
    const read = await card(who.purchaser, 'SUPPLIER_CHANGE', flowNo);
    expect(read.body.data).toMatchObject({ status: 'approving', canDecide: true, reasonMax: expect.any(Number) });
    expect(read.body.data.steps[0]).toMatchObject({ step: 1, approverId: PURCHASER, decision: null });
    expect((await card(who.otherCmt, 'SUPPLIER_CHANGE', flowNo)).status).toBe(403);
    const before = changes.calls.length;
    expect((await as(who.purchaser).post('/api/v1/approvals/reject', { kind: 'SUPPLIER_CHANGE', ref: flowNo, reason: '开户行不符' })).status).toBe(200);
    expect(changes.calls.slice(before)).toEqual([expect.objectContaining({ method: 'decideChange' })]);
  });
});
