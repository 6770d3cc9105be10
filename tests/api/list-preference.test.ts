import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginClient, type Caller, type HttpClient } from '../support/http-client.ts';
import { invitedSupplier } from '../support/rfi-questionnaire.ts';
import { staffSessions } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The column chooser's stored choice (req shell §2.6 table field editor): each staff member reads and
 * replaces only their own, for lists they may open; unknown lists and columns are refused by name.
 */
let app: TestApp;
let api: HttpClient;
const who = {} as Record<'pm' | 'otherPm' | 'expert' | 'admin', Caller> & { supplier: Caller };
const as = (c: Caller | null) => api.as(c);
const PATH = '/v1/list-preference/cert-flow';

beforeAll(async () => {
  app = await startTestApp();
  api = sameOriginClient(app);
  Object.assign(who, await staffSessions(app.deps.db, { pm: 'E10002', otherPm: 'E10003', expert: 'E10030', admin: 'E10001' }));
  who.supplier = { authorization: (await invitedSupplier(app.deps.db, app.deps.config.appSecret)).authorization };
});
afterAll(() => app.close());

describe('a staff member keeps their own hidden columns per list', () => {
  it('shows every column until a choice is saved; the saved choice comes back on the next read', async () => {
    expect((await as(who.pm).get(PATH)).body.data).toEqual({ listKey: 'cert-flow', hiddenColumns: [] });
    const saved = await as(who.pm).post(PATH, { hiddenColumns: ['cmtName', 'passTime'] });
    expect(saved.status).toBe(200);
    expect((await as(who.pm).get(PATH)).body.data.hiddenColumns).toEqual(['cmtName', 'passTime']);
    // Replacing, not merging: showing a column again is saving the shorter list.
    await as(who.pm).post(PATH, { hiddenColumns: ['passTime'] });
    expect((await as(who.pm).get(PATH)).body.data.hiddenColumns).toEqual(['passTime']);
  });

  it("one staff member never sees or changes another's choice, and each list keeps its own", async () => {
    await as(who.pm).post(PATH, { hiddenColumns: ['bpm'] });
    expect((await as(who.otherPm).get(PATH)).body.data.hiddenColumns).toEqual([]);
    await as(who.otherPm).post(PATH, { hiddenColumns: ['stage'] });
    expect((await as(who.pm).get(PATH)).body.data.hiddenColumns).toEqual(['bpm']);
    expect((await as(who.pm).get('/v1/list-preference/supplier-exit')).body.data.hiddenColumns).toEqual([]);
  });

  it('refuses a list the caller may not open (403), a supplier and nobody (401)', async () => {
    const res = await as(who.pm).get('/v1/list-preference/scenario-config');
    expect(res.status).toBe(403);
    expect((await as(who.expert).post('/v1/list-preference/supplier-exit', { hiddenColumns: [] })).status).toBe(403);
    expect((await as(who.admin).post('/v1/list-preference/scenario-config', { hiddenColumns: ['nodeCount'] })).status).toBe(200);
    expect((await as(who.supplier).get(PATH)).status).toBe(401);
    expect((await as(null).get(PATH)).status).toBe(401);
    expect((await as(null).post(PATH, { hiddenColumns: [] })).status).toBe(401);
  });
});

describe('bad input is a 400 naming the field and changes nothing', () => {
  it('an unknown list names listKey', async () => {
    const res = await as(who.pm).locale('en').get('/v1/list-preference/no-such-list');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ listKey: 'This list does not exist' });
    expect((await as(who.pm).post('/v1/list-preference/no-such-list', { hiddenColumns: [] })).status).toBe(400);
  });

  it('an unknown column or a fixed one names its place in hiddenColumns', async () => {
    await as(who.pm).post(PATH, { hiddenColumns: ['bpm'] });
    const res = await as(who.pm).locale('en').post(PATH, { hiddenColumns: ['stage', 'noSuchColumn', 'flowNo'] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'hiddenColumns.1': 'This list has no such column', 'hiddenColumns.2': 'This column cannot be hidden' });
    // A column of another list is unknown here.
    expect((await as(who.pm).post(PATH, { hiddenColumns: ['sponsor'] })).body.errors).toHaveProperty(['hiddenColumns.0']);
    expect((await as(who.pm).get(PATH)).body.data.hiddenColumns).toEqual(['bpm']);
  });

  it('a missing or malformed body names hiddenColumns; a repeated column is refused', async () => {
    expect((await as(who.pm).post(PATH, {})).body.errors).toHaveProperty('hiddenColumns');
    expect((await as(who.pm).post(PATH, { hiddenColumns: 'stage' })).status).toBe(400);
    expect((await as(who.pm).post(PATH, { hiddenColumns: ['stage', 'stage'] })).body.errors).toHaveProperty('hiddenColumns');
  });
});
