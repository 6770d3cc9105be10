import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { LOGIN_ERROR } from '#domain/rfi/login.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { loginDigest } from '#services/rfi/login-digest.ts';
import { loadConfig } from '#infra/config.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { client } from '../support/http-client.ts';

let app: TestApp;
let db: Db;
let secret: string;
let flowSeq = 0;
let ipSeq = 0;

beforeAll(async () => {
  // Requests come through a trusted proxy on loopback, whose X-Forwarded-For gives each test its own address.
  app = await startTestApp({ config: loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', TRUSTED_PROXIES: 'loopback' }) });
  db = app.deps.db;
  secret = app.deps.config.appSecret;
});
afterAll(() => app.close());

/** A certification flow whose RFI invitation went out; returns the link's temp. */
async function invitedSupplier(locale: Locale = 'zh') {
  const { flowNo, email } = await insertAppliedFlow(db, { email: `supplier${++flowSeq}@example.com` });
  const { temp, applyNo } = await issueRfiInvitation(db, { flowNo, email, locale, secret });
  return { temp, applyNo, email };
}

/** Each test speaks from its own address, so the per-IP limits of one test do not touch another. */
function visitor(locale: Locale = 'zh') {
  const api = client(app).header('x-forwarded-for', `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`).locale(locale);
  return {
    getEmail: (temp: string) => api.get('/v1/rfi/get-email', { temp }),
    requestCode: (temp: string) => api.post('/v1/rfi/get-verify-code', { temp }),
    requestCodeByQuery: (temp: string) => api.post('/v1/rfi/get-verify-code', undefined, { temp }),
    login: (body: Record<string, unknown>) => api.post('/v1/rfi/get-token', body),
    captcha: () => api.get('/v1/rfi/captcha'),
    currentStep: (temp: string, token?: string) => api.as(token ? { authorization: `Bearer ${token}` } : null).get('/v1/rfi/current/step', { temp }),
  };
}

/** The code of the latest login mail to the address, read from the outbox as the supplier reads the mail. */
async function mailedCode(email: string) {
  const mail = await db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'dedupe_key'])
    .where('to_address', '=', email)
    .where('dedupe_key', 'like', 'login-code:%')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
  if (!code) throw new Error('no code in the mail');
  return { code, mail };
}

/** Lets the 120 s resend window pass without waiting for it. */
async function resendWindowPassed(applyNo: string) {
  await db.updateTable('supplier_login_code').set({ sent_at: new Date(Date.now() - 121_000) }).where('apply_no', '=', applyNo).execute();
}

/** A captcha the test "reads off the image": stored exactly as the server stores one. */
async function solvedCaptcha() {
  const captchaId = `test-${Date.now()}-${Math.random()}`;
  await db
    .insertInto('captcha_challenge')
    .values({ id: captchaId, answer_hash: loginDigest(secret, 'captcha', captchaId, 'abcd'), expires_at: new Date(Date.now() + 60_000), solved_at: null })
    .execute();
  return { captchaId, captchaText: 'ABCD' };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('supplier login by e-mailed code', () => {
  it('logs in with the mailed code and lands on the current step', async () => {
    const s = await invitedSupplier();
    const c = visitor();

    const email = await c.getEmail(s.temp);
    expect(email).toMatchObject({ status: 200, body: { code: 0, data: { email: s.email } } });

    const sent = await c.requestCode(s.temp);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ resendAfterSeconds: 120 });
    const { code, mail } = await mailedCode(s.email);
    expect(mail.subject).toContain('验证码');
    expect(mail.dedupe_key).toMatch(new RegExp(`^login-code:${s.applyNo}:\\d+$`));
    const stored = await db.selectFrom('supplier_login_code').select('code_hash').where('apply_no', '=', s.applyNo).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);

    const login = await c.login({ temp: s.temp, email: s.email, code });
    expect(login.status).toBe(200);
    expect(login.body.data).toEqual({ token: expect.any(String), applyNo: s.applyNo });

    const step = await c.currentStep(s.temp, login.body.data.token);
    expect(step).toMatchObject({ status: 200, body: { code: 0, data: { step: 1 } } });

    const history = await db.selectFrom('operation_history').select('action').where('operator_id', '=', `supplier:${s.applyNo}`).execute();
    expect(history.map((h) => h.action)).toEqual(['SUPPLIER_LOGIN']);
  });

  it('takes the temp of a code request from the query as well', async () => {
    const s = await invitedSupplier();
    const res = await visitor().requestCodeByQuery(s.temp);
    expect(res.status).toBe(200);
    expect((await mailedCode(s.email)).code).toMatch(/^\d{6}$/);
  });

  it("mails the code in the application's language", async () => {
    const s = await invitedSupplier('en');
    await visitor('zh').requestCode(s.temp);
    const { mail } = await mailedCode(s.email);
    expect(mail.subject).toMatch(/verification code/i);
  });

  it('refuses a resend within 120 s with the seconds left, and sends again after', async () => {
    const s = await invitedSupplier();
    const c = visitor();
    await c.requestCode(s.temp);
    const first = await mailedCode(s.email);

    const again = await c.requestCode(s.temp);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(LOGIN_ERROR.resendWait);
    expect(again.body.data.retryAfterSeconds).toBeGreaterThan(100);
    expect(again.body.data.retryAfterSeconds).toBeLessThanOrEqual(120);
    expect(again.body.message).toBe(`${again.body.data.retryAfterSeconds}秒后重新获取`);
    expect((await mailedCode(s.email)).mail.dedupe_key).toBe(first.mail.dedupe_key);

    await resendWindowPassed(s.applyNo);
    expect((await c.requestCode(s.temp)).status).toBe(200);
    const second = await mailedCode(s.email);
    expect(second.mail.dedupe_key).not.toBe(first.mail.dedupe_key);
    // The new code replaces the old one.
    if (second.code !== first.code) {
      const old = await c.login({ temp: s.temp, email: s.email, code: first.code });
      expect(old.body.code).toBe(LOGIN_ERROR.wrongCode);
    }
  });

  it('kills a code after 5 wrong tries: even the right code is then refused until a new one is requested', async () => {
    const s = await invitedSupplier();
    const c = visitor();
    await c.requestCode(s.temp);
    const { code } = await mailedCode(s.email);

    const reasons: string[] = [];
    for (let i = 0; i < 5; i++) {
      const captcha = i >= 3 ? await solvedCaptcha() : {};
      const res = await c.login({ temp: s.temp, email: s.email, code: wrong(code), ...captcha });
      expect(res.status).toBe(400);
      reasons.push(res.body.data.reason);
    }
    expect(reasons).toEqual(['wrongCode', 'wrongCode', 'wrongCode', 'wrongCode', 'codeTooManyAttempts']);

    const right = await c.login({ temp: s.temp, email: s.email, code, ...(await solvedCaptcha()) });
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ code: LOGIN_ERROR.codeTooManyAttempts, message: '验证码错误次数过多，请重新获取' });
    expect(await db.selectFrom('supplier_session').select('token_hash').where('apply_no', '=', s.applyNo).execute()).toEqual([]);

    await resendWindowPassed(s.applyNo);
    await c.requestCode(s.temp);
    const fresh = await mailedCode(s.email);
    const ok = await c.login({ temp: s.temp, email: s.email, code: fresh.code, ...(await solvedCaptcha()) });
    expect(ok.status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const s = await invitedSupplier();
    const c = visitor();
    await c.requestCode(s.temp);
    const { code } = await mailedCode(s.email);
    await db.updateTable('supplier_login_code').set({ expires_at: new Date(Date.now() - 1000) }).where('apply_no', '=', s.applyNo).execute();

    const res = await c.login({ temp: s.temp, email: s.email, code });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: LOGIN_ERROR.codeExpired, message: '验证码已过期，请重新获取' });
  });

  it('refuses a code used once already', async () => {
    const s = await invitedSupplier();
    const c = visitor('en');
    await c.requestCode(s.temp);
    const { code } = await mailedCode(s.email);
    expect((await c.login({ temp: s.temp, email: s.email, code })).status).toBe(200);

    const reuse = await c.login({ temp: s.temp, email: s.email, code });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ code: LOGIN_ERROR.codeUsed, message: 'The verification code has been used; please request a new one' });
  });

  it('refuses a login before any code was requested, and one with another e-mail address', async () => {
    const s = await invitedSupplier();
    const c = visitor();
    const none = await c.login({ temp: s.temp, email: s.email, code: '123456' });
    expect(none.body.code).toBe(LOGIN_ERROR.codeNotSent);

    await c.requestCode(s.temp);
    const { code } = await mailedCode(s.email);
    const other = await c.login({ temp: s.temp, email: 'someone.else@example.com', code });
    expect(other.body.code).toBe(LOGIN_ERROR.wrongCode);
  });

  it('answers unknown and expired links identically on the code and login calls', async () => {
    const expired = await invitedSupplier();
    await db.updateTable('rfi_application').set({ temp_expires_at: new Date(Date.now() - 1000) }).where('apply_no', '=', expired.applyNo).execute();
    const unknown = 'x'.repeat(expired.temp.length);
    const c = visitor();

    const calls = [
      (temp: string) => c.requestCode(temp),
      (temp: string) => c.login({ temp, email: expired.email, code: '123456' }),
    ];
    for (const call of calls) {
      const a = await call(expired.temp);
      const b = await call(unknown);
      expect(a.status).toBe(404);
      expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
      expect(a.body).toEqual({ code: LOGIN_ERROR.invalidLink, message: '链接无效或已过期' });
    }
    expect(await db.selectFrom('mail_outbox').select('id').where('to_address', '=', expired.email).execute()).toEqual([]);
  });

  describe('the e-mail of a link that no longer opens', () => {
    /** The flow's purchasing manager, as the staff table knows them. */
    async function purchasingManagerOf(applyNo: string) {
      return db
        .selectFrom('rfi_application as a')
        .innerJoin('cert_flow as f', 'f.flow_no', 'a.flow_no')
        .innerJoin('staff as s', 's.job_number', 'f.purchase_job_number')
        .select(['s.name', 's.email'])
        .where('a.apply_no', '=', applyNo)
        .executeTakeFirstOrThrow();
    }
    const invalid = (data: object) => ({ code: LOGIN_ERROR.invalidLink, message: '链接无效或已过期', data: { reason: 'invalidLink', captchaRequired: false, ...data } });

    it('names the purchasing manager of the flow for an expired link', async () => {
      const s = await invitedSupplier();
      await db.updateTable('rfi_application').set({ temp_expires_at: new Date(Date.now() - 1000) }).where('apply_no', '=', s.applyNo).execute();
      const res = await visitor().getEmail(s.temp);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(invalid({ contact: await purchasingManagerOf(s.applyNo) }));
      expect(res.body.data.contact.email).toMatch(/@/);
    });

    it('names the purchasing manager for a link replaced by a newer one', async () => {
      const s = await invitedSupplier();
      const { flowNo } = await db.selectFrom('rfi_application').select('flow_no as flowNo').where('apply_no', '=', s.applyNo).executeTakeFirstOrThrow();
      const reissued = await issueRfiInvitation(db, { flowNo, email: s.email, locale: 'zh', secret, inviteSeq: 2 });
      const c = visitor();
      expect((await c.getEmail(reissued.temp)).body.data).toEqual({ email: s.email });
      expect((await c.getEmail(s.temp)).body).toEqual(invalid({ contact: await purchasingManagerOf(s.applyNo) }));
    });

    it('tells a guessed link nothing about any flow', async () => {
      const s = await invitedSupplier();
      const res = await visitor().getEmail('x'.repeat(s.temp.length));
      expect(res.status).toBe(404);
      expect(res.body).toEqual(invalid({}));
    });
  });

  it('rejects malformed input with field errors, not a 500', async () => {
    const s = await invitedSupplier();
    const c = visitor();
    const res = await c.login({ temp: s.temp, email: 'not-an-email', code: '12' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ email: '请输入正确的邮箱地址', code: '验证码为6位数字' });
    expect((await c.getEmail('')).status).toBe(400);
  });
});

describe('captcha after repeated failed logins', () => {
  it('is required after 3 failed logins and checked before the code', async () => {
    const s = await invitedSupplier();
    const c = visitor();
    await c.requestCode(s.temp);
    const { code } = await mailedCode(s.email);

    const failures = [];
    for (let i = 0; i < 3; i++) failures.push(await c.login({ temp: s.temp, email: s.email, code: wrong(code) }));
    expect(failures.map((f) => f.body.data.captchaRequired)).toEqual([false, false, true]);
    expect(failures[2].body.errors).toMatchObject({ captchaText: '请完成安全验证' });

    const without = await c.login({ temp: s.temp, email: s.email, code });
    expect(without.body).toMatchObject({ code: LOGIN_ERROR.captchaRequired, data: { captchaRequired: true } });

    const image = await c.captcha();
    expect(image.status).toBe(200);
    expect(image.body.data.svg).toMatch(/^<svg/);
    const attemptsBefore = await codeAttempts(s.applyNo);
    const wrongCaptcha = await c.login({ temp: s.temp, email: s.email, code, captchaId: image.body.data.captchaId, captchaText: '!!!!' });
    expect(wrongCaptcha.body).toMatchObject({ code: LOGIN_ERROR.captchaWrong, message: '安全验证码错误', data: { captchaRequired: true } });
    // Refused before the code was looked at: the code's tries are untouched.
    expect(await codeAttempts(s.applyNo)).toBe(attemptsBefore);

    const solved = await solvedCaptcha();
    const ok = await c.login({ temp: s.temp, email: s.email, code, ...solved });
    expect(ok.status).toBe(200);
    const row = await db.selectFrom('rfi_application').select('failed_logins').where('apply_no', '=', s.applyNo).executeTakeFirstOrThrow();
    expect(row.failed_logins).toBe(0);
  });

  it('spends a captcha on its first answer, right or wrong', async () => {
    const s = await invitedSupplier();
    const c = visitor();
    await db.updateTable('rfi_application').set({ failed_logins: 3 }).where('apply_no', '=', s.applyNo).execute();
    await c.requestCode(s.temp);
    const { code } = await mailedCode(s.email);
    const solved = await solvedCaptcha();
    await c.login({ temp: s.temp, email: s.email, code: wrong(code), ...solved });
    const again = await c.login({ temp: s.temp, email: s.email, code, ...solved });
    expect(again.body.code).toBe(LOGIN_ERROR.captchaWrong);
  });
});

async function codeAttempts(applyNo: string) {
  return (await db.selectFrom('supplier_login_code').select('attempts').where('apply_no', '=', applyNo).executeTakeFirstOrThrow()).attempts;
}

describe('supplier session reaches only its own application', () => {
  it("refuses another application's temp with 403, and no session with 401", async () => {
    const a = await invitedSupplier();
    const b = await invitedSupplier();
    const c = visitor();
    await c.requestCode(a.temp);
    const { code } = await mailedCode(a.email);
    const { token } = (await c.login({ temp: a.temp, email: a.email, code })).body.data;

    expect((await c.currentStep(a.temp, token)).status).toBe(200);
    const other = await c.currentStep(b.temp, token);
    expect(other.status).toBe(403);
    expect(other.body.data).toBeUndefined();
    expect((await c.currentStep(a.temp)).status).toBe(401);
    expect((await c.currentStep(a.temp, 'forged-token')).status).toBe(401);
  });

  it('ends with the session: an expired session is a 401', async () => {
    const a = await invitedSupplier();
    const c = visitor();
    await c.requestCode(a.temp);
    const { code } = await mailedCode(a.email);
    const { token } = (await c.login({ temp: a.temp, email: a.email, code })).body.data;
    await db.updateTable('supplier_session').set({ expires_at: new Date(Date.now() - 1000) }).where('apply_no', '=', a.applyNo).execute();
    expect((await c.currentStep(a.temp, token)).status).toBe(401);
  });
});

describe('per-IP rate limits', () => {
  it('answers the 21st code request from one address within 15 minutes with 429', async () => {
    const c = visitor('en');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await c.requestCode(`unknown-${i}`)).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    const limited = await c.requestCode('unknown-x');
    expect(limited.body).toEqual({ code: 42900, message: 'Too many requests; please try again later' });

    // Another address is not affected.
    const s = await invitedSupplier();
    expect((await visitor().requestCode(s.temp)).status).toBe(200);
  });

  it('limits login attempts per address too', async () => {
    const c = visitor();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await c.login({ temp: `unknown-${i}`, email: 'a@example.com', code: '123456' })).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses[30]).toBe(429);
  });
});
