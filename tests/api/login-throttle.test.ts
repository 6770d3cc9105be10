import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '#adapters/security/password.ts';
import { loadConfig } from '#infra/config.ts';
import { ACCOUNT_BACKOFF, STAFF_BACKOFF } from '#services/auth/login-backoff.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { client, type Answer } from '../support/http-client.ts';

const PASSWORD = 'Staff@Test1';

async function createStaff(app: TestApp, username: string) {
  await app.deps.db
    .insertInto('staff')
    .values({
      job_number: `T-${username}`,
      username,
      name: '测试员工',
      email: `${username}@example.com`,
      phone: null,
      department_id: 'D1',
      department_name: '采购部',
      password_hash: await hashPassword(PASSWORD),
      roles: JSON.stringify([]),
    })
    .execute();
}

let ipSeq = 0;
/** A login as if from a fresh client address each time (what a guesser behind a proxy can claim). */
function login(app: TestApp, username: string, password: string, locale: 'zh' | 'en' = 'en') {
  return client(app)
    .locale(locale)
    .header('x-forwarded-for', `198.51.100.${++ipSeq % 250}`)
    .post('/v1/auth/login', { username, password });
}

const hasSession = (res: Answer) => res.headers.getSetCookie().some((c) => c.startsWith('staff_session=') && !c.startsWith('staff_session=;'));

/** Ends the account's current back-off as if its wait had passed. */
const waitOut = (app: TestApp) => app.deps.db.updateTable('login_backoff').set({ blocked_until: new Date(Date.now() - 1000) }).execute();

const auditRows = (app: TestApp, subject: string) =>
  app.deps.db.selectFrom('login_audit').selectAll().where('subject', '=', subject).orderBy('created_at').execute();

describe('staff login behind a trusted proxy with rotating X-Forwarded-For', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', TRUSTED_PROXIES: 'loopback' }) });
    await createStaff(app, 'guessed.one');
    await createStaff(app, 'backoff.one');
    await createStaff(app, 'audited.one');
  });
  afterAll(() => app.close());

  it('slows an account guessed from 27 addresses: the right password waits, 429 with Retry-After of at most a minute, no session', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 27; i++) statuses.push((await login(app, 'guessed.one', `wrong-${i}`)).status);
    expect(statuses.slice(0, ACCOUNT_BACKOFF.freeFailures)).toEqual(Array(ACCOUNT_BACKOFF.freeFailures).fill(401));
    expect(statuses.slice(ACCOUNT_BACKOFF.freeFailures)).toContain(429);

    const res = await login(app, 'guessed.one', PASSWORD);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(ACCOUNT_BACKOFF.maxSeconds);
    expect(res.body.message).toMatch(/^Too many failed logins; please try again in \d+ s$/);
    expect(hasSession(res)).toBe(false);
  });

  it('tells the wait in Chinese too', async () => {
    const res = await login(app, 'guessed.one', PASSWORD, 'zh');
    expect(res.body.message).toMatch(/^登录失败次数过多，请\d+秒后再试$/);
  });

  it('lets the right password in once the wait is over, and forgets the failures', async () => {
    await waitOut(app);
    const res = await login(app, 'guessed.one', PASSWORD);
    expect(res.status).toBe(200);
    expect(hasSession(res)).toBe(true);
    expect(await app.deps.db.selectFrom('login_backoff').selectAll().execute()).toEqual([]);
  });

  it('doubles the wait with each further failure from one address; the account’s owner elsewhere is not locked out', async () => {
    const from = (password: string, address = '203.0.113.50') =>
      client(app).locale('en').header('x-forwarded-for', address).post('/v1/auth/login', { username: 'backoff.one', password });
    for (let i = 0; i < STAFF_BACKOFF.freeFailures; i++) expect((await from('wrong')).status).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await from(PASSWORD);
      expect(refused.status).toBe(429);
      waits.push(Number(refused.headers.get('retry-after')));
      await waitOut(app);
      expect((await from('wrong')).status).toBe(401);
    }
    // 2, 4, 8 s, each told in whole seconds a moment after it began (so possibly one less on a slow machine).
    [2, 4, 8].forEach((expected, i) => expect(waits[i]).toBeOneOf([expected, expected - 1]));
    const row = await app.deps.db.selectFrom('login_backoff').selectAll().where('account', '=', 'staff:backoff.one@203.0.113.50').executeTakeFirstOrThrow();
    expect(new Date(row.blocked_until!).getTime() - new Date(row.last_failure_at).getTime()).toBe(16_000);
    // Meanwhile the owner logs in from the office.
    expect((await from(PASSWORD, '192.0.2.10')).status).toBe(200);
  });

  it('leaves an audit row for every refused login, with the address the proxy told', async () => {
    expect((await login(app, 'audited.one', 'wrong')).status).toBe(401);
    expect((await login(app, 'audited.one', PASSWORD)).status).toBe(200);
    await vi.waitFor(async () => expect(await auditRows(app, 'audited.one')).toHaveLength(1));
    expect((await auditRows(app, 'audited.one'))[0]).toMatchObject({ kind: 'staff', status: 401, ip: expect.stringMatching(/^198\.51\.100\./) });
    // The throttled ones of the first test are there as well.
    await vi.waitFor(async () => expect((await auditRows(app, 'guessed.one')).map((r) => r.status)).toContain(429));
  });
});

describe('client address without a trusted proxy (the default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await createStaff(app, 'direct.one');
  });
  afterAll(() => app.close());

  it('ignores X-Forwarded-For: the audit shows the connecting address', async () => {
    expect((await login(app, 'direct.one', 'wrong')).status).toBe(401);
    await vi.waitFor(async () => expect(await auditRows(app, 'direct.one')).toHaveLength(1));
    expect((await auditRows(app, 'direct.one'))[0].ip).toMatch(/127\.0\.0\.1$/);
  });
});

describe('supplier logins', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('audit a refused portal login and a refused questionnaire login', async () => {
    const post = (path: string, body: object) => client(app).post(path, body);
    expect((await post('/v1/supplier-portal/login', { email: 'someone@supplier.example.com', code: '123456' })).status).toBeGreaterThanOrEqual(400);
    expect((await post('/v1/rfi/get-token', { temp: 'no-such-link', email: 'other@supplier.example.com', code: '123456' })).status).toBeGreaterThanOrEqual(400);
    await vi.waitFor(async () => {
      const rows = await app.deps.db.selectFrom('login_audit').select(['kind', 'subject']).orderBy('kind').execute();
      expect(rows).toEqual([
        { kind: 'portal', subject: 'someone@supplier.example.com' },
        { kind: 'rfi', subject: 'other@supplier.example.com' },
      ]);
    });
  });
});

describe('configuration', () => {
  it('refuses a trusted proxy that is not an address, a range or a known name', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUSTED_PROXIES: 'loopback, evil.example.com' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadConfig({ NODE_ENV: 'test', TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({ NODE_ENV: 'test' }).TRUSTED_PROXIES).toEqual([]);
  });
});
