import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { supplierAdmittedMail, supplierAdmittedStaffMail } from '#adapters/mail/templates.ts';
import { LOCALES, type Locale } from '#domain/i18n.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { PORTAL_LOGIN_PATH } from '#domain/supplier-portal/routes.ts';
import { flowRoleHolder } from '#services/cert-flow/roles.ts';

/**
 * The admission mails, after the admission has committed: the purchasing manager in Chinese (as every
 * staff notice) with the progress page, the supplier's contact in the flow's language with the portal
 * login. Keyed by flow and recipient kind, so a retried activity mails nobody twice.
 */
export async function mailAdmission(deps: { db: Db; mailer: Mailer; publicUrl: string }, flowNo: string, supplierCode: string): Promise<void> {
  const { db, mailer } = deps;
  const base = deps.publicUrl.replace(/\/$/, '');
  const flow = await db.selectFrom('cert_flow').select(['supplier_name', 'contact_email', 'locale', 'category_list']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  const locale: Locale = (LOCALES as readonly string[]).includes(flow.locale) ? (flow.locale as Locale) : 'zh';
  const names = await categoryNames(db, flow.category_list.map((c) => c.code));

  const manager = await flowRoleHolder(db, flowNo, 'PURCHASE_MANAGER');
  const staff = manager && (await db.selectFrom('staff').select('email').where('job_number', '=', manager.job_number).executeTakeFirst());
  if (staff) {
    const mail = supplierAdmittedStaffMail({ supplierName: flow.supplier_name, supplierCode, categories: names.zh, flowNo, link: `${base}${flowDetailPath(flowNo)}` });
    await mailer.send({ dedupeKey: `admitted:${flowNo}:purchase-manager`, to: staff.email, locale: 'zh', ...mail });
  }
  // An expansion may have no contact e-mail (req flow §5.1): nobody to tell on the supplier's side.
  if (flow.contact_email) {
    const mail = supplierAdmittedMail({ supplierName: flow.supplier_name, supplierCode, categories: names[locale], link: `${base}${PORTAL_LOGIN_PATH}`, locale });
    await mailer.send({ dedupeKey: `admitted:${flowNo}:supplier`, to: flow.contact_email, locale, ...mail });
  }
}

async function categoryNames(db: Db, codes: readonly string[]): Promise<Record<Locale, string[]>> {
  if (!codes.length) return { zh: [], en: [] };
  const rows = await db.selectFrom('category').select(['name_zh', 'name_en']).where('code', 'in', codes).orderBy('code').execute();
  return { zh: rows.map((r) => r.name_zh), en: rows.map((r) => r.name_en) };
}
