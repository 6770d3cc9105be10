import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#adapters/security/password.ts';
import { ROUTES } from '#domain/permissions.ts';
import { RECOVERY_CODE_COUNT } from '#domain/staff-identity/second-factor.ts';
import { STAFF_BACKOFF } from '#services/auth/login-backoff.ts';
import { loadConfig } from '#infra/config.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { client, type Answer } from '../support/http-client.ts';
import { totpNow } from '../support/totp.ts';

const PASSWORD = 'Staff@Test1';

async function createStaff(app: TestApp, username: string, roles: string[] = ['PURCHASE_MANAGER']): Promise<void> {
  await app.deps.db
    .insertInto('staff')
    .values({
      job_number: `T-${username}`,
      username,
      name: '测试员工',
      email: `${username}@example.com`,
      department_id: 'D1',
      department_name: '采购部',
      password_hash: await hashPassword(PASSWORD),
      roles: JSON.stringify(roles),
    })
    .execute();
}

/** Every call from one office address (a trusted proxy tells it): the back-off counts per account there. */
const api = (app: TestApp, cookie?: string) => {
  const c = client(app).locale('en').header('x-forwarded-for', '203.0.113.7');
  return cookie ? c.header('cookie', cookie) : c;
};
const cookieOf = (res: Answer, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))?.split(';')[0];
const login = (app: TestApp, username: string, password = PASSWORD) => api(app).post('/v1/auth/login', { username, password });

/** Logs in with the password only (an account without a second factor) and answers the session cookie. */
async function session(app: TestApp, username: string, password = PASSWORD): Promise<string> {
  const res = await login(app, username, password);
  expect(res.body.data).toEqual({ next: 'done' });
  return cookieOf(res, 'staff_session')!;
}
const me = (app: TestApp, cookie: string) => api(app, cookie).get('/dsc-staff/v1/current-user');
/** A code of the next time step: authenticators may run a little ahead, and the step now may be spent already. */
const nextCode = (secret: string) => totpNow(secret, Date.now() + 30_000);

describe('second factor (TOTP)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', TRUSTED_PROXIES: 'loopback' }) });
    await createStaff(app, 'totp.user');
    await createStaff(app, 'totp.admin', ['CERT_ADMIN']);
    await createStaff(app, 'totp.guessed');
  });
  afterAll(() => app.close());

  let secret: string;
  let confirmingCode: string;
  let recoveryCodes: string[];

  it('is enrolled from the profile: a key as text and otpauth URI, confirmed with a code, answering recovery codes once', async () => {
    const cookie = await session(app, 'totp.user');
    expect((await api(app, cookie).get('/v1/auth/totp')).body.data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });

    const started = await api(app, cookie).post('/v1/auth/totp/start');
    expect(started.status).toBe(200);
    secret = started.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.data.uri).toMatch(/^otpauth:\/\/totp\/.*totp\.user%40example\.com\?.*secret=[A-Z2-7]{32}/);

    const wrong = await api(app, cookie).post('/v1/auth/totp/confirm', { code: '000000' === (await totpNow(secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: 'Wrong or already used code' });
    const badFormat = await api(app, cookie).post('/v1/auth/totp/confirm', { code: '12ab' });
    expect(badFormat.body.errors).toEqual({ code: 'Enter the 6-digit code or a 24-character recovery code' });

    confirmingCode = await totpNow(secret);
    const confirmed = await api(app, cookie).post('/v1/auth/totp/confirm', { code: confirmingCode });
    expect(confirmed.status).toBe(200);
    recoveryCodes = confirmed.body.data.recoveryCodes;
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await api(app, cookie).get('/v1/auth/totp')).body.data).toEqual({ enabled: true, required: false, recoveryCodesLeft: RECOVERY_CODE_COUNT });

    // Stored sealed and hashed: neither the key nor a recovery code is in the database as such.
    const row = await app.deps.db.selectFrom('staff').select('totp_secret').where('username', '=', 'totp.user').executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    const hashes = await app.deps.db.selectFrom('staff_recovery_code').select('code_hash').execute();
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);
  });

  it('then asks for a code after the password: no session before it, a used code refused, the next one accepted', async () => {
    const first = await login(app, 'totp.user');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ next: 'totp' });
    expect(cookieOf(first, 'staff_session')).toBeUndefined();
    const step = cookieOf(first, 'staff_login_step')!;
    // The step's cookie is no session.
    expect((await me(app, step.replace('staff_login_step', 'staff_session'))).status).toBe(401);

    // The confirming code is spent: the same code again is refused (while still within the drift window).
    const replay = await api(app, step).post('/v1/auth/login/totp', { code: confirmingCode });
    expect(replay.status).toBe(400);
    expect(replay.body.errors).toEqual({ code: 'Wrong or already used code' });

    const ok = await api(app, step).post('/v1/auth/login/totp', { code: await nextCode(secret) });
    expect(ok.status).toBe(200);
    const cookie = cookieOf(ok, 'staff_session')!;
    expect((await me(app, cookie)).body.data.username).toBe('totp.user');
    // The step is spent with the login.
    expect((await api(app, step).post('/v1/auth/login/totp', { code: await nextCode(secret) })).status).toBe(401);
  });

  it('takes each recovery code once', async () => {
    const step = cookieOf(await login(app, 'totp.user'), 'staff_login_step')!;
    const ok = await api(app, step).post('/v1/auth/login/totp', { code: recoveryCodes[0].toUpperCase() });
    expect(ok.status).toBe(200);
    const again = cookieOf(await login(app, 'totp.user'), 'staff_login_step')!;
    expect((await api(app, again).post('/v1/auth/login/totp', { code: recoveryCodes[0] })).status).toBe(400);
    expect((await api(app, again).post('/v1/auth/login/totp', { code: recoveryCodes[1] })).status).toBe(200);
  });

  it('answers a second step without its cookie as a login to start over', async () => {
    const res = await api(app).post('/v1/auth/login/totp', { code: '123456' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('The login has timed out; please enter your username and password again');
  });

  it('makes an administrator without a second factor enrol before anything else', async () => {
    const res = await login(app, 'totp.admin');
    expect(res.body.data.next).toBe('enrolTotp');
    expect(cookieOf(res, 'staff_session')).toBeUndefined();
    const { secret: adminSecret, uri } = res.body.data.enrolment;
    expect(uri).toContain(`secret=${adminSecret}`);
    const step = cookieOf(res, 'staff_login_step')!;

    // A code is required: an authenticator code from the new key, not a recovery code.
    expect((await api(app, step).post('/v1/auth/login/enrol', { code: 'abcdef-ghjkmn-pqrstu-vwxyz0' })).status).toBe(400);
    const done = await api(app, step).post('/v1/auth/login/enrol', { code: await totpNow(adminSecret) });
    expect(done.status).toBe(200);
    expect(done.body.data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const cookie = cookieOf(done, 'staff_session')!;
    expect((await me(app, cookie)).body.data.permissions.routes).toContain(ROUTES.scenarioConfig);

    // Required for the role: it cannot be turned off, and the next login asks for the code.
    expect((await api(app, cookie).get('/v1/auth/totp')).body.data).toMatchObject({ enabled: true, required: true });
    const off = await api(app, cookie).post('/v1/auth/totp/disable', { password: PASSWORD });
    expect(off.status).toBe(409);
    expect(off.body.message).toBe('Administrators must use two-factor authentication; it cannot be turned off');
    expect((await login(app, 'totp.admin')).body.data).toEqual({ next: 'totp' });
  });

  it('lets any other account turn it off with its password', async () => {
    const step = cookieOf(await login(app, 'totp.user'), 'staff_login_step')!;
    const cookie = cookieOf(await api(app, step).post('/v1/auth/login/totp', { code: recoveryCodes[2] }), 'staff_session')!;
    expect((await api(app, cookie).post('/v1/auth/totp/disable', { password: 'wrong' })).body.errors).toEqual({ password: 'The current password is wrong' });
    expect((await api(app, cookie).post('/v1/auth/totp/disable', { password: PASSWORD })).status).toBe(200);
    expect((await login(app, 'totp.user')).body.data).toEqual({ next: 'done' });
  });

  it('counts wrong codes like wrong passwords: the step ends and the account backs off, the right password then refused', async () => {
    const cookie = await session(app, 'totp.guessed');
    const { secret: key } = (await api(app, cookie).post('/v1/auth/totp/start')).body.data;
    await api(app, cookie).post('/v1/auth/totp/confirm', { code: await totpNow(key) });
    const right = await nextCode(key);
    const wrongCode = right === '999999' ? '999998' : '999999';

    const step = cookieOf(await login(app, 'totp.guessed'), 'staff_login_step')!;
    const statuses: number[] = [];
    for (let i = 0; i < STAFF_BACKOFF.freeFailures; i++) statuses.push((await api(app, step).post('/v1/auth/login/totp', { code: wrongCode })).status);
    expect(statuses).toEqual(Array(STAFF_BACKOFF.freeFailures).fill(400));
    // The account is closed for a while: even the right code and the right password wait.
    const refused = await api(app, step).post('/v1/auth/login/totp', { code: right });
    expect([401, 429]).toContain(refused.status);
    const again = await login(app, 'totp.guessed');
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Too many failed logins; please try again in \d+ s$/);
    expect(cookieOf(again, 'staff_session')).toBeUndefined();
  });

  it('does not tell an account with a second factor from an unknown one by a wrong password', async () => {
    const known = await login(app, 'totp.admin', 'wrong-password');
    const unknown = await login(app, 'no.such.person', 'wrong-password');
    expect(known.status).toBe(401);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe('Wrong username or password');
  });
});

describe('password change', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', TRUSTED_PROXIES: 'loopback' }) });
    await createStaff(app, 'pw.changer');
  });
  afterAll(() => app.close());

  const change = (cookie: string, body: object) => api(app, cookie).post('/v1/auth/password', body);

  it('asks the current password and applies the rules: length 8 to 128, no common or breached password, not the username', async () => {
    const cookie = await session(app, 'pw.changer');
    const body = (newPassword: string, currentPassword = PASSWORD) => ({ currentPassword, newPassword, confirmPassword: newPassword });
    expect((await change(cookie, body('a new long passphrase', 'wrong'))).body.errors).toEqual({ currentPassword: 'The current password is wrong' });
    expect((await change(cookie, body('short7!'))).body.errors).toEqual({ newPassword: 'The password needs at least 8 characters' });
    expect((await change(cookie, body('x'.repeat(129)))).body.errors).toEqual({ newPassword: 'The password has at most 128 characters' });
    expect((await change(cookie, body('Password123'))).body.errors).toEqual({ newPassword: 'This password is too common or known from breaches; please choose another' });
    expect((await change(cookie, body('my pw.changer pass'))).body.errors).toEqual({ newPassword: 'The password must not contain the username' });
    expect((await change(cookie, { currentPassword: PASSWORD, newPassword: 'a new long passphrase', confirmPassword: 'another' })).body.errors).toEqual({ confirmPassword: 'The two passwords differ' });
    // No composition rules: a long lower-case passphrase of any characters is fine (even 64 and more).
    expect((await me(app, cookie)).status).toBe(200);
  });

  it('ends every other session of the account and keeps the one that changed it', async () => {
    const mine = await session(app, 'pw.changer');
    const other = await session(app, 'pw.changer');
    const newPassword = '长城 汽车 supplier passphrase '.repeat(3).trim();
    expect([...newPassword].length).toBeGreaterThan(64);
    const res = await change(mine, { currentPassword: PASSWORD, newPassword, confirmPassword: newPassword });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('Password changed; your other sessions have been logged out');
    expect((await me(app, mine)).status).toBe(200);
    expect((await me(app, other)).status).toBe(401);
    expect((await login(app, 'pw.changer', PASSWORD)).status).toBe(401);
    expect((await login(app, 'pw.changer', newPassword)).status).toBe(200);
  });

  it('ends the session on logout', async () => {
    const cookie = await session(app, 'pw.changer', '长城 汽车 supplier passphrase '.repeat(3).trim());
    expect((await api(app, cookie).post('/v1/auth/logout')).status).toBe(200);
    expect((await me(app, cookie)).status).toBe(401);
  });

  it('needs a session', async () => {
    expect((await api(app).post('/v1/auth/password', { currentPassword: 'x', newPassword: 'y', confirmPassword: 'y' })).status).toBe(401);
  });
});
