import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { newSupplierSession, portalSession, staffSessions } from '../support/sessions.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Feedback over HTTP (req shell §2.7, §5.4, §7.6): staff and supplier portal accounts send it with their
 * own uploads; each sender sees only its own; administrators list, answer (the sender is mailed in its
 * language, once per answer) and close it.
 */
let app: TestApp;
let db: Db;
let api: HttpClient;
const who = {} as Record<'admin' | 'pm' | 'supplierA' | 'supplierB' | 'questionnaire', Caller>;
let emailA: string;
const as = (c: Caller | null) => api.as(c);

async function upload(c: Caller, name = '截图.pdf'): Promise<string> {
  const res = await as(c).upload('/api/v1/feedback/upload', name, pdfBytes(name), 'application/pdf');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.url;
}

beforeAll(async () => {
  app = await startTestApp();
  db = app.deps.db;
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(db, { admin: 'E10001', pm: 'E10002' }));
  const a = await insertAppliedFlow(db, { supplierName: '甲供应商' });
  emailA = a.email;
  who.supplierA = await portalSession(db, a.flowNo);
  who.supplierB = await portalSession(db, (await insertAppliedFlow(db, { supplierName: '乙供应商' })).flowNo);
  who.questionnaire = { authorization: (await newSupplierSession(db, app.deps.config.appSecret)).authorization };
});
afterAll(() => app.close());

describe('sending feedback (req shell §5.4)', () => {
  it('type and content are required with the requirements’ words, in zh and en', async () => {
    const zh = await as(who.pm).post('/api/v1/feedback/add', { context: ' ' });
    expect(zh.status).toBe(400);
    expect(zh.body.errors).toEqual({ type: '请选择问题类型', context: '请选择内容' });
    const en = await api.as(who.pm).locale('en').post('/api/v1/feedback/add', { type: 'OTHER', context: '' });
    expect(en.body.errors).toEqual({ type: 'Please choose the type of issue', context: 'Please enter the content' });
  });

  it('at most 10 files: the 11th is refused with 只能上传10个文件哦 and nothing is stored', async () => {
    const url = await upload(who.supplierA);
    const res = await as(who.supplierA).post('/api/v1/feedback/add', { type: 'EXCEPTION', context: '附件太多', fileUrlList: Array(11).fill(url) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ fileUrlList: '只能上传10个文件哦' });
    expect(await db.selectFrom('feedback').select('id').where('context', '=', '附件太多').execute()).toEqual([]);
  });

  it('a portal account sends it with its own upload: 反馈成功！; the upload answers data.url', async () => {
    const url = await upload(who.supplierA, '报错截图.pdf');
    expect(url).toMatch(/^\/common\/v1\/simple-download\?fileKey=/);
    const res = await as(who.supplierA).post('/api/v1/feedback/add', { appId: 'scm-cspm', openId: 'o-1', type: 'EXCEPTION', context: '提交变更时报错', fileUrlList: [url] });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('反馈成功！');
    const mine = await as(who.supplierA).get('/api/v1/feedback/mine');
    expect(mine.body.data.records[0]).toMatchObject({ type: 'EXCEPTION', context: '提交变更时报错', status: 'OPEN', senderKind: 'portal', fileList: [{ name: '报错截图.pdf', url }] });
  });

  it("another sender's upload cannot be named: 400 on its place in fileUrlList", async () => {
    const foreign = await upload(who.supplierB);
    const res = await as(who.supplierA).post('/api/v1/feedback/add', { type: 'CONSULTATION', context: '借用文件', fileUrlList: [foreign] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['fileUrlList.0']);
    const free = await as(who.pm).post('/api/v1/feedback/add', { type: 'CONSULTATION', context: '外部链接', fileUrlList: ['https://evil.example/x.pdf'] });
    expect(free.status).toBe(400);
  });

  it('staff send it too; a questionnaire session is refused (403) and nobody signed in 401', async () => {
    expect((await as(who.pm).post('/api/v1/feedback/add', { type: 'PERMISSION', context: '看不到供应商退出菜单' })).status).toBe(200);
    const refused = await as(who.questionnaire).post('/api/v1/feedback/add', { type: 'PERMISSION', context: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('只有员工和供应商门户账号可以反馈');
    expect((await as(who.questionnaire).upload('/api/v1/feedback/upload', 'a.pdf', pdfBytes(), 'application/pdf')).status).toBe(403);
    expect((await as(null).post('/api/v1/feedback/add', { type: 'PERMISSION', context: 'x' })).status).toBe(401);
  });

  it("a supplier never reads another supplier's feedback, in the list or by its id (404, as a missing one)", async () => {
    const b = await as(who.supplierB).get('/api/v1/feedback/mine');
    expect(b.body.data.records).toEqual([]);
    const [own] = (await as(who.supplierA).get('/api/v1/feedback/mine')).body.data.records;
    expect((await as(who.supplierA).get('/api/v1/feedback/mine/detail', { id: own.id })).body.data.context).toBe('提交变更时报错');
    const foreign = await as(who.supplierB).get('/api/v1/feedback/mine/detail', { id: own.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('反馈不存在');
    expect(foreign.body.data ?? null).toBeNull();
    // Staff read only their own too, even an administrator through this call.
    expect((await as(who.admin).get('/api/v1/feedback/mine/detail', { id: own.id })).status).toBe(404);
    expect((await as(who.supplierA).get('/api/v1/feedback/mine/detail', { id: 'x' })).status).toBe(400);
    expect((await as(null).get('/api/v1/feedback/mine/detail', { id: own.id })).status).toBe(401);
    expect((await as(who.supplierB).post('/api/v1/feedback/manage/page', {})).status).toBe(401);
  });
});

describe('administrators answer and close', () => {
  it('only administrators list, answer and close: a purchasing manager 403', async () => {
    expect((await as(who.pm).post('/api/v1/feedback/manage/page', {})).status).toBe(403);
    expect((await as(who.pm).post('/api/v1/feedback/manage/answer', { id: 1, answer: 'x' })).status).toBe(403);
    expect((await as(who.pm).post('/api/v1/feedback/manage/close', { id: 1 })).status).toBe(403);
    const list = await as(who.admin).post('/api/v1/feedback/manage/page', { currentPage: 1, pageSize: 20, status: 'OPEN' });
    expect(list.body.data.records.map((r: { context: string }) => r.context)).toEqual(['看不到供应商退出菜单', '提交变更时报错']);
  });

  it('an answer is mailed to the sender in the sender’s language, once per answer; closing is final', async () => {
    await db.updateTable('supplier_account').set({ locale: 'en' }).where('email', '=', emailA).execute();
    const list = await as(who.admin).post('/api/v1/feedback/manage/page', { status: 'OPEN' });
    const id = list.body.data.records.find((r: { context: string }) => r.context === '提交变更时报错').id;
    expect((await as(who.admin).post('/api/v1/feedback/manage/answer', { id, answer: ' ' })).body.errors).toEqual({ answer: '请输入回复内容' });
    expect((await as(who.admin).post('/api/v1/feedback/manage/answer', { id, answer: '已修复，请重试' })).status).toBe(200);
    // A retried request sends nothing more.
    expect((await as(who.admin).post('/api/v1/feedback/manage/answer', { id, answer: '已修复，请重试' })).status).toBe(200);
    const mails = await db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body', 'dedupe_key']).where('dedupe_key', 'like', `feedback-answer:${id}:%`).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: emailA, subject: 'Your feedback has been answered' });
    expect(mails[0]!.text_body).toContain('已修复，请重试');

    const mine = await as(who.supplierA).get('/api/v1/feedback/mine');
    expect(mine.body.data.records[0]).toMatchObject({ status: 'ANSWERED', answer: '已修复，请重试', answeredByName: '系统管理员' });
    const detail = await as(who.supplierA).get('/api/v1/feedback/mine/detail', { id });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id, context: '提交变更时报错', status: 'ANSWERED', answer: '已修复，请重试', answeredByName: '系统管理员' });

    expect((await as(who.admin).post('/api/v1/feedback/manage/close', { id })).status).toBe(200);
    const late = await as(who.admin).post('/api/v1/feedback/manage/answer', { id, answer: '补充说明' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('反馈已关闭');
    expect((await as(who.admin).post('/api/v1/feedback/manage/close', { id: 999999 })).status).toBe(404);
    const history = await db.selectFrom('operation_history').select('action').where('relation_type', '=', 70).where('relation_code', '=', String(id)).orderBy('id').execute();
    expect(history.map((h) => h.action)).toEqual(['feedbackAdded', 'feedbackAnswered', 'feedbackClosed']);
  });
});
