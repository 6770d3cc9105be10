import type { Db } from '#db/connection.ts';
import type { OutgoingMail } from './mailer.ts';

/** Stores a mail once per dedupe key; the second call returns the first row. */
export async function recordInOutbox(
  db: Db,
  mail: OutgoingMail,
  status: 'stored' | 'sent',
): Promise<{ id: number; duplicate: boolean }> {
  const inserted = await db
    .insertInto('mail_outbox')
    .values({
      dedupe_key: mail.dedupeKey,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      locale: mail.locale,
      status,
      sent_at: status === 'sent' ? new Date() : null,
      error: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, duplicate: false };
  const existing = await db.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', mail.dedupeKey).executeTakeFirstOrThrow();
  return { id: existing.id, duplicate: true };
}
