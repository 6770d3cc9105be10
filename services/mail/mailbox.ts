import type { Db } from '#db/connection.ts';
import type { Page, PageQuery } from '#domain/fields.ts';

export interface MailboxEntry {
  id: number;
  to: string;
  subject: string;
  /** ISO time. */
  createdAt: string;
  status: 'stored' | 'sent' | 'failed';
}

export interface MailboxMail extends MailboxEntry {
  text: string;
  html: string;
  locale: string;
}

/** Newest first, optionally for one recipient (case-insensitive; a dev table stays small). */
export async function listMailbox(db: Db, q: PageQuery & { to?: string }): Promise<Page<MailboxEntry>> {
  let base = db.selectFrom('mail_outbox');
  if (q.to) base = base.where((eb) => eb(eb.fn('lower', ['to_address']), '=', q.to!.toLowerCase()));
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'to_address', 'subject', 'created_at', 'status'])
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    records: rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, createdAt: new Date(r.created_at).toISOString(), status: r.status })),
    total: Number(count.n),
  };
}

export async function getMailboxMail(db: Db, id: number): Promise<MailboxMail | null> {
  const r = await db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) return null;
  return {
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    createdAt: new Date(r.created_at).toISOString(),
    status: r.status,
    text: r.text_body,
    html: r.html_body,
    locale: r.locale,
  };
}
