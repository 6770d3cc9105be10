import type { Db } from '#db/connection.ts';
import { preparedStatement } from '#db/prepared-statement.ts';
import type { OutgoingMail } from './mailer.ts';

/** Every mail the platform sends passes here: compiled once and prepared. */
const insertMail = preparedStatement((db, v: OutgoingMail & { status: 'stored' | 'sent'; sentAt: Date | null }) =>
  db
    .insertInto('mail_outbox')
    .values({
      dedupe_key: v.dedupeKey,
      to_address: v.to,
      subject: v.subject,
      text_body: v.text,
      html_body: v.html,
      locale: v.locale,
      status: v.status,
      sent_at: v.sentAt,
      error: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id'),
);

/** Stores a mail once per dedupe key; the second call returns the first row. */
export async function recordInOutbox(
  db: Db,
  mail: OutgoingMail,
  status: 'stored' | 'sent',
): Promise<{ id: number; duplicate: boolean }> {
  const {
    rows: [inserted],
  } = await insertMail(db, { ...mail, status, sentAt: status === 'sent' ? new Date() : null });
  if (inserted) return { id: inserted.id, duplicate: false };
  const existing = await db.selectFrom('mail_outbox').select('id').where('dedupe_key', '=', mail.dedupeKey).executeTakeFirstOrThrow();
  return { id: existing.id, duplicate: true };
}
