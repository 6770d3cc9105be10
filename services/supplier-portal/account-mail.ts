import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { portalAccountMail } from '#adapters/mail/templates.ts';
import { type Locale, LOCALES } from '#domain/i18n.ts';
import { PORTAL_LOGIN_PATH } from '#domain/supplier-portal/routes.ts';

/**
 * Tells the contact of a NEW portal account where to log in (after ensureSupplierAccount, when the
 * RFI passes). The account is new for this flow when this flow is its only one; an account that
 * merely joined another flow was told before. Idempotent for activity retries: the outbox keeps one
 * mail per `portal-account:<accountId>`. Returns whether a mail went out now.
 */
export async function mailNewSupplierAccount(deps: { db: Db; mailer: Mailer; publicUrl: string }, flowNo: string): Promise<boolean> {
  const { db, mailer, publicUrl } = deps;
  const account = await db
    .selectFrom('supplier_account_flow as f')
    .innerJoin('supplier_account as a', 'a.id', 'f.account_id')
    .select(['a.id', 'a.email', 'a.supplier_name', 'a.locale', 'a.active'])
    .where('f.flow_no', '=', flowNo)
    .executeTakeFirst();
  if (!account?.active) return false;
  const flows = await db.selectFrom('supplier_account_flow').select('flow_no').where('account_id', '=', account.id).execute();
  if (flows.length !== 1) return false;
  const locale: Locale = (LOCALES as readonly string[]).includes(account.locale) ? (account.locale as Locale) : 'zh';
  const link = `${publicUrl.replace(/\/$/, '')}${PORTAL_LOGIN_PATH}`;
  const mail = portalAccountMail({ supplierName: account.supplier_name, email: account.email, link, locale });
  const sent = await mailer.send({ dedupeKey: `portal-account:${account.id}`, to: account.email, ...mail, locale });
  return !sent.duplicate;
}
