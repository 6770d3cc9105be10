import type { Locale } from '#domain/i18n.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { portalSelfInspectionPath } from '#domain/supplier-portal/routes.ts';
import { checklistSubmittedMail, checklistToSupplierMail } from '#adapters/mail/templates.ts';
import type { SelfInspectionDeps } from './deps.ts';
import { dimensionName, type ItemRow } from './rows.ts';

/**
 * Mails sent after a change has committed. Each carries a dedupe key derived from the row and its
 * round, so a retried request never mails twice.
 */

function flowOf(deps: SelfInspectionDeps, flowNo: string) {
  return deps.db.selectFrom('cert_flow').select(['supplier_name', 'contact_email', 'locale']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
}

/** To the supplier contact, in the flow's language: a checklist issued, or returned with the opinion. */
export async function mailSupplier(deps: SelfInspectionDeps, row: ItemRow, dedupeKey: string, rejectOpinion?: string): Promise<void> {
  const flow = await flowOf(deps, row.flow_no);
  if (!flow.contact_email) return;
  const locale = flow.locale as Locale;
  const mail = checklistToSupplierMail({
    supplierName: flow.supplier_name,
    dimension: dimensionName(row, locale),
    link: `${deps.publicUrl}${portalSelfInspectionPath(row.flow_no)}`,
    locale,
    rejectOpinion,
  });
  await deps.mailer.send({ dedupeKey, to: flow.contact_email, locale, ...mail });
}

/** To the row's owner (zh, like every staff notice): the supplier submitted, please audit. */
export async function mailRowOwner(deps: SelfInspectionDeps, row: ItemRow, dedupeKey: string): Promise<void> {
  const staff = await deps.db.selectFrom('staff').select('email').where('job_number', '=', row.principal_job_number).executeTakeFirst();
  if (!staff) return;
  const flow = await flowOf(deps, row.flow_no);
  const mail = checklistSubmittedMail({
    supplierName: flow.supplier_name,
    dimension: row.dimension_desc,
    flowNo: row.flow_no,
    link: `${deps.publicUrl}${flowDetailPath(row.flow_no, 'SELF_INSPECTION')}`,
  });
  await deps.mailer.send({ dedupeKey, to: staff.email, locale: 'zh', ...mail });
}
