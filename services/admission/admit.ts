import type { Db } from '#db/connection.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { SYSTEM_ACTOR } from '#domain/identity.ts';
import { releaseFormSchema } from '#domain/release/release-form.ts';
import { fieldErrors } from '#domain/rfi/sections/index.ts';
import { markFlowEnded } from '#services/cert-flow/projection.ts';
import { conflict, notFound, ServiceError } from '#domain/errors.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { loadRelease } from '#services/release/release-row.ts';
import { mailAdmission } from './admission-mail.ts';
import { keepAdmittedCertificates } from '#services/certificates/master-certificates.ts';
import { admitCategories, admittedSupplierNo, writeContacts, writeSupplier, type AdmittedFlow } from './supplier-writes.ts';

/**
 * Admission (what stage 90 means): the flow's supplier becomes an accepted supplier with the code of its
 * approved release — the supplier row and its master (the release form as the system of record), its
 * contacts, the flow's categories admitted with the flow's life cycle — and the flow records its supplier,
 * pass time and stage 90, all in one transaction; then the purchasing manager and the supplier are mailed.
 *
 * Idempotent: the flow row is locked, and a flow already at stage 90 is not admitted again (its mails are
 * sent again under the same keys, which the outbox keeps once). Refusals are rule refusals, final for the
 * activity: no approved release with a code, a release form that does not meet the rules, a code that
 * belongs to another supplier, a terminated flow.
 */
export async function admitSupplier(deps: { db: Db; mailer: Mailer; publicUrl: string }, flowNo: string, now = new Date()): Promise<{ supplierCode: string }> {
  const supplierCode = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('cert_flow')
      .select(['flow_no', 'apply_type', 'supplier_no', 'supplier_code', 'stage', 'certified_region', 'life_cycle', 'category_list', 'contact_name', 'contact_email', 'contact_area_code', 'contact_number'])
      .where('flow_no', '=', flowNo)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('flowNotFound');
    if (row.stage === STAGE.FINISHED && row.supplier_no && row.supplier_code) return row.supplier_code;
    if (row.stage === STAGE.TERMINATED) throw conflict('flowEnded');

    const release = await loadRelease(trx, flowNo, { forUpdate: true });
    if (release?.status !== RELEASE_STATUS.APPROVED || !release.supplierCode) throw conflict('admissionNeedsSupplierCode');
    // Approved under every rule of its context; the master must at least meet the form's own rules.
    const parsed = releaseFormSchema('full').safeParse(release.form);
    if (!parsed.success) throw new ServiceError('conflict', 'admissionFormIncomplete', fieldErrors(parsed.error));
    const code = release.supplierCode;

    const flow: AdmittedFlow = {
      flowNo,
      applyType: row.apply_type,
      supplierNo: row.supplier_no,
      certifiedRegion: row.certified_region,
      lifeCycle: row.life_cycle,
      categoryCodes: row.category_list.map((c) => c.code),
      contact: { name: row.contact_name, email: row.contact_email, areaCode: row.contact_area_code, phone: row.contact_number },
    };
    const supplierNo = await admittedSupplierNo(trx, flow, code);
    await writeSupplier(trx, flow, supplierNo, code, parsed.data, now);
    await writeContacts(trx, flow, supplierNo, parsed.data);
    await admitCategories(trx, flow, supplierNo, now);
    await keepAdmittedCertificates(trx, { flowNo, supplierNo, now });
    await trx.updateTable('cert_flow').set({ supplier_no: supplierNo, supplier_code: code, updated_at: now }).where('flow_no', '=', flowNo).execute();
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      dedupeKey: `admit:${flowNo}`,
      actor: SYSTEM_ACTOR,
      action: 'ADMIT_SUPPLIER',
      description: `供应商准入，供应商编码：${code}`,
      detail: { supplierCode: code, supplierNo, categories: flow.categoryCodes },
      at: now,
    });
    await markFlowEnded(trx, { flowNo, stage: STAGE.FINISHED }, now);
    return code;
  });
  await mailAdmission(deps, flowNo, supplierCode);
  return { supplierCode };
}
