import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#infra/config.ts';
import { ROUTES } from '#domain/permissions.ts';
import { DEMO_EMAIL_DOMAIN } from '#db/seeds/reference/staff.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { startTestOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { HttpBrowser, type Page } from '../support/http-browser.ts';
import { freePort } from '../support/ports.ts';
import { client } from '../support/http-client.ts';

/**
 * Staff login with the company account, through a real OpenID Connect provider (oidc-provider) in this
 * process: the whole authorization code flow with PKCE over HTTP, as a browser walks it.
 */
const PEOPLE = [
  // Known by job number: the demo purchasing manager pm.wang (E10002).
  { login: 'wang.lei', claims: { employee_number: 'E10002', email: 'wang.lei@corp.example', email_verified: true, name: '王磊' } },
  // No job number, a verified e-mail of the staff table: pm.zhou.
  { login: 'zhou.ting', claims: { email: `PM.ZHOU@${DEMO_EMAIL_DOMAIN}`, email_verified: true } },
  // The same address unverified: not trusted.
  { login: 'zhou.unverified', claims: { email: `pm.zhou@${DEMO_EMAIL_DOMAIN}`, email_verified: false } },
  // Someone the company knows and this product does not.
  { login: 'stranger', claims: { employee_number: 'X99999', email: 'stranger@corp.example', email_verified: true } },
];

describe('company-account login (OpenID Connect)', () => {
  let app: TestApp;
  let idp: TestOidcProvider;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    idp = await startTestOidcProvider(origin, PEOPLE);
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', PORT: String(port), PUBLIC_URL: origin, ...idp.env });
    app = await startTestApp({ config }, { port });
  });
  afterAll(async () => {
    await app?.close();
    await idp?.close();
  });

  /** Back at the app, outside its API: where the web app would take over. */
  const backAtApp = (u: URL) => u.origin === origin && !u.pathname.startsWith('/v1/');

  /** Starts a login, signs in at the provider's form as `login` and consents; stops where `stopAt` says. */
  async function signIn(browser: HttpBrowser, login: string, stopAt: (u: URL) => boolean = backAtApp): Promise<Page & { authorizationUrl: URL }> {
    const form = await browser.open(`${origin}/v1/auth/oidc/login?redirect=${encodeURIComponent('/cert-flow?tab=1')}`, { stopAt });
    expect(new URL(form.url).origin).toBe(idp.issuer);
    const authorizationUrl = new URL(form.hops[0].location!);
    const afterLogin = await browser.submit(form, { login, password: 'typed at the provider' }, { stopAt });
    // The first time, the provider asks to consent to the scopes.
    const end = afterLogin.html.includes('value="consent"') ? await browser.submit(afterLogin, {}, { stopAt }) : afterLogin;
    return { ...end, authorizationUrl };
  }

  const sessionOf = (browser: HttpBrowser) => browser.cookies(origin).get('staff_session');
  const currentUser = (cookie: string) => client(app).as({ cookie: `staff_session=${cookie}` }).get('/dsc-staff/v1/current-user');

  it('offers the company account on the login page', async () => {
    expect((await client(app).get('/v1/auth/options')).body.data).toEqual({ companyLogin: true });
  });

  it('signs a staff member in by the job-number claim, with PKCE, landing on the page asked for with their permissions', async () => {
    const browser = new HttpBrowser();
    const end = await signIn(browser, 'wang.lei');
    expect(end.url).toBe(`${origin}/cert-flow?tab=1`);

    const toProvider = end.authorizationUrl;
    expect(toProvider.searchParams.get('code_challenge_method')).toBe('S256');
    expect(toProvider.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(toProvider.searchParams.get('redirect_uri')).toBe(`${origin}/v1/auth/oidc/callback`);
    expect(toProvider.searchParams.get('state')).toBeTruthy();
    expect(toProvider.searchParams.get('nonce')).toBeTruthy();

    const session = sessionOf(browser);
    expect(session).toBeTruthy();
    const me = await currentUser(session!);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ username: 'pm.wang', jobNumber: 'E10002', roles: ['PURCHASE_MANAGER'] });
    expect(me.body.data.permissions.routes).toContain(ROUTES.certFlowList);
    // The transaction cookie is spent.
    expect(browser.cookies(origin).has('staff_oidc')).toBe(false);
  });

  it('matches a verified e-mail claim when there is no job number, ignoring case', async () => {
    const browser = new HttpBrowser();
    await signIn(browser, 'zhou.ting');
    expect((await currentUser(sessionOf(browser)!)).body.data).toMatchObject({ username: 'pm.zhou' });
  });

  it('refuses an unknown person with the refusal page: no session, no account created', async () => {
    const staffBefore = await app.deps.db.selectFrom('staff').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    for (const login of ['stranger', 'zhou.unverified']) {
      const browser = new HttpBrowser();
      const end = await signIn(browser, login);
      expect(end.url).toBe(`${origin}/sso-refused?reason=unknownUser`);
      expect(sessionOf(browser)).toBeUndefined();
    }
    const staffAfter = await app.deps.db.selectFrom('staff').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(staffAfter.n).toBe(staffBefore.n);
    const audit = await app.deps.db.selectFrom('login_audit').select(['subject', 'status']).where('subject', '=', 'X99999').execute();
    expect(audit).toEqual([{ subject: 'X99999', status: 401 }]);
  });

  it('refuses a callback whose state was tampered with, and the genuine one after it (the login is spent)', async () => {
    const browser = new HttpBrowser();
    const atCallback = await signIn(browser, 'wang.lei', (u) => u.pathname === '/v1/auth/oidc/callback');
    const genuine = new URL(atCallback.url);
    const tampered = new URL(genuine);
    tampered.searchParams.set('state', `${genuine.searchParams.get('state')}x`);

    const refused = await browser.open(tampered.href, { stopAt: backAtApp });
    expect(refused.url).toBe(`${origin}/sso-refused?reason=failed`);
    expect(sessionOf(browser)).toBeUndefined();

    const replayed = await browser.open(genuine.href, { stopAt: backAtApp });
    expect(replayed.url).toBe(`${origin}/sso-refused?reason=failed`);
    expect(sessionOf(browser)).toBeUndefined();
  });

  it("refuses a callback in a browser that did not start the login (another person's code planted by a link)", async () => {
    const attacker = new HttpBrowser();
    const atCallback = await signIn(attacker, 'wang.lei', (u) => u.pathname === '/v1/auth/oidc/callback');
    const victim = new HttpBrowser();
    const end = await victim.open(atCallback.url, { stopAt: backAtApp });
    expect(end.url).toBe(`${origin}/sso-refused?reason=failed`);
    expect(sessionOf(victim)).toBeUndefined();
  });

  it("logs out through the provider's end-session endpoint and returns to the site origin", async () => {
    const browser = new HttpBrowser();
    await signIn(browser, 'wang.lei');
    const cookie = `staff_session=${sessionOf(browser)}`;
    const res = await client(app).as({ cookie }).post('/v1/auth/logout');
    expect(res.status).toBe(200);
    const logoutUrl = new URL(res.body.data.logoutUrl);
    expect(logoutUrl.origin).toBe(idp.issuer);
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/`);
    // The product's session is over at once.
    expect((await client(app).as({ cookie }).get('/dsc-staff/v1/current-user')).status).toBe(401);

    const confirm = await browser.open(logoutUrl.href, { stopAt: backAtApp });
    expect(confirm.html).toMatch(/sign-out/i);
    const end = await browser.submit(confirm, { logout: 'yes' }, { stopAt: backAtApp });
    expect(end.url).toBe(`${origin}/`);

    // The provider's session is over too: the next login asks for the login form again.
    const again = await browser.open(`${origin}/v1/auth/oidc/login`, { stopAt: backAtApp });
    expect(again.html).toContain('name="login"');
  });

  it('answers no provider logout for a local-account session', async () => {
    const login = await client(app).post('/v1/auth/login', { username: 'pm.wang', password: 'Demo@2026' });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('staff_session='))!.split(';')[0];
    const res = await client(app).as({ cookie }).post('/v1/auth/logout');
    expect(res.body.data).toEqual({ logoutUrl: null });
  });
});

describe('without OIDC configuration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('offers only local accounts and has no company-account login', async () => {
    expect((await client(app).get('/v1/auth/options')).body.data).toEqual({ companyLogin: false });
    expect((await client(app).get('/v1/auth/oidc/login')).status).toBe(404);
  });
});

describe('OIDC configuration', () => {
  const base = { NODE_ENV: 'test' as const, OIDC_ISSUER: 'https://login.corp.example', OIDC_CLIENT_ID: 'supplier', OIDC_CLIENT_SECRET: 'kq8Z2vN4xW7pL1sR9tY3' };

  it('derives the callback and the logout return from the public address, and names the claims', () => {
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://supplier.corp.example/app' });
    expect(config.oidc).toMatchObject({
      redirectUri: 'https://supplier.corp.example/v1/auth/oidc/callback',
      postLogoutRedirectUri: 'https://supplier.corp.example/',
      jobNumberClaim: 'employee_number',
      emailClaim: 'email',
    });
    expect(loadConfig({ ...base, OIDC_JOB_NUMBER_CLAIM: 'employeeid' }).oidc?.jobNumberClaim).toBe('employeeid');
  });

  it('refuses a partial configuration, a weak client secret, and a plain-http provider in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', OIDC_ISSUER: base.OIDC_ISSUER })).toThrow(/OIDC_CLIENT_ID: is required.*\n.*OIDC_CLIENT_SECRET: is required/);
    expect(() => loadConfig({ ...base, OIDC_CLIENT_SECRET: 'secret' })).toThrow(/OIDC_CLIENT_SECRET: must be at least 16/);
    expect(() => loadConfig({ ...base, OIDC_CLIENT_SECRET: 'change-me-please-now-123' })).toThrow(/OIDC_CLIENT_SECRET: is a placeholder/);
    expect(() => loadConfig({ ...base, APP_ENV: 'prod', OIDC_ISSUER: 'http://login.corp.example' })).toThrow(/OIDC_ISSUER: must be an https address in production/);
    expect(() => loadConfig({ ...base, OIDC_SCOPES: 'email profile' })).toThrow(/OIDC_SCOPES: must include openid/);
  });
});
