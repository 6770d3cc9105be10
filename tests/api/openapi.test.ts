import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#api/app.ts';
import { listRoutes } from '#api/openapi/list-routes.ts';
import { apiEndpoints } from '#api/endpoints.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { client } from '../support/http-client.ts';
import { staffSession } from '../support/sessions.ts';
import { loadConfig } from '#infra/config.ts';

const duplicates = (keys: string[]) => keys.filter((k, i) => keys.indexOf(k) !== i);

describe('the OpenAPI document', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('documents exactly the API routes the app answers, each once', async () => {
    const res = await client(app).get('/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toBe('3.0.3');
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const served = listRoutes(createApp(app.deps))
      .map((r) => `${r.method.toUpperCase()} ${r.path}`)
      .filter((r) => !r.includes('/v1/docs') && !r.includes('/v1/openapi.json'));

    expect(served.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((r) => !served.includes(r))).toEqual([]);
    expect(duplicates(served)).toEqual([]);
    // The document is keyed by path and method, so a second declaration would silently replace the first.
    expect(duplicates(apiEndpoints.map((e) => `${e.method.toUpperCase()} ${e.path}`))).toEqual([]);
    // What this installation has: the company-account login only where OIDC is configured.
    expect(served.length).toBe(apiEndpoints.filter((e) => e.enabled?.(app.deps.config) ?? true).length);
  });

  it("states each endpoint's caller and the body or query its handler parses", async () => {
    const doc = (await client(app).get('/v1/openapi.json')).body;
    const completed = doc.paths['/v1/cert-flow-aptitude/completed'].post;
    expect(completed.security).toEqual([{ staffSession: [] }]);
    expect(Object.keys(completed.requestBody.content['application/json'].schema.properties)).toEqual(['flowNo', 'description', 'documentList']);
    expect(doc.paths['/v1/supplier-portal/me'].get.security).toEqual([{ portalToken: [] }]);
    expect(doc.paths['/v1/ping'].get.security).toEqual([]);
    expect(doc.paths['/common/v1/file'].post.requestBody.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/dev/v1/mailbox/{id}'].get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
  });

  it('declares the 202 of the writes a workflow carries out, and only theirs', async () => {
    const doc = (await client(app).get('/v1/openapi.json')).body;
    for (const path of ['/v1/cert-flow-node/audit-pass', '/v1/cert-flow-aptitude/completed', '/v1/supplier-release/submit']) {
      const pending = doc.paths[path].post.responses['202'];
      expect(pending, path).toBeDefined();
      expect(Object.keys(pending.content['application/json'].schema.properties.data.properties)).toEqual(['pending', 'flowNo', 'message']);
    }
    // A plain save answers when it is done.
    expect(doc.paths['/v1/supplier-release/save-supplier-info'].post.responses['202']).toBeUndefined();
  });

  it('serves the reference page from the package, without a CDN', async () => {
    const page = (await client(app).get('/v1/docs')).bytes.toString('utf8');
    expect(page).toContain('/v1/docs/assets/swagger-ui-bundle.js');
    expect(page).not.toMatch(/https?:\/\//);
    expect((await client(app).get('/v1/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
  });
});

describe('who reads the API reference', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  const started = async (env: Record<string, string>) => {
    const app = await startTestApp({ config: loadConfig({ ...process.env, NODE_ENV: 'test', PORT: '0', ...env }) });
    apps.push(app);
    return app;
  };

  it('in production, signed-in staff only: anonymous callers get 401 for the document and the page', async () => {
    const app = await started({
      APP_ENV: 'prod',
      APP_SECRET: 'f1d2a7c4e9b86053a1f7d2c9e4b06a35f8c1d7e2a9b4c6d3e8f1a2b7c9d4e6f0',
      ADMIN_USERNAME: 'ops.admin',
      ADMIN_EMAIL: 'ops.admin@oem-corp.cn',
      ADMIN_PASSWORD: 'correct horse battery staple',
      ERP_URL: 'https://s4.oem-corp.cn',
    });
    expect((await client(app).get('/v1/openapi.json')).status).toBe(401);
    expect((await client(app).get('/v1/docs')).status).toBe(401);
    const staff = await staffSession(app.deps.db, 'E10002');
    expect((await client(app).as(staff).get('/v1/openapi.json')).status).toBe(200);
  });

  it('nobody with API_DOCS=off', async () => {
    const app = await started({ API_DOCS: 'off' });
    const staff = await staffSession(app.deps.db, 'E10002');
    expect((await client(app).as(staff).get('/v1/openapi.json')).status).toBe(404);
  });
});
