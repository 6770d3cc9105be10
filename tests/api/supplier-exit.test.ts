import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { uploadDocument, sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { recordingExits } from '../support/recording-exits.ts';
import { exitForm, insertExit } from '../support/exit-fixtures.ts';
import { invitedSupplier } from '../support/rfi-questionnaire.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { closeExit, recordExitApproval } from '#services/supplier-exit/apply.ts';

/**
 * The supplier-exit calls over HTTP (req exit §7.2): who may make each write — the sponsor, other staff,
 * an administrator, a supplier, nobody signed in — and the form's rules on both sides of each limit.
 * The workflow is recorded, not run (tests/workflow/supplier-exit.test.ts runs it).
 */
let app: TestApp;
let db: Db;
const engine = recordingExits();
const who = {} as Record<'sponsor' | 'otherPm' | 'quality' | 'approver' | 'otherCmt' | 'admin', Caller> & { supplier: Caller };
let api: HttpClient;
const as = (c: Caller | null) => api.as(c);

beforeAll(async () => {
  app = await startTestApp({ exits: engine.exits });
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { sponsor: 'E10002', otherPm: 'E10003', quality: 'E10020', approver: 'E10010', otherCmt: 'E10011', admin: 'E10001' }));
  who.supplier = { authorization: (await invitedSupplier(db, app.deps.config.appSecret)).authorization };
});
afterAll(() => app.close());

/** Drafts and exits of a supplier are closed between cases that need the supplier free. */
const freeSupplier = (supplierNo: string) =>
  db.updateTable('supplier_exit').set({ status: 'terminated' }).where('supplier_no', '=', supplierNo).where('status', 'in', ['draft', 'submitted']).execute();

describe('who may make each write', () => {
  it('save: staff with the exit key (sponsor, administrator); others 403, a supplier and nobody 401', async () => {
    await freeSupplier('SN000002');
    const saved = await as(who.sponsor).post('/v1/supplier-exit/save', exitForm('SN000002', ['401001']));
    expect(saved.status).toBe(200);
    expect(saved.body.data.flowNo).toMatch(/^EX\d{12}$/);
    expect((await as(who.quality).post('/v1/supplier-exit/save', exitForm('SN000002', ['401001']))).status).toBe(403);
    expect((await as(who.approver).post('/v1/supplier-exit/save', exitForm('SN000002', ['401001']))).status).toBe(403);
    expect((await as(who.supplier).post('/v1/supplier-exit/save', exitForm('SN000002', ['401001']))).status).toBe(401);
    expect((await as(null).post('/v1/supplier-exit/save', exitForm('SN000002', ['401001']))).status).toBe(401);
    // Another purchasing manager may not change the sponsor's draft.
    const foreign = await as(who.otherPm).post('/v1/supplier-exit/save', { ...exitForm('SN000002', ['401001']), flowNo: saved.body.data.flowNo });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('只有退出申请的发起人可以操作');
    await freeSupplier('SN000002');
    expect((await as(who.admin).post('/v1/supplier-exit/save', exitForm('SN000002', ['401001']))).status).toBe(200);
  });

  it('submit: the sponsor and an administrator; the workflow is started with the CMT leader as approver', async () => {
    await freeSupplier('SN000001');
    expect((await as(who.quality).post('/v1/supplier-exit/submit', exitForm('SN000001', ['101001']))).status).toBe(403);
    expect((await as(who.supplier).post('/v1/supplier-exit/submit', exitForm('SN000001', ['101001']))).status).toBe(401);
    expect((await as(null).post('/v1/supplier-exit/submit', exitForm('SN000001', ['101001']))).status).toBe(401);
    const res = await as(who.sponsor).post('/v1/supplier-exit/submit', exitForm('SN000001', ['101001']));
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('提交成功');
    const start = engine.calls.filter((c) => c.method === 'start').at(-1)!.args[0];
    expect(start).toEqual({ flowNo: res.body.data.flowNo, sponsorJobNumber: 'E10002', approverJobNumber: 'E10010', sponsorName: '王磊', approverName: '李强' });
    await freeSupplier('SN000001');
    expect((await as(who.admin).post('/v1/supplier-exit/submit', exitForm('SN000001', ['101001']))).status).toBe(200);
    await freeSupplier('SN000001');
  });

  it('termination of a submitted exit: the sponsor or an administrator; another purchasing manager and the approver 403; once decided 409', async () => {
    const flowNo = await insertExit(db, { status: 'submitted', approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501001'] });
    expect((await as(who.otherPm).post('/v1/supplier-exit/termination', { flowNo })).status).toBe(403);
    expect((await as(who.approver).post('/v1/supplier-exit/termination', { flowNo })).status).toBe(403);
    expect((await as(who.supplier).post('/v1/supplier-exit/termination', { flowNo })).status).toBe(401);
    expect((await as(null).post('/v1/supplier-exit/termination', { flowNo })).status).toBe(401);
    const ended = await as(who.sponsor).post('/v1/supplier-exit/termination', { flowNo });
    expect(ended.status).toBe(200);
    expect(ended.body.data.message).toBe('退出申请已终止');
    expect(engine.calls.filter((c) => c.method === 'terminate').at(-1)!.args[0]).toBe(flowNo);
    // An administrator may end anyone's; a decided one nobody.
    const other = await insertExit(db, { status: 'submitted', approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501001'] });
    expect((await as(who.admin).post('/v1/supplier-exit/termination', { flowNo: other })).status).toBe(200);
    await db.updateTable('supplier_exit').set({ decided_by_name: '李强' }).where('flow_no', '=', other).execute();
    expect((await as(who.admin).post('/v1/supplier-exit/termination', { flowNo: other })).status).toBe(409);
  });

  it('a draft is deleted, not terminated: only its sponsor deletes it; it is gone from the list, its log keeps the deletion', async () => {
    const flowNo = await insertExit(db, { supplierNo: 'SN000003', categoryCodes: ['501001'] });
    const terminated = await as(who.sponsor).header('accept-language', 'en').post('/v1/supplier-exit/termination', { flowNo });
    expect(terminated.status).toBe(409);
    expect(terminated.body.message).toBe('A draft has not been submitted; delete it instead');
    const page = async () => (await as(who.sponsor).post('/v1/supplier-exit/page', { currentPage: 1, pageSize: 100, status: 'draft' })).body.data.records as { flowNo: string; actions: object }[];
    expect((await page()).find((r) => r.flowNo === flowNo)?.actions).toEqual({ terminate: false, delete: true });
    expect((await as(who.otherPm).post('/v1/supplier-exit/delete', { flowNo })).status).toBe(403);
    expect((await as(who.admin).post('/v1/supplier-exit/delete', { flowNo })).status).toBe(403);
    expect((await as(who.approver).post('/v1/supplier-exit/delete', { flowNo })).status).toBe(403);
    expect((await as(null).post('/v1/supplier-exit/delete', { flowNo })).status).toBe(401);
    const deleted = await as(who.sponsor).post('/v1/supplier-exit/delete', { flowNo });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.message).toBe('草稿已删除');
    expect((await page()).map((r) => r.flowNo)).not.toContain(flowNo);
    expect((await as(who.sponsor).get('/v1/supplier-exit/detail', { flowNo })).status).toBe(404);
    const log = await db.selectFrom('operation_history').select('action').where('relation_code', '=', flowNo).execute();
    expect(log.map((r) => r.action)).toContain('exitDraftDeleted');
    // A submitted exit is terminated, never deleted.
    const submitted = await insertExit(db, { status: 'submitted', approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501001'] });
    expect((await as(who.sponsor).post('/v1/supplier-exit/delete', { flowNo: submitted })).status).toBe(409);
    const row = (await as(who.sponsor).post('/v1/supplier-exit/page', { currentPage: 1, pageSize: 100, status: 'submitted' })).body.data.records.find(
      (r: { flowNo: string }) => r.flowNo === submitted,
    );
    expect(row.actions).toEqual({ terminate: true, delete: false });
    await freeSupplier('SN000003');
  });

  it("the approver's task: in \"my open tasks\" from the submit, linking to the exit's approval card; gone once decided or terminated", async () => {
    await freeSupplier('SN000001');
    const { flowNo } = (await as(who.sponsor).post('/v1/supplier-exit/submit', exitForm('SN000001', ['101001']))).body.data;
    const myTasks = async (caller: Caller, locale: 'zh' | 'en' = 'zh') =>
      ((await as(caller).header('accept-language', locale).get('/v1/cert-flow-node/my-tasks')).body.data as { flowNo: string; taskName: string; nodeName: string; link: string }[]).filter(
        (t) => t.flowNo === flowNo,
      );
    expect(await myTasks(who.approver, 'en')).toEqual([
      expect.objectContaining({ taskName: 'Supplier exit approval', nodeName: 'Supplier exit', supplierName: expect.any(String), link: `/supplier-exit/detail?flowNo=${flowNo}` }),
    ]);
    expect(await myTasks(who.sponsor)).toEqual([]);
    expect(await myTasks(who.otherCmt)).toEqual([]);
    // The workflow records the termination (services/supplier-exit/apply.ts): the task closes with it.
    await closeExit(db, { flowNo, outcome: 'terminated', actor: { id: 'x', jobNumber: 'E10002', name: '王磊' } });
    expect(await myTasks(who.approver)).toEqual([]);

    await freeSupplier('SN000001');
    const second = (await as(who.sponsor).post('/v1/supplier-exit/submit', exitForm('SN000001', ['101001']))).body.data.flowNo as string;
    expect((await as(who.approver).get('/v1/cert-flow-node/my-tasks')).body.data.map((t: { flowNo: string }) => t.flowNo)).toContain(second);
    await recordExitApproval(db, { flowNo: second, actor: { id: 'y', jobNumber: 'E10010', name: '李强' } });
    expect((await as(who.approver).get('/v1/cert-flow-node/my-tasks')).body.data.map((t: { flowNo: string }) => t.flowNo)).not.toContain(second);
    await freeSupplier('SN000001');
  });

  for (const [path, extra] of [
    ['/v1/supplier-exit/audit-pass', {}],
    ['/v1/supplier-exit/audit-reject', { reason: '依据不足' }],
  ] as const) {
    it(`${path}: the approver or an administrator; never the sponsor, not another CMT leader`, async () => {
      const flowNo = await insertExit(db, { status: 'submitted', approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501002'] });
      const body = { flowNo, ...extra };
      const own = await as(who.sponsor).post(path, body);
      expect(own.status).toBe(403);
      expect(own.body.message).toBe('不能审批自己发起的退出申请');
      expect((await as(who.otherCmt).post(path, body)).status).toBe(403);
      expect((await as(who.quality).post(path, body)).status).toBe(403);
      expect((await as(who.supplier).post(path, body)).status).toBe(401);
      expect((await as(null).post(path, body)).status).toBe(401);
      expect((await as(who.approver).post(path, body)).status).toBe(200);
      const other = await insertExit(db, { status: 'submitted', approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501002'] });
      expect((await as(who.admin).post(path, { ...body, flowNo: other })).status).toBe(200);
      // An exit already decided (or a draft) is not pending.
      await db.updateTable('supplier_exit').set({ decided_by_name: '李强' }).where('flow_no', '=', flowNo).execute();
      expect((await as(who.approver).post(path, body)).status).toBe(409);
    });
  }
});

describe('the exit form', () => {
  let draft: string;
  beforeAll(async () => {
    await freeSupplier('SN000002');
    draft = (await as(who.sponsor).post('/v1/supplier-exit/save', exitForm('SN000002', ['401001']))).body.data.flowNo;
  });
  const save = (overrides: Parameters<typeof exitForm>[2] = {}, categories = ['401001']) =>
    as(who.sponsor).post('/v1/supplier-exit/save', { ...exitForm('SN000002', categories, overrides), flowNo: draft });

  it('reason: 500 characters are kept, 501 refused', async () => {
    expect((await save({ reason: '因'.repeat(500) })).status).toBe(200);
    const long = await save({ reason: '因'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ reason: '长度不能超过500个字符' });
  });

  it('attachments: 5 stored files are kept under their stored names, 6 or a file never uploaded refused', async () => {
    const docs = [];
    for (let i = 0; i < 6; i++) docs.push(await uploadDocument(as(who.sponsor), `质量报告${i}.pdf`, pdfBytes(`q${i}`), 'application/pdf'));
    expect((await save({ documentList: docs.slice(0, 5) })).status).toBe(200);
    const detail = await as(who.sponsor).get('/v1/supplier-exit/detail', { flowNo: draft });
    expect(detail.body.data.documentList.map((d: { documentName: string }) => d.documentName)).toEqual(['质量报告0.pdf', '质量报告1.pdf', '质量报告2.pdf', '质量报告3.pdf', '质量报告4.pdf']);
    const six = await save({ documentList: docs });
    expect(six.status).toBe(400);
    expect(Object.keys(six.body.errors)).toEqual(['documentList']);
    const forged = await save({ documentList: [{ documentName: 'x.pdf', documentUrl: '/common/v1/simple-download?fileKey=never-uploaded' }] });
    expect(forged.body.errors).toEqual({ 'documentList.0.documentUrl': expect.any(String) });
  });

  it('exit types: 5 kept, 6 refused; a value outside the dictionary refused', async () => {
    expect((await save({ exitTypes: ['QUALITY', 'DELIVERY', 'COST', 'COMPLIANCE', 'FINANCIAL'] })).status).toBe(200);
    expect((await save({ exitTypes: ['QUALITY', 'DELIVERY', 'COST', 'COMPLIANCE', 'FINANCIAL', 'OTHER'] })).body.errors).toEqual({ exitTypes: '取值无效' });
    expect((await save({ exitTypes: ['NOT_A_TYPE'] })).body.errors).toEqual({ exitTypes: '取值无效' });
    expect((await save({ exitCategory: 'NOT_A_CATEGORY' })).body.errors).toEqual({ exitCategory: '取值无效' });
  });

  it('a draft may be incomplete; the submit needs categories, exit category, types and reason', async () => {
    const partial = { exitCategory: null, exitTypes: [], reason: '' } as unknown as Parameters<typeof exitForm>[2];
    expect((await save(partial, [])).status).toBe(200);
    const res = await as(who.sponsor).locale('en').post('/v1/supplier-exit/submit', { ...exitForm('SN000002', [], partial), exitScope: 'CATEGORY', flowNo: draft });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      categoryCodes: 'Please choose the categories to exit',
      exitCategory: 'Please choose the exit category',
      exitTypes: 'Please choose the exit types',
      reason: 'Please enter the reason for the exit',
    });
  });

  it('only admitted categories leave: an eliminated one (门锁) or one never admitted is refused by name', async () => {
    await freeSupplier('SN000001');
    const res = await as(who.sponsor).post('/v1/supplier-exit/save', exitForm('SN000001', ['101001', '103002', '101004']));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ categoryCodes: '该供应商未准入或已淘汰的品类不能退出：门锁、铝合金冲压件' });
  });

  it('one open exit per supplier: a second one is refused naming the first', async () => {
    const res = await as(who.otherPm).post('/v1/supplier-exit/save', exitForm('SN000002', ['401003']));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`该供应商已有进行中的退出申请：${draft}`);
  });

  it('the rejection reason: required, 100 characters kept, 101 refused', async () => {
    const flowNo = await insertExit(db, { status: 'submitted', approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501001'] });
    expect((await as(who.approver).post('/v1/supplier-exit/audit-reject', { flowNo })).body.errors).toEqual({ reason: '该项必填' });
    expect((await as(who.approver).post('/v1/supplier-exit/audit-reject', { flowNo, reason: '驳'.repeat(101) })).body.errors).toEqual({ reason: '长度不能超过100个字符' });
    expect((await as(who.approver).post('/v1/supplier-exit/audit-reject', { flowNo, reason: '驳'.repeat(100) })).status).toBe(200);
  });
});

describe('the reads', () => {
  it("the list shows others' submitted exits but only one's own drafts; a foreign draft's detail is not found", async () => {
    const mine = await insertExit(db, { sponsor: 'E10003', supplierNo: 'SN000003', categoryCodes: ['501001'] });
    const page = await as(who.sponsor).post('/v1/supplier-exit/page', { currentPage: 1, pageSize: 100 });
    expect(page.status).toBe(200);
    expect(page.body.data.records.map((r: { flowNo: string }) => r.flowNo)).not.toContain(mine);
    const theirs = await as(who.otherPm).post('/v1/supplier-exit/page', { currentPage: 1, pageSize: 100, status: 'draft' });
    expect(theirs.body.data.records.map((r: { flowNo: string }) => r.flowNo)).toContain(mine);
    expect((await as(who.sponsor).get('/v1/supplier-exit/detail', { flowNo: mine })).status).toBe(404);
    expect((await as(who.quality).post('/v1/supplier-exit/page', { currentPage: 1, pageSize: 20 })).status).toBe(403);
  });

  it("the supplier's exit history: exit category, types, finish time and sponsor, in the caller's language", async () => {
    const flowNo = await insertExit(db, { supplierNo: 'SN000002', categoryCodes: ['401003'] });
    await db
      .insertInto('supplier_exit_history')
      .values({
        flow_no: flowNo,
        supplier_no: 'SN000002',
        scope: 'CATEGORY',
        category_codes: JSON.stringify(['401003']),
        exit_category: 'ELIMINATION',
        exit_types: JSON.stringify(['QUALITY', 'COST']),
        sponsor_job_number: 'E10002',
        sponsor_name: '王磊',
        finish_time: new Date('2026-11-20T08:00:00Z'),
      })
      .execute();
    const res = await as(who.sponsor).locale('en').get('/v1/supplier-exit/history', { supplier: 'SN000002' });
    expect(res.body.data).toEqual([
      { flowNo, exitCategory: 'Elimination', exitTypes: 'Quality, Cost competitiveness', finishTime: '2026-11-20T08:00:00.000Z', sponsor: '王磊', categoryNames: [expect.any(String)] },
    ]);
  });
});
