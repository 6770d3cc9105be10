import type { Mailer } from '#adapters/mail/mailer.ts';
import { bankChangeAlertMail, changeAppliedMail, changeReturnedMail } from '#adapters/mail/supplier-change-mails.ts';
import type { Db } from '#db/connection.ts';
import { LOCALES, type Locale } from '#domain/i18n.ts';
import { CHANGE_TASK_NAME } from '#domain/supplier-change/approval.ts';
import { changeApprovalPath, innerEditPath, portalChangePath } from '#domain/supplier-change/routes.ts';
import { mailStaffTask } from '#services/mail/staff-task-mail.ts';
import { loadChange } from '../change-rows.ts';

/**
 * The mails of a change's approval, sent after the write they follow has committed, each under a key
 * of its change, round and recipient, so a retried activity mails nobody twice.
 */
export interface NotifyDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const asLocale = (value: string | null | undefined): Locale => ((LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'zh');
const base = (deps: NotifyDeps) => deps.publicUrl.replace(/\/$/, '');

async function supplierOf(db: Db, supplierNo: string) {
  return db.selectFrom('supplier').select(['name']).where('supplier_no', '=', supplierNo).executeTakeFirstOrThrow();
}

/** The certification flow that admitted the supplier (its master's), if it came through one. */
async function certFlowOf(db: Db, supplierNo: string): Promise<string | null> {
  const row = await db.selectFrom('supplier').select(['master_flow_no', 'source_flow_no']).where('supplier_no', '=', supplierNo).executeTakeFirst();
  return row?.master_flow_no ?? row?.source_flow_no ?? null;
}

/** The language the supplier's side reads: its certification flow's. */
async function supplierLocale(db: Db, supplierNo: string): Promise<Locale> {
  const flowNo = await certFlowOf(db, supplierNo);
  const flow = flowNo ? await db.selectFrom('cert_flow').select('locale').where('flow_no', '=', flowNo).executeTakeFirst() : undefined;
  return asLocale(flow?.locale);
}

/** A step's approver: the task, linking to the change's approval card, in the language of their last login. */
export async function mailChangeApprover(deps: NotifyDeps, input: { flowNo: string; taskNo: string; approverJobNumber: string }): Promise<void> {
  const change = await loadChange(deps.db, input.flowNo);
  const supplier = await supplierOf(deps.db, change.supplier_no);
  await mailStaffTask(deps, {
    jobNumber: input.approverJobNumber,
    dedupeKey: `task:${input.taskNo}`,
    taskName: (locale) => CHANGE_TASK_NAME.CHANGE_APPROVAL[locale],
    flowNo: input.flowNo,
    supplierName: supplier.name,
    path: changeApprovalPath(input.flowNo),
  });
}

/**
 * A bank change was submitted: every contact on file before it — the supplier's contacts, the contacts of
 * the master it was compared against, its portal accounts — is told, in the supplier's language.
 */
export async function alertContactsOfBankChange(deps: NotifyDeps, input: { flowNo: string; round: number }): Promise<number> {
  const { db } = deps;
  const change = await loadChange(db, input.flowNo);
  const supplier = await supplierOf(db, change.supplier_no);
  const locale = await supplierLocale(db, change.supplier_no);
  const onFile = await db.selectFrom('supplier_contact').select('email').where('supplier_no', '=', change.supplier_no).where('email', 'is not', null).execute();
  const snapshot = ((change.snapshot as { contactList?: { email?: string | null }[] }).contactList ?? []).map((c) => c.email);
  const flowNo = await certFlowOf(db, change.supplier_no);
  const accounts = flowNo
    ? await db.selectFrom('supplier_account as a').innerJoin('supplier_account_flow as f', 'f.account_id', 'a.id').select('a.email').where('f.flow_no', '=', flowNo).where('a.active', '=', true).execute()
    : [];
  const emails = new Map<string, string>();
  for (const email of [...onFile.map((c) => c.email), ...snapshot, ...accounts.map((a) => a.email)]) {
    const trimmed = email?.trim();
    if (trimmed) emails.set(trimmed.toLowerCase(), trimmed);
  }
  const mail = bankChangeAlertMail({ supplierName: supplier.name, flowNo: input.flowNo, submitterName: change.submitter_name, locale });
  for (const [key, to] of emails) {
    await deps.mailer.send({ dedupeKey: `change-bank-alert:${input.flowNo}:${input.round}:${key}`, to, locale, ...mail });
  }
  return emails.size;
}

/** Where the submitter edits their change, and in which language: their own (staff: of their last login). */
async function submitterAddress(deps: NotifyDeps, change: { side: string; submitter_id: string; flow_no: string }) {
  if (change.side === 'staff') {
    const staff = await deps.db.selectFrom('staff').select(['email', 'locale']).where('job_number', '=', change.submitter_id).executeTakeFirst();
    return staff && { to: staff.email, locale: asLocale(staff.locale), link: `${base(deps)}${innerEditPath(change.flow_no)}` };
  }
  const account = await deps.db.selectFrom('supplier_account').select(['email', 'locale']).where('id', '=', change.submitter_id).executeTakeFirst();
  return account && { to: account.email, locale: asLocale(account.locale), link: `${base(deps)}${portalChangePath(change.flow_no)}` };
}

/** The change came back: its submitter reads the reason. */
export async function mailChangeReturned(deps: NotifyDeps, input: { flowNo: string; round: number }): Promise<void> {
  const change = await loadChange(deps.db, input.flowNo);
  const to = await submitterAddress(deps, change);
  if (!to) return;
  const supplier = await supplierOf(deps.db, change.supplier_no);
  const mail = changeReturnedMail({ supplierName: supplier.name, flowNo: input.flowNo, reason: change.reason ?? '', link: to.link, locale: to.locale });
  await deps.mailer.send({ dedupeKey: `change-returned:${input.flowNo}:${input.round}`, to: to.to, locale: to.locale, ...mail });
}

/** The change took effect: its submitter is told. */
export async function mailChangeApplied(deps: NotifyDeps, input: { flowNo: string; round: number }): Promise<void> {
  const change = await loadChange(deps.db, input.flowNo);
  const to = await submitterAddress(deps, change);
  if (!to) return;
  const supplier = await supplierOf(deps.db, change.supplier_no);
  const mail = changeAppliedMail({ supplierName: supplier.name, flowNo: input.flowNo, link: to.link, locale: to.locale });
  await deps.mailer.send({ dedupeKey: `change-applied:${input.flowNo}:${input.round}`, to: to.to, locale: to.locale, ...mail });
}
