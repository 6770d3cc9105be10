import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#api/app.ts';
import { ROUTES } from '#domain/permissions.ts';
import { loadConfig } from '#infra/config.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { newSupplierSession, staffSession, staffWithout } from '../support/sessions.ts';
import { client } from '../support/http-client.ts';

/**
 * The dev mailbox holds every invitation link and login code: whoever reads it takes over any
 * supplier's session. Only a developer's own install has it, and only for staff allowed to read it.
 */
let app: TestApp;
const paths = ['/dev/v1/mailbox', '/dev/v1/mailbox/1'];
beforeAll(async () => {
  app = await startTestApp();
  await app.deps.mailer.send({ dedupeKey: 'code', to: 'a@supplier.example.com', locale: 'zh', subject: 'code 123456', text: '123456', html: '' });
});
afterAll(() => app.close());

/** The same database, served by an app configured for another environment. */
async function appWith(env: Record<string, string>): Promise<{ base: string; close(): Promise<void> }> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', ...env });
  const server: Server = await new Promise((resolve) => {
    const s = createApp({ ...app.deps, config }).listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('dev mailbox access', () => {
  it('answers 401 without a login in dev, and tells nothing', async () => {
    for (const p of paths) {
      const res = await client(app).get(p);
      expect(res.status, p).toBe(401);
      expect(res.bytes.toString()).not.toContain('123456');
    }
  });

  it('answers 403 to staff without ops:dev-mailbox, and 401 to a supplier', async () => {
    const staff = client(app).as(await staffSession(app.deps.db, await staffWithout(app.deps.db, ROUTES.devMailbox)));
    const supplier = client(app).as(await newSupplierSession(app.deps.db, app.deps.config.appSecret));
    for (const p of paths) {
      const res = await staff.get(p);
      expect(res.status, p).toBe(403);
      expect(res.bytes.toString()).not.toContain('123456');
      expect((await supplier.get(p)).status, p).toBe(401);
    }
  });

  it('shows the mail to the demo administrator, who holds ops:dev-mailbox', async () => {
    const list = (await client(app).as(await staffSession(app.deps.db, 'E10001')).get('/dev/v1/mailbox')).body;
    expect(list.data.records.map((m: { subject: string }) => m.subject)).toContain('code 123456');
  });

  for (const [label, env] of [
    ['APP_ENV is test', { APP_ENV: 'test' }],
    ['APP_ENV is ptest', { APP_ENV: 'ptest' }],
    ['APP_ENV is ontest', { APP_ENV: 'ontest' }],
    ['SMTP_URL is set', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
  ] as const) {
    it(`does not exist when ${label}, not even for its administrator (404)`, async () => {
      const other = await appWith(env);
      try {
        const admin = await staffSession(app.deps.db, 'E10001');
        for (const p of paths) {
          for (const caller of [null, admin]) {
            const res = await client(other.base).as(caller).get(p);
            expect(res.status, p).toBe(404);
            expect(res.bytes.toString()).not.toContain('123456');
          }
        }
      } finally {
        await other.close();
      }
    });
  }
});
