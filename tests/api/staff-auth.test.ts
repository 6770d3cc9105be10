import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '#adapters/security/password.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { STAFF_LOGIN_LIMIT } from '#api/auth/staff-rate-limit.ts';
import { STAFF_BACKOFF } from '#services/auth/login-backoff.ts';
import { loadConfig } from '#infra/config.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { client, type Answer } from '../support/http-client.ts';

const PASSWORD = 'Staff@Test1';

/** A staff account of its own, so the suite does not depend on the demo seed. */
async function createStaff(app: TestApp, username: string, roles: string[] = ['T_SHELL']) {
  const db = app.deps.db;
  await db
    .insertInto('role')
    .values({ code: 'T_SHELL', name_zh: '测试角色', name_en: 'Test role', permissions: JSON.stringify([ROUTES.certFlowList, PERMISSIONS.newApplyRfi]) })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  return db
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
      roles: JSON.stringify(roles),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function login(app: TestApp, username: string, password: string, locale: 'zh' | 'en' = 'zh') {
  return client(app).locale(locale).post('/v1/auth/login', { username, password });
}

const sessionCookie = (res: Answer) => res.headers.getSetCookie().find((c) => c.startsWith('staff_session='));
const cookiePair = (setCookie: string) => setCookie.split(';')[0];
const currentUser = (app: TestApp, cookie?: string, locale: 'zh' | 'en' = 'zh') =>
  client(app).as(cookie ? { cookie } : null).locale(locale).get('/dsc-staff/v1/current-user');

describe('staff identity', () => {
  let app: TestApp;
  let staffId: string;
  beforeAll(async () => {
    app = await startTestApp();
    staffId = (await createStaff(app, 'shell.tester')).id;
  });
  afterAll(() => app.close());

  describe('POST /v1/auth/login', () => {
    it('logs in with the right password and sets an HttpOnly, SameSite=Strict session cookie', async () => {
      const res = await login(app, 'shell.tester', PASSWORD);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 0, data: { next: 'done' } });
      const cookie = sessionCookie(res)!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/Expires=/i);
      // Served over http here, so not Secure (the flag follows production or an https PUBLIC_URL).
      expect(cookie).not.toMatch(/Secure/i);
    });

    it('stores only the hash of the token', async () => {
      const res = await login(app, 'shell.tester', PASSWORD);
      const token = cookiePair(sessionCookie(res)!).split('=')[1];
      const rows = await app.deps.db.selectFrom('staff_session').select('token_hash').execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.token_hash)).not.toContain(token);
    });

    it('keeps the language of the login as the staff member\'s mail language; a refused login changes nothing', async () => {
      const locale = async () => (await app.deps.db.selectFrom('staff').select('locale').where('username', '=', 'shell.tester').executeTakeFirstOrThrow()).locale;
      expect((await login(app, 'shell.tester', PASSWORD, 'en')).status).toBe(200);
      expect(await locale()).toBe('en');
      expect((await login(app, 'shell.tester', 'wrong-password', 'zh')).status).toBe(401);
      expect(await locale()).toBe('en');
      expect((await login(app, 'shell.tester', PASSWORD, 'zh')).status).toBe(200);
      expect(await locale()).toBe('zh');
    });

    it('refuses a wrong password and an unknown user with the same 401, and no cookie', async () => {
      const wrong = await login(app, 'shell.tester', 'nope', 'en');
      const unknown = await login(app, 'nobody.here', 'nope', 'en');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const { body } = wrong;
      expect(body).toMatchObject({ code: 40100, message: 'Wrong username or password' });
      expect(unknown.body).toEqual(body);
      expect(sessionCookie(wrong)).toBeUndefined();
    });

    it('answers a missing password with a 400 naming the field', async () => {
      const res = await client(app).locale('en').post('/v1/auth/login', { username: 'shell.tester' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ password: 'This field is required' });
    });
  });

  describe('GET /dsc-staff/v1/current-user', () => {
    it('needs a session', async () => {
      const res = await currentUser(app);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(40100);
    });

    it('returns the session user with route and button permissions split', async () => {
      const cookie = cookiePair(sessionCookie(await login(app, 'shell.tester', PASSWORD))!);
      const res = await currentUser(app, cookie);
      expect(res.status).toBe(200);
      const { data } = res.body;
      expect(data).toMatchObject({
        id: staffId,
        username: 'shell.tester',
        jobNumber: 'T-shell.tester',
        name: '测试员工',
        departmentName: '采购部',
        roles: ['T_SHELL'],
        roleNames: ['测试角色'],
        permissions: { routes: [ROUTES.certFlowList], buttons: [PERMISSIONS.newApplyRfi] },
        appEnv: 'dev',
      });
      expect(data).not.toHaveProperty('password_hash');
      expect(data).not.toHaveProperty('passwordHash');
    });

    it("names the roles in the caller's language", async () => {
      const cookie = cookiePair(sessionCookie(await login(app, 'shell.tester', PASSWORD))!);
      const res = await currentUser(app, cookie, 'en');
      expect(res.body.data).toMatchObject({ roles: ['T_SHELL'], roleNames: ['Test role'] });
    });

    it('keeps the code of a role the role table does not hold', async () => {
      await app.deps.db.updateTable('staff').set({ roles: JSON.stringify(['T_SHELL', 'T_GONE']) }).where('id', '=', staffId).execute();
      const cookie = cookiePair(sessionCookie(await login(app, 'shell.tester', PASSWORD))!);
      const res = await currentUser(app, cookie, 'en');
      await app.deps.db.updateTable('staff').set({ roles: JSON.stringify(['T_SHELL']) }).where('id', '=', staffId).execute();
      expect(res.body.data).toMatchObject({ roles: ['T_SHELL', 'T_GONE'], roleNames: ['Test role', 'T_GONE'] });
    });

    it('refuses an expired session', async () => {
      const cookie = cookiePair(sessionCookie(await login(app, 'shell.tester', PASSWORD))!);
      expect((await currentUser(app, cookie)).status).toBe(200);
      await app.deps.db.updateTable('staff_session').set({ expires_at: new Date(Date.now() - 1000) }).execute();
      expect((await currentUser(app, cookie)).status).toBe(401);
    });

    it('refuses a disabled account even with a live session', async () => {
      const cookie = cookiePair(sessionCookie(await login(app, 'shell.tester', PASSWORD))!);
      await app.deps.db.updateTable('staff').set({ active: false }).where('id', '=', staffId).execute();
      try {
        expect((await currentUser(app, cookie)).status).toBe(401);
        expect((await login(app, 'shell.tester', PASSWORD)).status).toBe(401);
      } finally {
        await app.deps.db.updateTable('staff').set({ active: true }).where('id', '=', staffId).execute();
      }
    });
  });

  describe('POST /v1/auth/logout', () => {
    it('ends the session and clears the cookie', async () => {
      const cookie = cookiePair(sessionCookie(await login(app, 'shell.tester', PASSWORD))!);
      const res = await client(app).as({ cookie }).post('/v1/auth/logout');
      expect(res.status).toBe(200);
      expect(sessionCookie(res)).toMatch(/staff_session=;/);
      // The old token is dead on the server, not only forgotten by the browser.
      expect((await currentUser(app, cookie)).status).toBe(401);
    });
  });
});

describe('staff login rate limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await createStaff(app, 'limit.tester');
    await createStaff(app, 'limit.colleague');
  });
  afterAll(() => app.close());

  it('closes one account guessed from an address, not its colleagues behind the same address; the answer says how long to wait', async () => {
    for (let i = 0; i < STAFF_BACKOFF.freeFailures; i++) expect((await login(app, 'limit.tester', 'wrong')).status).toBe(401);
    const closed = await login(app, 'limit.tester', PASSWORD, 'en');
    expect(closed.status).toBe(429);
    expect(closed.body.message).toMatch(/^Too many failed logins; please try again in \d+ s$/);
    expect(Number(closed.headers.get('retry-after'))).toBeGreaterThan(0);
    // The colleague at the same address (one NAT address for the whole office) logs in.
    const colleague = await login(app, 'limit.colleague', PASSWORD, 'en');
    expect(colleague.status).toBe(200);
    expect(sessionCookie(colleague)).toBeDefined();
  });

  it(`answers 429 with the wait after ${STAFF_LOGIN_LIMIT.limit} failed attempts across accounts from one address`, async () => {
    // A fresh start: the back-off and the address's count from the test before forgotten.
    await app.deps.db.deleteFrom('login_backoff').execute();
    await app.deps.db.deleteFrom('rate_limit_hit').execute();
    // In tens at once: each refusal costs a password hash, and a hundred in a row outlast the default timeout on a busy machine.
    for (let i = 0; i < STAFF_LOGIN_LIMIT.limit; i += 10) {
      const tens = await Promise.all(Array.from({ length: 10 }, (_, j) => login(app, `limit.guess${i + j}`, 'wrong')));
      expect(tens.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    const res = await login(app, 'limit.colleague', PASSWORD, 'zh');
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^登录失败次数过多，请1[45]分钟后再试$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(sessionCookie(res)).toBeUndefined();
  }, 120_000);
});

describe('staff session cookie behind https', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', PUBLIC_URL: 'https://supplier.example.com' }) });
    await createStaff(app, 'secure.tester');
  });
  afterAll(() => app.close());

  it('is Secure when the public address is https', async () => {
    expect(sessionCookie(await login(app, 'secure.tester', PASSWORD))).toMatch(/;\s*Secure/i);
  });
});

describe('app info', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('tells the environment without a login, for the test-environment tag', async () => {
    const res = await client(app).get('/v1/app-info');
    expect(res.body).toEqual({ code: 0, data: { appEnv: 'dev' } });
  });
});
