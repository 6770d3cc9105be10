import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#infra/config.ts';
import { client } from '../support/http-client.ts';
import { staffSession } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Embedded pages (req shell §2.6 /embedded/{id}): the installation names the pages, staff get them in their
 * language, and the Content-Security-Policy lets the app frame those origins and no other.
 */
const PAGES = JSON.stringify([
  { id: 'bi-report', title: '采购报表', titleEn: 'Purchasing reports', url: 'https://bi.example.com/reports/purchasing' },
  { id: 'bi-quality', title: '质量看板', url: 'https://bi.example.com/quality' },
  { id: 'manual', title: '操作手册', url: 'http://docs.example.org/manual' },
]);
const configWith = (pages: string | undefined) =>
  loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', APP_SECRET: crypto.randomBytes(32).toString('hex'), EMBEDDED_PAGES: pages });
const frameSrc = (csp: string | null) =>
  (csp ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === 'frame-src')
    ?.slice(1);

describe('embedded pages', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: configWith(PAGES) });
  });
  afterAll(() => app.close());

  it('lists the configured pages to staff in their language; nobody signed in gets 401', async () => {
    const pm = await staffSession(app.deps.db, 'E10002');
    const en = await client(app).as(pm).locale('en').get('/v1/embedded-pages');
    expect(en.body.data).toEqual([
      { id: 'bi-report', title: 'Purchasing reports', url: 'https://bi.example.com/reports/purchasing' },
      { id: 'bi-quality', title: '质量看板', url: 'https://bi.example.com/quality' },
      { id: 'manual', title: '操作手册', url: 'http://docs.example.org/manual' },
    ]);
    expect((await client(app).as(pm).locale('zh').get('/v1/embedded-pages')).body.data[0].title).toBe('采购报表');
    expect((await client(app).get('/v1/embedded-pages')).status).toBe(401);
  });

  it('lets the app frame the configured origins only', async () => {
    const res = await client(app).get('/v1/ping');
    expect(frameSrc(res.headers.get('content-security-policy'))).toEqual(['https://bi.example.com', 'http://docs.example.org']);
  });

  it('frames nothing where no page is configured', async () => {
    const bare = await startTestApp({ db: app.deps.db, config: configWith(undefined) });
    try {
      expect(frameSrc((await client(bare).get('/v1/ping')).headers.get('content-security-policy'))).toEqual(["'none'"]);
      const pm = await staffSession(app.deps.db, 'E10002');
      expect((await client(bare).as(pm).get('/v1/embedded-pages')).body.data).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('refuses to start with a page that is not an http(s) address, a repeated id or no JSON, naming EMBEDDED_PAGES', () => {
    expect(() => configWith(JSON.stringify([{ id: 'x', title: 'X', url: 'javascript:alert(1)' }]))).toThrow(/EMBEDDED_PAGES/);
    expect(() => configWith(JSON.stringify([{ id: 'x', title: 'X', url: 'file:///etc/passwd' }]))).toThrow(/EMBEDDED_PAGES/);
    expect(() => configWith(JSON.stringify([{ id: 'x', title: 'X', url: 'https://a.example' }, { id: 'x', title: 'Y', url: 'https://b.example' }]))).toThrow(/EMBEDDED_PAGES.*distinct/s);
    expect(() => configWith('[{id:')).toThrow(/EMBEDDED_PAGES.*not JSON/s);
  });
});
