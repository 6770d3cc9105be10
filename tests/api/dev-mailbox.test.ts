import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#api/app.ts';
import { loadConfig } from '#infra/config.ts';
import { invitationMail } from '#adapters/mail/templates.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { client, type HttpClient } from '../support/http-client.ts';
import { staffSession } from '../support/sessions.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';

let app: TestApp;
/** The demo administrator's session: the mailbox is for staff with ops:dev-mailbox. */
let admin: HttpClient;
beforeAll(async () => {
  app = await startTestApp();
  admin = client(app).as(await staffSession(app.deps.db, 'E10001'));
});
afterAll(() => app.close());

describe('dev mailbox of the embedded stack', () => {

  it('lists what the outbox mailer "sent", newest first, filtered by recipient', async () => {
    const link = 'http://localhost:3000/client/login/abc';
    const first = await app.deps.mailer.send({ dedupeKey: 'm1', to: 'Li.Na@Supplier.example.com', locale: 'zh', ...invitationMail({ supplierName: '甲公司', link, locale: 'zh' }) });
    const second = await app.deps.mailer.send({ dedupeKey: 'm2', to: 'other@example.com', locale: 'en', subject: 'Your code', text: '123456', html: '<p>123456</p>' });

    const all = (await admin.get('/dev/v1/mailbox')).body;
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(2);
    expect(all.data.records.map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    expect(all.data.records[1]).toMatchObject({ to: 'Li.Na@Supplier.example.com', subject: '直采供应商注册RFI邀请', status: 'stored' });
    expect(all.data.records[1].createdAt).toEqual(expect.any(String));

    const mine = (await admin.get('/dev/v1/mailbox', { to: 'li.na@supplier.example.com', currentPage: 1, pageSize: 20 })).body;
    expect(mine.data).toMatchObject({ total: 1, records: [{ id: first.id }] });

    const page2 = (await admin.get('/dev/v1/mailbox', { currentPage: 2, pageSize: 20 })).body;
    expect(page2.data).toEqual({ records: [], total: 2 });
  });

  it('shows one whole mail, text and HTML, and 404 for an unknown id', async () => {
    const { id } = await app.deps.mailer.send({ dedupeKey: 'm3', to: 'x@example.com', locale: 'zh', ...invitationMail({ supplierName: '乙公司', link: 'http://localhost:3000/client/login/t3', locale: 'zh' }) });
    const res = (await admin.get(`/dev/v1/mailbox/${id}`)).body;
    expect(res.data).toMatchObject({ id, to: 'x@example.com', locale: 'zh' });
    expect(res.data.text).toContain('http://localhost:3000/client/login/t3');
    expect(res.data.html).toContain('href="http://localhost:3000/client/login/t3"');
    expect((await admin.get('/dev/v1/mailbox/999999')).status).toBe(404);
    expect((await admin.get('/dev/v1/mailbox/abc')).status).toBe(400);
    expect((await admin.get('/dev/v1/mailbox', { pageSize: 7 })).status).toBe(400);
    const unknown = await client(app).get('/dev/v1/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 40400 });
  });
});

describe('dev mailbox where real mail may leave or in production', () => {
  beforeAll(async () => {
    await app.deps.mailer.send({ dedupeKey: 'secret', to: 'a@example.com', locale: 'zh', subject: 'code 123456', text: '123456', html: '' });
  });

  for (const [label, env] of [
    ['SMTP_URL is set', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['APP_ENV is prod', { APP_ENV: 'prod', APP_SECRET: TEST_SECRET, ADMIN_USERNAME: 'ops.admin', ADMIN_EMAIL: 'ops@oem-corp.cn', ADMIN_PASSWORD: 'correct horse battery staple', ERP_URL: 'https://s4.oem-corp.cn' }],
  ] as const) {
    it(`is not mounted when ${label}`, async () => {
      // The same database, served by an app configured for that environment.
      const config = loadConfig({ ...process.env, NODE_ENV: 'test', ...env });
      const server: Server = await new Promise((resolve) => {
        const s = createApp({ ...app.deps, config }).listen(0, '127.0.0.1', () => resolve(s));
      });
      try {
        const other = client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`).as(await staffSession(app.deps.db, 'E10001'));
        for (const p of ['/dev/v1/mailbox', '/dev/v1/mailbox/1']) {
          const res = await other.get(p);
          expect(res.status, p).toBe(404);
          expect(JSON.stringify(res.body)).not.toContain('123456');
        }
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }
});
