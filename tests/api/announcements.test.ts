import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { ROUTES } from '#domain/permissions.ts';
import { uploadDocument, sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { newStaffSession, newSupplierSession, portalSession, staffSessions } from '../support/sessions.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Announcements over HTTP (req shell §2.7, §4, §7.6): administrators write, target, schedule and publish;
 * staff and supplier portal accounts read only what is addressed to them, 20 a page, with their own
 * read receipts; bodies are sanitised; administrators see who read one and who has not.
 */
let app: TestApp;
let db: Db;
let api: HttpClient;
const who = {} as Record<'admin' | 'pm' | 'quality' | 'seats' | 'harness' | 'questionnaire', Caller>;
const as = (c: Caller | null) => api.as(c);

/** A portal account whose supplier applies for one category. */
async function portalOfCategory(code: string, name: string): Promise<Caller> {
  const { flowNo } = await insertAppliedFlow(db, { supplierName: name });
  await db.updateTable('cert_flow').set({ category_list: JSON.stringify([{ code, name: code }]) }).where('flow_no', '=', flowNo).execute();
  return portalSession(db, flowNo);
}

const form = (over: Record<string, unknown> = {}) => ({ title: '系统维护通知', context: '<p>本周六 22:00 停机维护</p>', audience: 'ALL_STAFF', isPopUp: false, ...over });

async function publish(over: Record<string, unknown> = {}): Promise<number> {
  const res = await as(who.admin).post('/api/v1/announcement/manage/publish', form(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

const titlesOf = async (c: Caller) => ((await as(c).get('/api/v1/announcement/getPage', { currentPage: 1, pageSize: 100 })).body.data.records as { title: string }[]).map((r) => r.title);
const unread = async (c: Caller) => (await as(c).get('/api/v1/announcement/unReadCount')).body.data as number;

beforeAll(async () => {
  app = await startTestApp();
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { admin: 'E10001', pm: 'E10002', quality: 'E10020' }));
  who.seats = await portalOfCategory('501001', '上海座椅有限公司');
  who.harness = await portalOfCategory('401001', '昆山线束有限公司');
  who.questionnaire = { authorization: (await newSupplierSession(db, app.deps.config.appSecret)).authorization };
});
afterAll(() => app.close());

describe('only administrators write and publish', () => {
  it('save, publish, delete and the management list: the administrator; a purchasing manager 403; a supplier and nobody 401', async () => {
    for (const path of ['/api/v1/announcement/manage/save', '/api/v1/announcement/manage/publish']) {
      expect((await as(who.pm).post(path, form())).status).toBe(403);
      expect((await as(who.seats).post(path, form())).status).toBe(401);
      expect((await as(null).post(path, form())).status).toBe(401);
    }
    expect((await as(who.pm).post('/api/v1/announcement/manage/page', {})).status).toBe(403);
    expect((await as(who.pm).get('/api/v1/announcement/manage/readers', { id: 1, read: 'true' })).status).toBe(403);
    const saved = await as(who.admin).post('/api/v1/announcement/manage/save', form({ title: '草稿' }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.message).toBe('保存成功');
    expect((await as(who.pm).post('/api/v1/announcement/manage/delete', { id: saved.body.data.id })).status).toBe(403);
    expect((await as(who.admin).post('/api/v1/announcement/manage/delete', { id: saved.body.data.id })).body.data.message).toBe('删除成功');
  });

  it('the form names its missing fields in the caller’s language, and a role or category that does not exist', async () => {
    const res = await as(who.admin).post('/api/v1/announcement/manage/publish', { title: ' ', context: '', audience: 'SUPPLIER_CATEGORY' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ title: '请输入公告标题', context: '请输入公告内容', audienceCode: '请选择品类' });
    const en = await api.as(who.admin).locale('en').post('/api/v1/announcement/manage/publish', { title: 'x', context: '<p>x</p>' });
    expect(en.body.errors).toEqual({ audience: 'Please choose who reads it' });
    const role = await as(who.admin).post('/api/v1/announcement/manage/publish', form({ audience: 'STAFF_ROLE', audienceCode: 'NO_SUCH_ROLE' }));
    expect(role.status).toBe(400);
    expect(role.body.errors).toEqual({ audienceCode: '角色不存在' });
    const time = await as(who.admin).post('/api/v1/announcement/manage/publish', form({ releaseTime: '2026-02-31 10:00:00' }));
    expect(time.body.errors).toEqual({ releaseTime: '请输入正确的时间（yyyy-MM-dd HH:mm:ss）' });
  });

  it('a published announcement can no longer be changed or deleted (409); a draft publishes once', async () => {
    const saved = await as(who.admin).post('/api/v1/announcement/manage/save', form({ title: '待发布' }));
    const id = saved.body.data.id;
    expect(await titlesOf(who.pm)).not.toContain('待发布');
    expect((await as(who.admin).post('/api/v1/announcement/manage/publish', form({ id, title: '已发布' }))).status).toBe(200);
    expect(await titlesOf(who.pm)).toContain('已发布');
    const again = await as(who.admin).post('/api/v1/announcement/manage/save', form({ id, title: '改标题' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('公告已发布，不能修改或删除');
    expect((await as(who.admin).post('/api/v1/announcement/manage/delete', { id })).status).toBe(409);
    const history = await db.selectFrom('operation_history').select('action').where('relation_type', '=', 60).where('relation_code', '=', String(id)).orderBy('id').execute();
    expect(history.map((h) => h.action)).toEqual(['announcementSaved', 'announcementPublished']);
  });
});

describe('release time', () => {
  it('a draft offers no release time unless a later one was asked; publishing at a past time publishes now', async () => {
    const saved = await as(who.admin).post('/api/v1/announcement/manage/save', form({ title: '旧草稿' }));
    const detail = await as(who.admin).get('/api/v1/announcement/manage/detail', { id: saved.body.data.id });
    expect(detail.body.data).toMatchObject({ status: 'DRAFT', releaseTime: null, title: '旧草稿' });
    await as(who.admin).post('/api/v1/announcement/manage/publish', form({ id: saved.body.data.id, title: '旧草稿', releaseTime: '2020-01-01 00:00:00' }));
    const [newest] = (await as(who.pm).get('/api/v1/announcement/getPage')).body.data.records;
    expect(newest.title).toBe('旧草稿');
    expect(newest.releaseTime).not.toBe('2020-01-01 00:00:00');
  });
});

describe('the body is sanitised on the server', () => {
  it('no script, event handler or javascript: URL survives; the formatting and safe links stay', async () => {
    const id = await publish({
      title: '净化测试',
      context:
        '<p onclick="steal()">正文<b>加粗</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">坏链接</a><a href="https://example.com/doc">好链接</a><iframe src="https://evil.example"></iframe>',
    });
    const page = await as(who.pm).get('/api/v1/announcement/getPage');
    const html: string = page.body.data.records.find((r: { id: number }) => r.id === id).context;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|alert/i);
    expect(html).toContain('<b>加粗</b>');
    expect(html).toContain('<a href="https://example.com/doc" rel="noopener noreferrer">好链接</a>');
    expect(html).toContain('坏链接');
  });

  it('a body that is nothing but a script is empty once sanitised: 400 on context', async () => {
    const res = await as(who.admin).post('/api/v1/announcement/manage/publish', form({ context: '<script>alert(1)</script>' }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ context: '请输入公告内容' });
  });
});

describe('each reader sees only what is addressed to them', () => {
  it('all staff, a role, all suppliers, one category: a supplier never reads staff announcements nor another category’s', async () => {
    await publish({ title: '全员公告' });
    await publish({ title: '质量评审公告', audience: 'STAFF_ROLE', audienceCode: 'QUALITY_REVIEWER' });
    await publish({ title: '全体供应商公告', audience: 'ALL_SUPPLIERS' });
    await publish({ title: '座椅品类公告', audience: 'SUPPLIER_CATEGORY', audienceCode: '501001' });

    const pm = await titlesOf(who.pm);
    expect(pm).toContain('全员公告');
    expect(pm).not.toContain('质量评审公告');
    expect(pm).not.toContain('全体供应商公告');
    expect(pm).not.toContain('座椅品类公告');
    expect(await titlesOf(who.quality)).toEqual(expect.arrayContaining(['全员公告', '质量评审公告']));

    const seats = await titlesOf(who.seats);
    expect(seats).toEqual(['座椅品类公告', '全体供应商公告']);
    expect(await titlesOf(who.harness)).toEqual(['全体供应商公告']);
  });

  it('a publicity push (written without an audience) is read by all staff and by no supplier', async () => {
    await db.insertInto('announcement').values({ type: 'SUPPLIER_PUBLICITY', title: '供应商准入公示', context: '<p>公示</p>', release_time: new Date(), is_pop_up: true, created_by: 'E10001' }).execute();
    expect(await titlesOf(who.pm)).toContain('供应商准入公示');
    expect(await titlesOf(who.quality)).toContain('供应商准入公示');
    expect(await titlesOf(who.seats)).not.toContain('供应商准入公示');
  });

  it('a questionnaire session (before the RFI passes) reads none: 403; nobody signed in 401', async () => {
    const res = await as(who.questionnaire).get('/api/v1/announcement/getPage');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('只有员工和供应商门户账号可以查看公告');
    expect((await as(null).get('/api/v1/announcement/unReadCount')).status).toBe(401);
  });

  it('a scheduled announcement shows from its release time on; the administrator sees it as scheduled', async () => {
    const id = await publish({ title: '定时公告', releaseTime: '2099-01-01 08:00:00' });
    expect(await titlesOf(who.pm)).not.toContain('定时公告');
    const list = await as(who.admin).post('/api/v1/announcement/manage/page', { currentPage: 1, pageSize: 100 });
    expect(list.body.data.records.find((r: { id: number }) => r.id === id)).toMatchObject({ status: 'PUBLISHED', scheduled: true, releaseTime: '2099-01-01 08:00:00' });
    await db.updateTable('announcement').set({ release_time: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expect(await titlesOf(who.pm)).toContain('定时公告');
  });
});

describe('getPage, read, unReadCount and readAll (req shell §7.6)', () => {
  it('pages 20 at a time by default, newest first; other sizes than 20, 50, 100 are refused', async () => {
    for (let i = 0; i < 21; i++) await publish({ title: `线束通知${i}`, audience: 'SUPPLIER_CATEGORY', audienceCode: '401001' });
    const first = await as(who.harness).get('/api/v1/announcement/getPage', { appId: 'scm-cspm', openId: 'x', currentPage: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data.records).toHaveLength(20);
    expect(first.body.data.total).toBe(22);
    expect(first.body.data.records[0]).toMatchObject({ title: '线束通知20', isRead: false, isPopUp: false, type: 'SYSTEM', fileUrl: null });
    const second = await as(who.harness).get('/api/v1/announcement/getPage', { currentPage: 2 });
    expect(second.body.data.records.map((r: { title: string }) => r.title)).toEqual(['线束通知0', '全体供应商公告']);
    expect((await as(who.harness).get('/api/v1/announcement/getPage', { pageSize: 30 })).status).toBe(400);
  });

  it('read marks the caller’s own receipt only; ids the caller does not see are ignored; readAll clears the count', async () => {
    const before = await unread(who.harness);
    expect(before).toBe(22);
    const page = await as(who.harness).get('/api/v1/announcement/getPage');
    const [a, b] = page.body.data.records as { id: number }[];
    const seatsOnly = await publish({ title: '座椅专属', audience: 'SUPPLIER_CATEGORY', audienceCode: '501001' });
    const read = await as(who.harness).post('/api/v1/announcement/read', { ids: [a!.id, b!.id, seatsOnly] });
    expect(read.status).toBe(200);
    expect(read.body.data.message).toBe('操作成功');
    expect(await unread(who.harness)).toBe(20);
    const after = await as(who.harness).get('/api/v1/announcement/getPage');
    expect(after.body.data.records.slice(0, 3).map((r: { isRead: boolean }) => r.isRead)).toEqual([true, true, false]);
    // The seats supplier's announcement got no receipt from the harness supplier, and theirs stay unread.
    expect(await db.selectFrom('announcement_read').select('reader_id').where('announcement_id', '=', seatsOnly).execute()).toEqual([]);
    const seatsUnread = await unread(who.seats);
    expect(seatsUnread).toBeGreaterThan(0);

    expect((await as(who.harness).get('/api/v1/announcement/readAll')).status).toBe(405);
    expect((await as(who.harness).post('/api/v1/announcement/readAll')).status).toBe(200);
    expect(await unread(who.harness)).toBe(0);
    expect(await unread(who.seats)).toBe(seatsUnread);
    expect((await as(who.harness).post('/api/v1/announcement/read', { ids: [] })).status).toBe(400);
  });
});

describe('readers and attachment', () => {
  it('the administrator sees who of the audience read it and who has not yet', async () => {
    const id = await publish({ title: '阅读回执', audience: 'SUPPLIER_CATEGORY', audienceCode: '501001', isPopUp: true });
    await as(who.seats).post('/api/v1/announcement/read', { ids: [id] });
    const readers = await as(who.admin).get('/api/v1/announcement/manage/readers', { id, read: 'true' });
    expect(readers.body.data.total).toBe(1);
    expect(readers.body.data.records[0]).toMatchObject({ kind: 'portal', name: '上海座椅有限公司' });
    expect(readers.body.data.records[0].readAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const list = await as(who.admin).post('/api/v1/announcement/manage/page', { currentPage: 1, pageSize: 20 });
    expect(list.body.data.records.find((r: { id: number }) => r.id === id)).toMatchObject({ readCount: 1, audienceCount: 1, isPopUp: true });

    const staffWide = await publish({ title: '员工回执' });
    await as(who.pm).post('/api/v1/announcement/read', { ids: [staffWide] });
    const notRead = await as(who.admin).get('/api/v1/announcement/manage/readers', { id: staffWide, read: 'false', pageSize: 100 });
    const accounts = notRead.body.data.records.map((r: { account: string }) => r.account);
    expect(accounts).toContain('E10020');
    expect(accounts).not.toContain('E10002');
  });

  it('the attachment is a file the administrator uploaded; its audience downloads it, nobody else', async () => {
    const file = await uploadDocument(as(who.admin), '维护说明.pdf', pdfBytes('maintenance'), 'application/pdf');
    const supplierFile = await uploadDocument(as(who.seats), '供应商文件.pdf', pdfBytes('supplier'), 'application/pdf');
    const foreign = await as(who.admin).post('/api/v1/announcement/manage/publish', form({ fileUrl: supplierFile.documentUrl }));
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.body.errors)).toEqual(['fileUrl']);

    const id = await publish({ title: '带附件', audience: 'SUPPLIER_CATEGORY', audienceCode: '501001', fileUrl: file.documentUrl });
    const record = (await as(who.seats).get('/api/v1/announcement/getPage')).body.data.records.find((r: { id: number }) => r.id === id);
    expect(record).toMatchObject({ fileUrl: `/api/v1/announcement/file?id=${id}`, fileUrlName: '维护说明.pdf' });
    const download = await as(who.seats).get('/api/v1/announcement/file', { id });
    expect(download.status).toBe(200);
    expect(download.bytes.equals(pdfBytes('maintenance'))).toBe(true);
    expect((await as(who.harness).get('/api/v1/announcement/file', { id })).status).toBe(404);
    expect((await as(who.pm).get('/api/v1/announcement/file', { id })).status).toBe(404);
  });
});

describe('withdrawing a published announcement', () => {
  const withdraw = (c: Caller | null, id: number) => as(c).post('/api/v1/announcement/manage/withdraw', { id });

  it('its readers lose it at once (list, unread count, pop-up, attachment) while who read it stays on record; a history row', async () => {
    const file = await uploadDocument(as(who.admin), '停机说明.pdf', pdfBytes('withdrawn'), 'application/pdf');
    const read = await publish({ title: '已读后撤回', audience: 'SUPPLIER_CATEGORY', audienceCode: '501001' });
    await as(who.seats).post('/api/v1/announcement/read', { ids: [read] });
    const before = await unread(who.seats);
    const popUp = await publish({ title: '撤回的弹窗公告', audience: 'SUPPLIER_CATEGORY', audienceCode: '501001', isPopUp: true, fileUrl: file.documentUrl });
    expect(await unread(who.seats)).toBe(before + 1);
    expect(await titlesOf(who.seats)).toEqual(expect.arrayContaining(['撤回的弹窗公告', '已读后撤回']));

    const res = await withdraw(who.admin, popUp);
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('撤回成功');
    expect((await withdraw(who.admin, read)).status).toBe(200);

    expect(await titlesOf(who.seats)).not.toContain('撤回的弹窗公告');
    expect(await titlesOf(who.seats)).not.toContain('已读后撤回');
    expect(await unread(who.seats)).toBe(before);
    expect((await as(who.seats).get('/api/v1/announcement/file', { id: popUp })).status).toBe(404);
    const list = (await as(who.admin).post('/api/v1/announcement/manage/page', { currentPage: 1, pageSize: 100 })).body.data.records as { id: number }[];
    expect(list.find((r) => r.id === popUp)).toMatchObject({ status: 'WITHDRAWN', readCount: 0, audienceCount: 1 });
    expect(list.find((r) => r.id === read)).toMatchObject({ status: 'WITHDRAWN', readCount: 1 });
    const readers = await as(who.admin).get('/api/v1/announcement/manage/readers', { id: read, read: 'true' });
    expect(readers.body.data.records.map((r: { name: string }) => r.name)).toEqual(['上海座椅有限公司']);
    const history = await db.selectFrom('operation_history').select(['action', 'operator_name']).where('relation_type', '=', 60).where('relation_code', '=', String(popUp)).orderBy('id').execute();
    expect(history.map((h) => h.action)).toEqual(['announcementPublished', 'announcementWithdrawn']);
  });

  it('its publisher or an administrator withdraws it; another manager 403, staff without the key 403, a supplier and nobody 401', async () => {
    await db
      .insertInto('role')
      .values({ code: 'T_ANNOUNCER', name_zh: '公告员', name_en: 'Announcer', permissions: JSON.stringify([ROUTES.announcementManage]) })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    const announcer = async (name: string) => {
      const s = await newStaffSession(db, name);
      await db.updateTable('staff').set({ roles: JSON.stringify(['T_ANNOUNCER']) }).where('id', '=', s.id).execute();
      return { cookie: s.cookie };
    };
    const [author, colleague] = [await announcer('公告员甲'), await announcer('公告员乙')];
    const published = await as(author).post('/api/v1/announcement/manage/publish', form({ title: '公告员发布' }));
    expect(published.status).toBe(200);
    const id = published.body.data.id as number;

    // The manage list offers the withdrawal exactly to those whom the write admits.
    const canWithdraw = async (c: Caller, of: number) =>
      ((await as(c).post('/api/v1/announcement/manage/page', { currentPage: 1, pageSize: 100 })).body.data.records as { id: number; canWithdraw: boolean }[]).find((r) => r.id === of)?.canWithdraw;
    expect([await canWithdraw(author, id), await canWithdraw(colleague, id), await canWithdraw(who.admin, id)]).toEqual([true, false, true]);
    expect((await as(colleague).get('/api/v1/announcement/manage/detail', { id })).body.data.canWithdraw).toBe(false);
    const foreign = await withdraw(colleague, id);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('只有公告的发布人或管理员可以撤回');
    expect((await withdraw(who.pm, id)).status).toBe(403);
    expect((await withdraw(who.seats, id)).status).toBe(401);
    expect((await withdraw(null, id)).status).toBe(401);
    expect(await titlesOf(who.pm)).toContain('公告员发布');

    expect((await withdraw(author, id)).status).toBe(200);
    expect(await titlesOf(who.pm)).not.toContain('公告员发布');
    expect([await canWithdraw(author, id), await canWithdraw(who.admin, id)]).toEqual([false, false]);
    // An administrator withdraws another's.
    const other = (await as(author).post('/api/v1/announcement/manage/publish', form({ title: '管理员撤回' }))).body.data.id as number;
    expect((await withdraw(who.admin, other)).status).toBe(200);
  });

  it('a draft is deleted, not withdrawn (409); withdrawing twice 409; an unknown id 404; a bad id names the field', async () => {
    const draft = (await as(who.admin).post('/api/v1/announcement/manage/save', form({ title: '撤回草稿' }))).body.data.id as number;
    const refused = await withdraw(who.admin, draft);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('公告尚未发布，草稿可直接删除');
    const id = await publish({ title: '撤回两次' });
    expect((await withdraw(who.admin, id)).status).toBe(200);
    const twice = await withdraw(who.admin, id);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('公告已撤回');
    // Withdrawn is final: it cannot be edited back or deleted either.
    expect((await as(who.admin).post('/api/v1/announcement/manage/publish', form({ id, title: '改回' }))).status).toBe(409);
    expect((await withdraw(who.admin, 999999)).status).toBe(404);
    const bad = await as(who.admin).post('/api/v1/announcement/manage/withdraw', {});
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(['id']);
  });
});
