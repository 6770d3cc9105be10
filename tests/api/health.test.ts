import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { client } from '../support/http-client.ts';

describe('GET /v1/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('reports each part, and a non-zero code when one is down', async () => {
    const res = await client(app).get('/v1/health');
    const { body } = res;
    expect(body.data).toEqual({ db: 'up', temporal: 'down', files: 'up', mail: 'up' });
    expect(body.code).not.toBe(0);
    expect(res.status).toBe(503);
  });

  it('answers unknown API paths with a 404 envelope, in the caller language', async () => {
    const res = await client(app).locale('en').get('/v1/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 40400, message: 'Not found' });
  });

  it('refuses malformed JSON with a 400, not a 500', async () => {
    const res = await client(app).send('POST', '/v1/ping', '{bad', 'application/json');
    expect(res.status).toBe(400);
  });
});
