import type { Config } from '#infra/config.ts';
import type { Db } from '#db/connection.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** SMTP when SMTP_URL is set (production), else the outbox read at the dev mailbox (architecture §2). */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>, db: Db): Mailer {
  if (config.SMTP_URL) return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, db });
  return createOutboxMailer(db);
}
