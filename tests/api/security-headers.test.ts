import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#api/app.ts';
import { serveWebApp } from '#api/web-static.ts';
import type { AppDeps } from '#api/deps.ts';
import { loadConfig } from '#infra/config.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { client } from '../support/http-client.ts';

/**
 * The headers a browser needs to protect the app's pages (OWASP ASVS V3): reproduces the finding that
 * the login page rendered inside another site's frame, with no CSP, Referrer-Policy or HSTS.
 */

/** The API and a small built web app (index.html, one asset) on one server, as `npm start` serves them. */
async function serveWithWebApp(deps: AppDeps): Promise<{ url: string; dist: string; close(): Promise<void> }> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
  const app = createApp(deps);
  serveWebApp(app, dist);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dist,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dist, { recursive: true, force: true });
    },
  };
}

const directives = (csp: string | null) => new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));

describe('security headers', () => {
  let app: TestApp;
  let web: Awaited<ReturnType<typeof serveWithWebApp>>;

  beforeAll(async () => {
    app = await startTestApp();
    web = await serveWithWebApp(app.deps);
  });
  afterAll(async () => {
    await web.close();
    await app.close();
  });

  it('the web app, its assets, the API and the reference page forbid framing and inline script', async () => {
    for (const p of ['/login', '/', '/assets/app.js', '/v1/ping', '/v1/nope', '/v1/docs']) {
      const res = await client(web.url).get(p);
      const csp = directives(res.headers.get('content-security-policy'));
      expect({ p, frameAncestors: csp.get('frame-ancestors') }).toEqual({ p, frameAncestors: ["'none'"] });
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('lets Mantine inject its styles and the watermark draw its tile image', async () => {
    const csp = directives((await client(web.url).get('/login')).headers.get('content-security-policy'));
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toContain('data:');
  });

  it('sends HSTS only when the app is served over https', async () => {
    expect((await client(web.url).get('/login')).headers.get('strict-transport-security')).toBeNull();
    const https = await startTestApp({
      db: app.deps.db,
      config: loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', PUBLIC_URL: 'https://supplier.example.com', APP_SECRET: crypto.randomBytes(32).toString('hex') }),
    });
    try {
      const res = await client(https).get('/v1/ping');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      expect(directives(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('a static file error shows neither a stack nor a path', async () => {
    for (const p of ['/assets/missing.js', '/assets/%E0%A4%A', '/assets/..%2f..%2fpackage.json', '/assets/%00']) {
      const res = await client(web.url).get(p);
      const text = res.bytes.toString();
      expect({ p, status: res.status }).toEqual({ p, status: expect.any(Number) });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(text).not.toMatch(/ at |node_modules|Error:/);
      expect(text).not.toContain(web.dist);
      expect(text).not.toContain(os.tmpdir());
    }
  });
});
