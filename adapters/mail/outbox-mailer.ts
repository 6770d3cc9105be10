import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Mailer } from './mailer.ts';
import { recordInOutbox } from './outbox.ts';

/** The embedded default: mails stay in the outbox table, readable at the dev mailbox. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    send: (mail) => recordInOutbox(db, mail, 'stored'),
    async check() {
      await sql`select 1 from mail_outbox limit 1`.execute(db);
    },
  };
}
