import type { Db } from '#db/connection.ts';
import type { PpapLevel } from '#domain/ppap/ppap.ts';
import { ppapRequestMail } from '#adapters/mail/templates.ts';
import type { Locale } from '#domain/i18n.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { PORTAL_PPAP_PATH } from './portal.ts';
import { flowStandards } from '#services/scenario/scenario-read.ts';

/**
 * Opens the flow's PPAP submission at the scenario's level and asks the supplier's contact to submit, once (the
 * mail's key). Idempotent: a retried activity keeps the first row.
 */
export async function openPpapSubmission(deps: { db: Db; mailer: Mailer; publicUrl: string }, flowNo: string, level: PpapLevel): Promise<void> {
  await deps.db.insertInto('ppap_submission').values({ flow_no: flowNo, level }).onConflict((oc) => oc.column('flow_no').doNothing()).execute();
  const flow = await deps.db.selectFrom('cert_flow').select(['supplier_name', 'contact_email', 'locale']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  if (!flow.contact_email) return;
  const locale = (flow.locale === 'en' ? 'en' : 'zh') as Locale;
  const stored = await deps.db.selectFrom('ppap_submission').select('level').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  const mail = ppapRequestMail({ supplierName: flow.supplier_name, level: stored.level, link: portalPpapLink(deps.publicUrl, flowNo), locale });
  await deps.mailer.send({ dedupeKey: `ppap:${flowNo}:requested`, to: flow.contact_email, locale, ...mail });
}

export const portalPpapLink = (publicUrl: string, flowNo: string) => `${publicUrl.replace(/\/$/, '')}${PORTAL_PPAP_PATH}?${new URLSearchParams({ flowNo })}`;

/** Sample certification's own opening work: under a scenario using PPAP, its submission (req flow §11). */
export async function openSampleCert(deps: { db: Db; mailer: Mailer; publicUrl: string }, flowNo: string): Promise<void> {
  const { ppap } = await flowStandards(deps.db, flowNo);
  if (ppap) await openPpapSubmission(deps, flowNo, ppap.level);
}
