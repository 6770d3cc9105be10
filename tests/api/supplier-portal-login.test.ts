import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { LOGIN_ERROR } from '#domain/rfi/login.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { ensureSupplierAccount } from '#services/supplier-portal/accounts.ts';
import { portalEmailKey } from '#services/supplier-portal/login-code.ts';
import { loginDigest } from '#services/rfi/login-digest.ts';
import { loadConfig } from '#infra/config.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { client, type Answer } from '../support/http-client.ts';

let app: TestApp;
let db: Db;
let secret: string;
let ipSeq = 0;

beforeAll(async () => {
  // Requests come through a trusted proxy on loopback, whose X-Forwarded-For gives each test its own address.
  app = await startTestApp({ config: loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', TRUSTED_PROXIES: 'loopback' }) });
  db = app.deps.db;
  secret = app.deps.config.appSecret;
});
afterAll(() => app.close());

/** A supplier whose RFI passed: a flow after RFI and its portal account. */
async function portalSupplier() {
  const { flowNo, email } = await insertFlowAtNode(db, 'APTITUDE');
  const accountId = (await ensureSupplierAccount(db, flowNo))!;
  return { flowNo, email, accountId };
}

/** Each test speaks from its own address, so the per-IP limits of one test do not touch another. */
function visitor(locale: 'zh' | 'en' = 'zh') {
  const api = client(app).header('x-forwarded-for', `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`).locale(locale);
  const bearer = (token?: string) => api.as(token ? { authorization: `Bearer ${token}` } : null);
  // What the login page sees, so two answers compare whole (their headers differ by date and limits).
  const seen = async (answer: Promise<Answer>) => {
    const { status, body } = await answer;
    return { status, body };
  };
  return {
    requestCode: (email: string) => seen(api.post('/v1/supplier-portal/verify-code', { email })),
    login: (body: Record<string, unknown>) => seen(api.post('/v1/supplier-portal/login', body)),
    logout: (token?: string) => seen(bearer(token).post('/v1/supplier-portal/logout', {})),
    me: (token?: string) => seen(bearer(token).get('/v1/supplier-portal/me')),
  };
}

/** Every portal code mail to the address, newest first, read from the outbox. */
async function codeMails(email: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'dedupe_key'])
    .where('to_address', '=', email)
    .where('dedupe_key', 'like', 'portal-login-code:%')
    .orderBy('id', 'desc')
    .execute();
}

async function mailedCode(email: string) {
  const [mail] = await codeMails(email);
  const code = mail && /\b(\d{6})\b/.exec(mail.text_body)?.[1];
  if (!code) throw new Error('no code mailed');
  return { code, mail };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function resendWindowPassed(email: string) {
  await db.updateTable('supplier_portal_login').set({ sent_at: new Date(Date.now() - 121_000) }).where('email_key', '=', portalEmailKey(secret, email)).execute();
}

async function solvedCaptcha() {
  const captchaId = `portal-${Date.now()}-${Math.random()}`;
  await db
    .insertInto('captcha_challenge')
    .values({ id: captchaId, answer_hash: loginDigest(secret, 'captcha', captchaId, 'abcd'), expires_at: new Date(Date.now() + 60_000), solved_at: null })
    .execute();
  return { captchaId, captchaText: 'ABCD' };
}

describe('supplier portal login by e-mail and mailed code', () => {
  it('mails a code, exchanges it for a session that opens the portal, and logs the login in the flow', async () => {
    const s = await portalSupplier();
    const c = visitor();

    const sent = await c.requestCode(s.email);
    expect(sent).toEqual({ status: 200, body: { code: 0, data: { resendAfterSeconds: 120 } } });
    const { code, mail } = await mailedCode(s.email);
    expect(mail.subject).toContain('验证码');

    // The address is typed as the user likes: case and blanks do not matter.
    const login = await c.login({ email: `  ${s.email.toUpperCase()} `, code });
    expect(login.status).toBe(200);
    expect(login.body.data).toEqual({ token: expect.any(String), expiresAt: expect.any(String) });
    const hours = (Date.parse(login.body.data.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11);
    expect(hours).toBeLessThanOrEqual(12);

    const me = await c.me(login.body.data.token);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: s.email, flows: [{ flowNo: s.flowNo }] });

    const history = await db
      .selectFrom('operation_history')
      .select(['relation_type', 'action', 'operator_name'])
      .where('relation_code', '=', s.flowNo)
      .where('action', '=', 'SUPPLIER_PORTAL_LOGIN')
      .execute();
    expect(history).toEqual([{ relation_type: RELATION_TYPE.CERT_FLOW, action: 'SUPPLIER_PORTAL_LOGIN', operator_name: '苏州精密冲压有限公司' }]);
  });

  it("mails the code in the account's language", async () => {
    const s = await portalSupplier();
    await db.updateTable('supplier_account').set({ locale: 'en' }).where('id', '=', s.accountId).execute();
    await visitor('zh').requestCode(s.email);
    expect((await mailedCode(s.email)).mail.subject).toMatch(/verification code/i);
  });

  it('refuses a wrong code without spending the right one', async () => {
    const s = await portalSupplier();
    const c = visitor();
    await c.requestCode(s.email);
    const { code } = await mailedCode(s.email);

    const bad = await c.login({ email: s.email, code: wrong(code) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: LOGIN_ERROR.wrongCode, message: '验证码错误', data: { reason: 'wrongCode', captchaRequired: false } });
    expect((await c.login({ email: s.email, code })).status).toBe(200);
  });

  it('refuses a used code and an expired one', async () => {
    const s = await portalSupplier();
    const c = visitor();
    await c.requestCode(s.email);
    const { code } = await mailedCode(s.email);
    expect((await c.login({ email: s.email, code })).status).toBe(200);
    const again = await c.login({ email: s.email, code });
    expect(again).toMatchObject({ status: 400, body: { code: LOGIN_ERROR.codeUsed } });

    await resendWindowPassed(s.email);
    await c.requestCode(s.email);
    const fresh = await mailedCode(s.email);
    await db.updateTable('supplier_portal_login').set({ expires_at: new Date(Date.now() - 1000) }).where('email_key', '=', portalEmailKey(secret, s.email)).execute();
    const expired = await c.login({ email: s.email, code: fresh.code });
    expect(expired).toMatchObject({ status: 400, body: { code: LOGIN_ERROR.codeExpired, errors: { code: '验证码已过期，请重新获取' } } });
  });

  it('asks to request a code first when none was sent', async () => {
    const s = await portalSupplier();
    const res = await visitor().login({ email: s.email, code: '123456' });
    expect(res).toMatchObject({ status: 400, body: { code: LOGIN_ERROR.codeNotSent } });
  });

  it('refuses a resend within 120 s with the seconds left; a later code replaces the earlier one', async () => {
    const s = await portalSupplier();
    const c = visitor();
    await c.requestCode(s.email);
    const first = await mailedCode(s.email);

    const again = await c.requestCode(s.email);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(LOGIN_ERROR.resendWait);
    expect(again.body.data.retryAfterSeconds).toBeGreaterThan(100);
    expect(again.body.message).toBe(`${again.body.data.retryAfterSeconds}秒后重新获取`);
    expect(await codeMails(s.email)).toHaveLength(1);

    await resendWindowPassed(s.email);
    expect((await c.requestCode(s.email)).status).toBe(200);
    const second = await mailedCode(s.email);
    expect(await codeMails(s.email)).toHaveLength(2);
    if (second.code !== first.code) expect((await c.login({ email: s.email, code: first.code })).body.code).toBe(LOGIN_ERROR.wrongCode);
    expect((await c.login({ email: s.email, code: second.code })).status).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one and mails nothing', async () => {
    const known = await portalSupplier();
    const unknown = `nobody-${Date.now()}@supplier.example.com`;
    const c = visitor();

    const a = await c.requestCode(known.email);
    const b = await c.requestCode(unknown);
    expect(b).toEqual(a);
    const a2 = await c.requestCode(known.email);
    const b2 = await c.requestCode(unknown);
    expect(b2.status).toBe(a2.status);
    expect(b2.body.code).toBe(a2.body.code);

    const { code } = await mailedCode(known.email);
    const refusedKnown = await c.login({ email: known.email, code: wrong(code) });
    const refusedUnknown = await c.login({ email: unknown, code: wrong(code) });
    expect(refusedUnknown).toEqual(refusedKnown);

    const mails = await db.selectFrom('mail_outbox').select('id').where('to_address', '=', unknown).execute();
    expect(mails).toEqual([]);
  });

  it('needs a solved captcha after 3 failed logins, for unknown e-mails alike', async () => {
    const s = await portalSupplier();
    const unknown = `stranger-${Date.now()}@supplier.example.com`;
    const c = visitor();
    await c.requestCode(s.email);
    const { code } = await mailedCode(s.email);

    const refusals = [];
    for (let i = 0; i < 3; i++) refusals.push(await c.login({ email: s.email, code: wrong(code) }));
    expect(refusals.map((r) => r.body.data.captchaRequired)).toEqual([false, false, true]);
    expect(refusals[2].body.errors).toMatchObject({ captchaText: '请完成安全验证' });

    const noCaptcha = await c.login({ email: s.email, code });
    expect(noCaptcha).toMatchObject({ status: 400, body: { code: LOGIN_ERROR.captchaRequired, data: { captchaRequired: true } } });
    const wrongCaptcha = await c.login({ email: s.email, code, captchaId: (await solvedCaptcha()).captchaId, captchaText: 'zzzz' });
    expect(wrongCaptcha.body.code).toBe(LOGIN_ERROR.captchaWrong);
    const ok = await c.login({ email: s.email, code, ...(await solvedCaptcha()) });
    expect(ok.status).toBe(200);

    for (let i = 0; i < 3; i++) await c.login({ email: unknown, code: '000000' });
    expect((await c.login({ email: unknown, code: '000000' })).body.code).toBe(LOGIN_ERROR.captchaRequired);
  });

  it('refuses an inactive account like an unknown one, and ends its live sessions', async () => {
    const s = await portalSupplier();
    const c = visitor();
    await c.requestCode(s.email);
    const { code } = await mailedCode(s.email);
    const token = (await c.login({ email: s.email, code })).body.data.token;

    await db.updateTable('supplier_account').set({ active: false }).where('id', '=', s.accountId).execute();
    expect((await c.me(token)).status).toBe(401);

    await resendWindowPassed(s.email);
    expect(await c.requestCode(s.email)).toEqual({ status: 200, body: { code: 0, data: { resendAfterSeconds: 120 } } });
    expect(await codeMails(s.email)).toHaveLength(1);
    // The code stored for the address was never mailed; even the old code cannot open a session.
    expect((await c.login({ email: s.email, code })).status).toBe(400);
  });

  it('checks the fields with the login messages', async () => {
    const c = visitor();
    const empty = await c.login({ email: '', code: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ email: '请输入用户名', code: '请输入密码' });
    const badCode = await c.login({ email: 'a@b.example.com', code: '12' });
    expect(badCode.body.errors).toMatchObject({ code: '验证码为6位数字' });
    const badEmail = await c.requestCode('not-an-address');
    expect(badEmail.status).toBe(400);
    expect(Object.keys(badEmail.body.errors)).toEqual(['email']);
  });

  it('logs out: the token no longer opens the portal', async () => {
    const s = await portalSupplier();
    const c = visitor();
    await c.requestCode(s.email);
    const { code } = await mailedCode(s.email);
    const token = (await c.login({ email: s.email, code })).body.data.token;
    expect((await c.logout(token)).status).toBe(200);
    expect((await c.me(token)).status).toBe(401);
    expect((await c.logout()).status).toBe(401);
  });
});
