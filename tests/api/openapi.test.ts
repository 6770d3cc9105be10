import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#api/app.ts';
import { listRoutes } from '#api/openapi/list-routes.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe('the OpenAPI document', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('documents every API route the app answers', async () => {
    const doc = await (await fetch(`${app.baseUrl}/v1/openapi.json`)).json();
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const served = listRoutes(createApp(app.deps))
      .map((r) => `${r.method.toUpperCase()} ${r.path}`)
      .filter((r) => !r.includes('/v1/docs') && !r.includes('/v1/openapi.json'));
    expect(served.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('serves the reference page from the package, without a CDN', async () => {
    const page = await (await fetch(`${app.baseUrl}/v1/docs`)).text();
    expect(page).toContain('/v1/docs/assets/swagger-ui-bundle.js');
    expect(page).not.toMatch(/https?:\/\//);
    expect((await fetch(`${app.baseUrl}/v1/docs/assets/swagger-ui-bundle.js`)).status).toBe(200);
  });
});
