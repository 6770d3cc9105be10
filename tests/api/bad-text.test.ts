import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { PURCHASER } from '../support/rfi-questionnaire.ts';

/**
 * Text no database column can hold — a NUL byte, half of a surrogate pair — and structures nested
 * deeper than any form are refused as a field error before any handler runs. Reproduces the finding
 * that a NUL in any string field gave a 500, anonymous endpoints included.
 */
describe('text that no field can hold', () => {
  let app: TestApp;
  let pm: Caller;

  beforeAll(async () => {
    app = await startTestApp();
    pm = await staffSession(app.deps.db, PURCHASER);
  });
  afterAll(() => app.close());

  /** Sends the body as written (JSON escapes stay escapes), so a lone surrogate reaches the server. */
  const send = (method: 'GET' | 'POST', path: string, opts: { json?: string; caller?: Caller; locale?: 'zh' | 'en' } = {}) => {
    const api = client(app).as(opts.caller ?? null).locale(opts.locale ?? 'zh');
    return opts.json === undefined ? (method === 'GET' ? api.get(path) : api.post(path)) : api.send(method, path, opts.json, 'application/json');
  };
  const flowCount = async () => Number((await app.deps.db.selectFrom('cert_flow').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('a NUL in an anonymous login is a 400 naming the field, not a 500', async () => {
    const res = await send('POST', '/v1/auth/login', { json: '{"username":"pm.wang\\u0000","password":"x"}', locale: 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40000, errors: { username: 'Contains a character that is not allowed (NUL or a broken character)' } });
  });

  it('a NUL in a query field names the field', async () => {
    const res = await send('GET', '/v1/area/search-country?search=%00', { caller: pm });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ search: '包含不允许的字符（空字符或残缺字符）' });
  });

  it('an unpaired surrogate deep in a staff form names its dot path, and nothing is written', async () => {
    const before = await flowCount();
    const json = '{"supplierName":"ok","categoryList":[{"code":"a","name":"A"},{"code":"b","name":"b\\ud800c"}]}';
    const res = await send('POST', '/v1/cert-flow-node/create', { json, caller: pm });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'categoryList.1.name': '包含不允许的字符（空字符或残缺字符）' });
    expect(await flowCount()).toBe(before);
  });

  it('a lone low surrogate and a NUL in a key are refused too; a whole pair (an emoji) is text', async () => {
    expect((await send('POST', '/v1/auth/login', { json: '{"username":"\\udc00","password":"x"}' })).body.errors).toEqual({ username: expect.any(String) });
    expect((await send('POST', '/v1/auth/login', { json: '{"a\\u0000b":1,"username":"x","password":"y"}' })).status).toBe(400);
    expect((await send('POST', '/v1/auth/login', { json: '{"username":"\\ud83d\\ude00","password":"x"}' })).status).toBe(401);
  });

  it('a structure nested deeper than any form is a 400, not a stack overflow', async () => {
    const deep = `{"username":${'['.repeat(50_000)}${']'.repeat(50_000)},"password":"x"}`;
    const res = await send('POST', '/v1/auth/login', { json: deep });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)[0]).toMatch(/^username/);
  });
});
