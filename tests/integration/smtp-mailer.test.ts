import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createMailer } from '#adapters/mail/index.ts';
import { MailDeliveryError } from '#adapters/mail/smtp-mailer.ts';
import { invitationMail } from '#adapters/mail/templates.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { DbHandle } from '#db/connection.ts';
import { loadConfig } from '#infra/config.ts';
import { createTestDb } from '../support/test-db.ts';
import { parseMail, type ParsedMail } from '../support/mime.ts';

interface Delivery {
  from: string;
  to: string[];
  mail: ParsedMail;
}

describe('SMTP mailer against a real SMTP server', () => {
  let server: SMTPServer;
  let port: number;
  let handle: DbHandle;
  let mailer: Mailer;
  const deliveries: Delivery[] = [];
  /** Recipients the server refuses, to simulate a failing delivery. */
  const refused = new Set<string>();

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, cb) {
        cb(refused.has(address.address) ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : undefined);
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          deliveries.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            mail: parseMail(Buffer.concat(chunks).toString('utf8')),
          });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as AddressInfo).port;
    handle = await createTestDb({ seed: false });
    const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Supplier Platform <no-reply@platform.example.com>' });
    mailer = createMailer(config, handle.db);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.close();
  });
  beforeEach(() => {
    deliveries.length = 0;
    refused.clear();
  });

  const outboxRow = (id: number) => handle.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('is chosen when SMTP_URL is set, and its check reaches the server', async () => {
    expect(mailer.kind).toBe('smtp');
    await expect(mailer.check()).resolves.toBeUndefined();
    expect(createMailer(loadConfig({}), handle.db).kind).toBe('outbox');
  });

  it('delivers the mail with its subject, body and recipient, and records it as sent', async () => {
    const link = 'http://localhost:3000/client/login/t0k3n';
    const content = invitationMail({ supplierName: '华东精密机械有限公司', link, locale: 'zh' });
    const result = await mailer.send({ dedupeKey: 'rfi-invite:A1:1', to: 'contact@supplier.example.com', locale: 'zh', ...content });

    expect(result.duplicate).toBe(false);
    expect(deliveries).toHaveLength(1);
    const [d] = deliveries;
    expect(d.to).toEqual(['contact@supplier.example.com']);
    expect(d.from).toBe('no-reply@platform.example.com');
    expect(d.mail.headers.subject).toBe('直采供应商注册RFI邀请');
    expect(d.mail.text).toContain('华东精密机械有限公司');
    expect(d.mail.text).toContain(link);
    expect(d.mail.html).toContain(`href="${link}"`);

    const row = await outboxRow(result.id);
    expect(row).toMatchObject({ status: 'sent', to_address: 'contact@supplier.example.com', error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('sends a mail once for the same dedupe key', async () => {
    const mail = { dedupeKey: 'login-code:A2:1', to: 'a2@supplier.example.com', locale: 'en' as const, subject: 'Code', text: 'Your code is 123456', html: '<p>123456</p>' };
    const first = await mailer.send(mail);
    const second = await mailer.send(mail);
    expect(second).toEqual({ id: first.id, duplicate: true });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].mail.text).toContain('Your code is 123456');
  });

  it('records a refused delivery as failed, throws, and delivers it when retried later', async () => {
    refused.add('gone@supplier.example.com');
    const mail = { dedupeKey: 'task:F1:T1', to: 'gone@supplier.example.com', locale: 'en' as const, subject: 'Task', text: 'A task waits', html: '<p>A task waits</p>' };
    const error = await mailer.send(mail).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    const failed = await outboxRow((error as MailDeliveryError).outboxId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/mailbox unavailable|550/);
    expect(deliveries).toHaveLength(0);

    refused.clear();
    const retried = await mailer.send(mail);
    expect(retried).toEqual({ id: failed.id, duplicate: false });
    expect(deliveries).toHaveLength(1);
    expect((await outboxRow(failed.id)).status).toBe('sent');
    // Once sent, the key is spent.
    expect((await mailer.send(mail)).duplicate).toBe(true);
    expect(deliveries).toHaveLength(1);
  });

  it('fails its check when the server cannot be reached', async () => {
    const down = createMailer(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }), handle.db);
    await expect(down.check()).rejects.toThrow();
  });
});
