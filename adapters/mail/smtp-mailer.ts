import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { recordInOutbox } from './outbox.ts';

/** A mail the SMTP server refused or could not be reached for; the outbox row says 'failed'. */
export class MailDeliveryError extends Error {
  constructor(
    readonly outboxId: number,
    cause: unknown,
  ) {
    super(`mail ${outboxId} could not be delivered: ${errorText(cause)}`, { cause });
  }
}

/** A 'stored' row older than this was left by a process that died mid-send: it may be sent again. */
const STALE_SENDING_MINUTES = 5;

/**
 * Production mail (architecture §2): every mail is first recorded in the outbox under its dedupe key, then
 * delivered over SMTP, and the row is marked 'sent' or 'failed' with the error. A second call with
 * the same key sends nothing, unless the earlier delivery failed (a retried activity then delivers
 * it). A failed delivery throws, so the caller (a Temporal activity) retries.
 */
export function createSmtpMailer(opts: { url: string; from: string; db: Db }): Mailer {
  const { db } = opts;
  // Short timeouts: a slow mail server must not hold a request or an activity for minutes, and a
  // 'stored' row older than STALE_SENDING_MINUTES is then surely not being sent any more.
  const transport = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  async function deliver(id: number, mail: OutgoingMail): Promise<void> {
    try {
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Same dedupe key → same Message-ID, so a receiving system can drop a duplicate as well.
        messageId: `<${crypto.createHash('sha256').update(mail.dedupeKey).digest('hex').slice(0, 32)}@supplier-onboarding>`,
      });
    } catch (err) {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'failed', error: errorText(err).slice(0, 1000) })
        .where('id', '=', id)
        .execute();
      throw new MailDeliveryError(id, err);
    }
    await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: new Date(), error: null }).where('id', '=', id).execute();
  }

  return {
    kind: 'smtp',
    async send(mail) {
      const recorded = await recordInOutbox(db, mail, 'stored');
      if (recorded.duplicate && !(await claimForRetry(db, recorded.id))) return recorded;
      await deliver(recorded.id, mail);
      return { id: recorded.id, duplicate: false };
    },
    async check() {
      await transport.verify();
    },
  };
}

/**
 * Takes a failed (or abandoned) row back for one more attempt; false when someone else holds it.
 * created_at restarts with the attempt, so staleness counts from the latest try.
 */
async function claimForRetry(db: Db, id: number): Promise<boolean> {
  const claimed = await db
    .updateTable('mail_outbox')
    .set({ status: 'stored', created_at: new Date(), error: null })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'failed'),
        eb.and([eb('status', '=', 'stored'), eb('created_at', '<', sql<Date>`now() - make_interval(mins => ${STALE_SENDING_MINUTES})`)]),
      ]),
    )
    .returning('id')
    .executeTakeFirst();
  return Boolean(claimed);
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
