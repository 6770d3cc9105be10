import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#infra/config.ts';
import { hashPassword } from '#adapters/security/password.ts';
import type { DbHandle } from '#db/connection.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDb } from '../support/test-db.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { invitedSupplier, PURCHASER } from '../support/rfi-questionnaire.ts';

/**
 * A page on another site must not change anything through a logged-in staff member's browser: the
 * staff session is a cookie, which the browser adds by itself. Reproduces the finding that a
 * cross-site top-level navigation to GET /v1/cert-flow-node/reissue-rfi re-issued an invitation.
 */
describe('no state change from another site', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let pm: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(app.deps.db, PURCHASER);
  });
  afterAll(() => app.close());

  /** What a browser sends for a request that a page of `from` started. */
  const browser = (from: 'cross-site' | 'same-site' | 'same-origin' | 'none', origin?: string) => ({
    'sec-fetch-site': from,
    ...(origin ? { origin } : {}),
  });
  /** A call as `caller` (null: anonymous) with the browser's headers. */
  const send = async (method: 'GET' | 'POST', path: string, caller: Caller | null, headers: Record<string, string>, body?: unknown) => {
    const api = client(app, headers).as(caller);
    const res = method === 'GET' ? await api.get(path) : await api.post(path, body);
    return { ...res, allow: res.headers.get('allow') };
  };
  const reissuesOf = (flowNo: string) => engine.callsOf(flowNo).reissueRfi;
  const application = (flowNo: string) => app.deps.db.selectFrom('rfi_application').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();

  it('a cross-site navigation to the former GET of reissue-rfi, with the staff cookie, changes nothing', async () => {
    const { flowNo } = await invitedSupplier(app.deps.db, app.deps.config.appSecret);
    const before = await application(flowNo);
    const res = await send('GET', `/v1/cert-flow-node/reissue-rfi?flowNo=${flowNo}`, pm, browser('cross-site'));
    expect(res.status).toBe(405);
    expect(res.allow).toBe('POST');
    expect(reissuesOf(flowNo)).toEqual([]);
    expect(await application(flowNo)).toEqual(before);
  });

  it('a cross-site POST with the staff cookie is refused with 403 before its handler, in the caller’s language', async () => {
    const { flowNo } = await invitedSupplier(app.deps.db, app.deps.config.appSecret);
    const zh = await send('POST', '/v1/cert-flow-node/reissue-rfi', pm, browser('cross-site', 'https://elsewhere.example'), { flowNo });
    expect(zh.status).toBe(403);
    expect(zh.body).toMatchObject({ code: 40300, message: '请求来自其他网站，已拒绝' });
    const en = await send('POST', '/v1/cert-flow-node/reissue-rfi', pm, { 'x-locale': 'en', ...browser('same-site') }, { flowNo });
    expect(en.status).toBe(403);
    expect(en.body.message).toBe('Refused: this request came from another site');
    expect(reissuesOf(flowNo)).toEqual([]);
  });

  it('an older browser without Sec-Fetch-Site: a foreign Origin is refused, the app’s own origin admitted', async () => {
    const { flowNo } = await invitedSupplier(app.deps.db, app.deps.config.appSecret);
    const foreign = await send('POST', '/v1/cert-flow-node/reissue-rfi', pm, { origin: 'https://elsewhere.example' }, { flowNo });
    expect(foreign.status).toBe(403);
    const opaque = await send('POST', '/v1/cert-flow-node/reissue-rfi', pm, { origin: 'null' }, { flowNo });
    expect(opaque.status).toBe(403);
    expect(reissuesOf(flowNo)).toEqual([]);
    const own = await send('POST', '/v1/cert-flow-node/reissue-rfi', pm, { origin: app.baseUrl }, { flowNo });
    expect(own.status).toBe(200);
    expect(reissuesOf(flowNo)).toHaveLength(1);
  });

  it('the app’s own pages and clients that are not browsers (no Sec-Fetch-Site, no Origin) are served', async () => {
    const { flowNo } = await invitedSupplier(app.deps.db, app.deps.config.appSecret);
    expect((await send('POST', '/v1/cert-flow-node/reissue-rfi', pm, browser('same-origin', app.baseUrl), { flowNo })).status).toBe(200);
    expect((await send('POST', '/v1/cert-flow-node/reissue-rfi', pm, {}, { flowNo })).status).toBe(200);
    expect(reissuesOf(flowNo)).toHaveLength(2);
  });

  it('a cross-site login is refused too, so no page elsewhere can log a browser into an account of its choosing', async () => {
    const res = await send('POST', '/v1/auth/login', null, browser('cross-site', 'https://elsewhere.example'), { username: 'pm.wang', password: 'Demo@2026' });
    expect(res.status).toBe(403);
  });

  it('reads stay open to links from elsewhere: a cross-site GET is answered', async () => {
    const res = await send('GET', '/dsc-staff/v1/current-user', pm, browser('cross-site'));
    expect(res.status).toBe(200);
  });

  it('the three writes that were GETs are POSTs: a GET answers 405 naming POST', async () => {
    for (const path of ['/v1/cert-flow-node/reissue-rfi?flowNo=X', '/v1/self-inspection/finish-node?flowNo=X', '/v1/cert-rfi/submit?applyNo=X', '/v1/rfi/submit?temp=X']) {
      const res = await send('GET', path, pm, {});
      expect({ path, status: res.status, allow: res.allow }).toEqual({ path, status: 405, allow: 'POST' });
      expect(res.body.code).toBe(40500);
    }
  });
});

describe('the staff session cookie', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb();
    await db.db
      .insertInto('staff')
      .values({ job_number: 'T-COOKIE', username: 'cookie.test', name: '测试', email: 'cookie@example.com', password_hash: await hashPassword('Cookie@2026'), roles: JSON.stringify([]) })
      .execute();
  });
  afterAll(() => db.close());

  /** The Set-Cookie header of a login to an installation configured with `env`. */
  const setCookieOf = async (env: Record<string, string>) => {
    const app = await startTestApp({
      db: db.db,
      config: loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', APP_SECRET: crypto.randomBytes(32).toString('hex'), ...env }),
    });
    try {
      const res = await client(app).post('/v1/auth/login', { username: 'cookie.test', password: 'Cookie@2026' });
      expect(res.status).toBe(200);
      return res.headers.get('set-cookie') ?? '';
    } finally {
      await app.close();
    }
  };

  it('is HttpOnly and SameSite=Strict, and not Secure on a plain-http development install', async () => {
    const cookie = await setCookieOf({ APP_ENV: 'dev' });
    expect(cookie).toMatch(/^staff_session=/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('is Secure in production and whenever the app is served over https', async () => {
    const production = { APP_ENV: 'prod', ADMIN_USERNAME: 'ops.admin', ADMIN_EMAIL: 'ops@oem-corp.cn', ADMIN_PASSWORD: 'correct horse battery staple', ERP_URL: 'https://s4.oem-corp.cn' };
    expect(await setCookieOf(production)).toMatch(/; Secure/i);
    expect(await setCookieOf({ APP_ENV: 'test', PUBLIC_URL: 'https://supplier.example.com' })).toMatch(/; Secure/i);
  });
});
