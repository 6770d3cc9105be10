import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { certificateEndingMail } from '#adapters/mail/templates.ts';
import {
  addDays,
  CERTIFICATE_TASK,
  CERTIFICATE_TASK_NAME,
  type CertificateEvent,
  certificateTaskNo,
  daysBetween,
  dueEvent,
  nextEventDay,
  PORTAL_CERTIFICATES_PATH,
  REMINDER_DAYS,
  supplierPagePath,
} from '#domain/certificates/certificate.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { dayStart, wireDay } from '#domain/date-time.ts';
import type { Locale } from '#domain/i18n.ts';
import { mailStaffTask } from '#services/mail/staff-task-mail.ts';
import { mailLocale } from '#services/rfi/fresh-code.ts';
import { certificateKinds } from './master-certificates.ts';
import { supplierPortalContacts, supplierPurchaser } from './certificate-people.ts';

export interface WatchDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}


/**
 * One pass of the certificate watch (workflows/certificate-watch.ts) at `now`: every dated current certificate whose
 * reminder or end has come gets it, once (certificate_event keeps it): the supplier's portal contacts are mailed in
 * their language, its purchasing manager gets a task and a mail; an ended certificate is marked expired. Answers when
 * the next event falls due (epoch ms), or null when no certificate has one.
 */
export async function runDueCertificateEvents(deps: WatchDeps, now: Date): Promise<{ handled: number; nextAt: number | null }> {
  const today = wireDay(now);
  const horizon = addDays(today, REMINDER_DAYS[0]);
  const due = await deps.db
    .selectFrom('supplier_certificate as c')
    .leftJoin('certificate_event as e', 'e.certificate_id', 'c.id')
    .select(['c.id', 'c.supplier_no', 'c.kind', 'c.valid_until', (eb) => eb.fn.agg<string[] | null>('array_agg', ['e.event']).as('events')])
    .where('c.status', '=', 'valid')
    .where('c.valid_until', 'is not', null)
    .where('c.valid_until', '<=', horizon)
    .groupBy(['c.id', 'c.supplier_no', 'c.kind', 'c.valid_until'])
    .execute();
  const kinds = due.length ? await certificateKinds(deps.db) : new Map();
  const kindName = (kind: string, locale: Locale) => kinds.get(kind)?.[locale] ?? kind;
  let handled = 0;
  let next: string | undefined;
  for (const c of due) {
    const until = c.valid_until!;
    const recorded = (c.events ?? []).filter(Boolean) as CertificateEvent[];
    const event = dueEvent(until, today, recorded);
    if (event && (await recordEvent(deps, { id: c.id, supplierNo: c.supplier_no, kindName: (locale) => kindName(c.kind, locale), validUntil: until }, event, today))) handled++;
    if (event !== 'expired' && daysBetween(today, until) >= 0) next = min(next, nextEventDay(until, today));
  }
  // Beyond the horizon: the farthest reminder of the nearest certificate.
  const later = await deps.db
    .selectFrom('supplier_certificate')
    .select((eb) => eb.fn.min('valid_until').as('until'))
    .where('status', '=', 'valid')
    .where('valid_until', '>', horizon)
    .executeTakeFirst();
  if (later?.until) next = min(next, addDays(later.until, -REMINDER_DAYS[0]));
  return { handled, nextAt: next ? dayStart(next) : null };
}

const min = (a: string | undefined, b: string) => (a === undefined || b < a ? b : a);

/** A due certificate as its event reads it: its kind's name in the reader's language. */
interface DueCertificate {
  id: number;
  supplierNo: string;
  kindName: (locale: Locale) => string;
  validUntil: string;
}

/** Records one event and does what it says; false when it was recorded before (a retried pass). */
async function recordEvent(deps: WatchDeps, c: DueCertificate, event: CertificateEvent, today: string): Promise<boolean> {
  const purchaser = await supplierPurchaser(deps.db, c.supplierNo);
  const taskType = event === 'expired' ? CERTIFICATE_TASK.ended : CERTIFICATE_TASK.ending;
  const fresh = await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto('certificate_event').values({ certificate_id: c.id, event, day: today }).onConflict((oc) => oc.doNothing()).returning('event').executeTakeFirst();
    if (!inserted) return false;
    if (event === 'expired') await trx.updateTable('supplier_certificate').set({ status: 'expired', updated_at: new Date() }).where('id', '=', c.id).where('status', '=', 'valid').execute();
    if (purchaser) {
      // The certificate's earlier reminder task gives way to this one.
      await trx
        .updateTable('cert_task')
        .set({ status: TASK_STATUS.FINISHED, updated_at: new Date() })
        .where('task_no', 'in', [certificateTaskNo(c.id, CERTIFICATE_TASK.ending), certificateTaskNo(c.id, CERTIFICATE_TASK.ended)])
        .where('task_no', '!=', certificateTaskNo(c.id, taskType))
        .where('status', '!=', TASK_STATUS.FINISHED)
        .execute();
      await trx
        .insertInto('cert_task')
        .values({
          task_no: certificateTaskNo(c.id, taskType),
          flow_no: c.supplierNo,
          node_code: CERTIFICATE_TASK.nodeCode,
          task_type: taskType,
          task_name: CERTIFICATE_TASK_NAME[taskType].zh,
          principal_job_number: purchaser.jobNumber,
          status: TASK_STATUS.IN_PROGRESS,
        })
        .onConflict((oc) => oc.column('task_no').doUpdateSet({ status: TASK_STATUS.IN_PROGRESS, principal_job_number: purchaser.jobNumber, updated_at: new Date() }))
        .execute();
    }
    return true;
  });
  if (!fresh) return false;
  await mailEvent(deps, c, event, today, purchaser);
  return true;
}

async function mailEvent(
  deps: WatchDeps,
  c: DueCertificate,
  event: CertificateEvent,
  today: string,
  purchaser: Awaited<ReturnType<typeof supplierPurchaser>>,
): Promise<void> {
  const { kindName } = c;
  const supplier = await deps.db.selectFrom('supplier').select('name').where('supplier_no', '=', c.supplierNo).executeTakeFirst();
  const daysLeft = daysBetween(today, c.validUntil);
  const base = deps.publicUrl.replace(/\/$/, '');
  for (const contact of await supplierPortalContacts(deps.db, c.supplierNo)) {
    const locale = mailLocale(contact.locale, 'zh');
    const mail = certificateEndingMail({ supplierName: contact.supplierName, certificate: kindName(locale), validUntil: c.validUntil, daysLeft, link: `${base}${PORTAL_CERTIFICATES_PATH}`, locale });
    await deps.mailer.send({ dedupeKey: `certificate:${c.id}:${event}:${contact.email}`, to: contact.email, locale, ...mail });
  }
  if (purchaser) {
    const taskType = event === 'expired' ? CERTIFICATE_TASK.ended : CERTIFICATE_TASK.ending;
    await mailStaffTask(deps, {
      jobNumber: purchaser.jobNumber,
      dedupeKey: `certificate:${c.id}:${event}:${purchaser.jobNumber}`,
      taskName: (locale) => (locale === 'en' ? `${CERTIFICATE_TASK_NAME[taskType].en}: ${kindName('en')} (${c.validUntil})` : `${CERTIFICATE_TASK_NAME[taskType].zh}：${kindName('zh')}（${c.validUntil}）`),
      flowNo: c.supplierNo,
      supplierName: supplier?.name ?? c.supplierNo,
      path: supplierPagePath(c.supplierNo),
      recipient: { email: purchaser.email, locale: purchaser.locale },
    });
  }
}
