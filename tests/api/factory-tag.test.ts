import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/http-client.ts';
import { staffSession } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/** The factory tag (req shell §2.6): the staff member's factory location and the six workshops its code names. */
describe('factory tag', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('the current user carries the factory location code; one without a location has null', async () => {
    const pm = await staffSession(app.deps.db, 'E10002');
    expect((await client(app).as(pm).get('/dsc-staff/v1/current-user')).body.data.factoryLocation).toBe('1040');
    const cmt = await staffSession(app.deps.db, 'E10010');
    expect((await client(app).as(cmt).get('/dsc-staff/v1/current-user')).body.data.factoryLocation).toBeNull();
  });

  it('the factory_location dictionary names six workshops in the caller’s language', async () => {
    const pm = await staffSession(app.deps.db, 'E10002');
    const zh = await client(app).as(pm).locale('zh').get('/dict/v1/list', { dictType: 'factory_location' });
    expect(zh.body.data.map((d: { dictKey: string; dictValue: string }) => [d.dictKey, d.dictValue])).toEqual([
      ['1010', '冲压车间'],
      ['1020', '焊装车间'],
      ['1030', '涂装车间'],
      ['1040', '总装车间'],
      ['1050', '发动机车间'],
      ['1060', '电池车间'],
    ]);
    const en = await client(app).as(pm).locale('en').get('/dict/v1/list', { dictType: 'factory_location' });
    expect(en.body.data.find((d: { dictKey: string }) => d.dictKey === '1040').dictValue).toBe('Final assembly shop');
  });
});
