import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { taskNotificationMail } from '#adapters/mail/templates.ts';
import type { Locale } from '#domain/i18n.ts';
import { mailLocale } from '#services/rfi/fresh-code.ts';

export interface StaffTaskMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Tells a staff member a task waits for them, in the language of their last login (Chinese when none is
 * stored): the task's name in that language, its supplier and flow, and the link to where it is worked on.
 * Sent under `dedupeKey`, so a retried activity tells nobody twice. Nothing is sent to someone not on file.
 */
export async function mailStaffTask(
  deps: StaffTaskMailDeps,
  input: {
    jobNumber: string;
    dedupeKey: string;
    taskName: (locale: Locale) => string;
    flowNo: string;
    supplierName: string;
    path: string;
    /** The staff member's address and language when the caller read them already (no second lookup); null: not on file. */
    recipient?: { email: string | null; locale: string } | null;
  },
): Promise<void> {
  const staff =
    input.recipient !== undefined
      ? input.recipient
      : await deps.db.selectFrom('staff').select(['email', 'locale']).where('job_number', '=', input.jobNumber).executeTakeFirst();
  if (!staff?.email) return;
  const locale = mailLocale(staff.locale, 'zh');
  const mail = taskNotificationMail({
    taskName: input.taskName(locale),
    flowNo: input.flowNo,
    supplierName: input.supplierName,
    link: `${deps.publicUrl.replace(/\/$/, '')}${input.path}`,
    locale,
  });
  await deps.mailer.send({ dedupeKey: input.dedupeKey, to: staff.email, locale, ...mail });
}
