import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/connection.ts';
import { seedAll } from '#db/seeds/index.ts';
import { DEMO_PASSWORD } from '#db/seeds/org.ts';
import { DEMO_STAFF } from '#db/seeds/reference/staff.ts';
import { loadConfig, type Config } from '#infra/config.ts';
import { createTestDb } from '../support/test-db.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { client } from '../support/http-client.ts';

const secret = crypto.randomBytes(32).toString('hex');

/** What a production start reads: no demo data, one administrator from configuration. */
function prodConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_ENV: 'prod',
    PORT: '0',
    APP_SECRET: secret,
    ADMIN_USERNAME: 'ops.admin',
    ADMIN_EMAIL: 'ops.admin@oem-corp.cn',
    ADMIN_PASSWORD: 'correct horse battery staple',
    ERP_URL: 'https://s4.oem-corp.cn',
    ...env,
  });
}
const prodSeed = (config: Config) => ({ demo: config.seedDemo, admin: config.admin });

async function login(app: TestApp, username: string, password: string): Promise<number> {
  return (await client(app).post('/v1/auth/login', { username, password })).status;
}

const demoJobNumbers = DEMO_STAFF.map((s) => s.jobNumber);

describe('a production start', () => {
  describe('on a new database', () => {
    let db: DbHandle;
    let app: TestApp;
    const config = prodConfig();
    beforeAll(async () => {
      db = await createTestDb({ seed: false });
      await seedAll(db.db, prodSeed(config));
      app = await startTestApp({ db: db.db, config });
    });
    afterAll(async () => {
      await app.close();
      await db.close();
    });

    it('creates no demo staff and no demo supplier, only the configured administrator', async () => {
      const staff = await db.db.selectFrom('staff').select(['username', 'email', 'roles', 'active']).execute();
      expect(staff).toEqual([{ username: 'ops.admin', email: 'ops.admin@oem-corp.cn', roles: ['CERT_ADMIN'], active: true }]);
      expect(await db.db.selectFrom('supplier').select('supplier_no').execute()).toEqual([]);
      // Reference data is there all the same.
      expect((await db.db.selectFrom('role').select('code').execute()).length).toBeGreaterThan(0);
    });

    it('lets nobody in with the demo password; the administrator logs in with the configured one', async () => {
      expect(await login(app, 'admin', DEMO_PASSWORD)).toBe(401);
      expect(await login(app, 'pm.wang', DEMO_PASSWORD)).toBe(401);
      expect(await login(app, 'ops.admin', DEMO_PASSWORD)).toBe(401);
      expect(await login(app, 'ops.admin', 'correct horse battery staple')).toBe(200);
    });
  });

  describe('on a database an earlier start filled with demo data', () => {
    let db: DbHandle;
    let app: TestApp;
    const config = prodConfig();
    beforeAll(async () => {
      db = await createTestDb();
      await seedAll(db.db, prodSeed(config));
      app = await startTestApp({ db: db.db, config });
    });
    afterAll(async () => {
      await app.close();
      await db.close();
    });

    it('turns the demo accounts off, so their published password opens nothing', async () => {
      const demo = await db.db.selectFrom('staff').select('active').where('job_number', 'in', demoJobNumbers).execute();
      expect(demo).toHaveLength(DEMO_STAFF.length);
      expect(demo.every((s) => !s.active)).toBe(true);
      expect(await login(app, 'admin', DEMO_PASSWORD)).toBe(401);
      expect(await login(app, 'pm.wang', DEMO_PASSWORD)).toBe(401);
    });

    it('does not bring back a demo account deleted in production', async () => {
      await db.db.deleteFrom('staff').where('username', '=', 'expert.chen').execute();
      await seedAll(db.db, prodSeed(config));
      expect(await db.db.selectFrom('staff').select('id').where('username', '=', 'expert.chen').executeTakeFirst()).toBeUndefined();
    });

    it('keeps the administrator as configured: present, active, administrator, with the configured password', async () => {
      await db.db.deleteFrom('staff').where('username', '=', 'ops.admin').execute();
      await seedAll(db.db, prodSeed(config));
      expect(await login(app, 'ops.admin', 'correct horse battery staple')).toBe(200);

      const rotated = prodConfig({ ADMIN_PASSWORD: 'a rotated passphrase for ops' });
      await db.db.updateTable('staff').set({ roles: JSON.stringify([]), active: false }).where('username', '=', 'ops.admin').execute();
      await seedAll(db.db, prodSeed(rotated));
      expect(await login(app, 'ops.admin', 'correct horse battery staple')).toBe(401);
      expect(await login(app, 'ops.admin', 'a rotated passphrase for ops')).toBe(200);
      const row = await db.db.selectFrom('staff').select(['roles', 'active']).where('username', '=', 'ops.admin').executeTakeFirstOrThrow();
      expect(row).toEqual({ roles: ['CERT_ADMIN'], active: true });
    });
  });
});
