import type { Db } from '#db/connection.ts';
import type { PortalCertificatesView, RenewalView, SupplierPageView } from '#domain/certificates/certificate.ts';
import { wireDay } from '#domain/date-time.ts';
import { forbidden, notFound } from '#domain/errors.ts';
import type { PortalPrincipal, StaffPrincipal } from '#domain/identity.ts';
import type { Locale } from '#domain/i18n.ts';
import { mayStaffEdit, portalSupplierNos } from '#services/supplier-change/access.ts';
import { supplierCategories } from '#services/supplier-master/search.ts';
import { certificateKinds, supplierCertificates } from './master-certificates.ts';
import { loadRenewal, renewalView } from './renewal.ts';
import { supplierRequalifications } from '#services/requalification/reads.ts';
import { PERMISSIONS } from '#domain/permissions.ts';

/** GET /api/v1/suppliers/detail: the supplier's page, for staff responsible for it (its flows' purchasing manager or CMT leader) and administrators. */
export async function supplierPage(db: Db, supplierNo: string, staff: StaffPrincipal, locale: Locale, now = new Date()): Promise<SupplierPageView> {
  const s = await db.selectFrom('supplier').select(['supplier_no', 'supplier_code', 'name', 'credit_code']).where('supplier_no', '=', supplierNo).executeTakeFirst();
  if (!s) throw notFound('unknownSupplier');
  if (!(await mayStaffEdit(db, staff, supplierNo))) throw forbidden('changeForbidden');
  const [categories, certificates, requalification] = await Promise.all([
    supplierCategories(db, supplierNo, locale),
    supplierCertificates(db, supplierNo, locale, wireDay(now)),
    supplierRequalifications(db, supplierNo, locale),
  ]);
  const blocking = certificates.filter((c) => c.blocks).map((c) => c.kindName);
  const unknown = { qualifiedOn: null, restrictedOn: null, nextRequalificationDay: null };
  return {
    supplierNo: s.supplier_no,
    supplierCode: s.supplier_code,
    name: s.name,
    creditCode: s.credit_code,
    categories: categories.map((c) => ({ ...c, ...(requalification.categories.get(c.categoryCode) ?? unknown) })),
    certificates,
    blockingCertificates: blocking,
    requalifications: requalification.rows,
    mayRequalify: staff.permissions.includes(PERMISSIONS.requalificationStart),
  };
}

/** GET /api/v1/certificates/renewal: a renewal as its approver compares it (its approver, administrators, staff responsible for the supplier). */
export async function renewalForStaff(db: Db, renewalNo: string, staff: StaffPrincipal, locale: Locale): Promise<RenewalView> {
  const r = await loadRenewal(db, renewalNo);
  if (r.approver_job_number !== staff.jobNumber && !(await mayStaffEdit(db, staff, r.supplier_no))) throw forbidden('renewalNotApprover');
  return renewalView(db, r, locale);
}

/** GET /api/v1/portal/certificates: each of the account's suppliers with its certificates and renewals, newest renewal first. */
export async function portalCertificates(db: Db, portal: PortalPrincipal, locale: Locale, now = new Date()): Promise<PortalCertificatesView> {
  const supplierNos = await portalSupplierNos(db, portal);
  if (!supplierNos.length) return [];
  const [suppliers, renewals, kinds] = await Promise.all([
    db.selectFrom('supplier').select(['supplier_no', 'name']).where('supplier_no', 'in', supplierNos).orderBy('supplier_no').execute(),
    db
      .selectFrom('certificate_renewal as r')
      .innerJoin('supplier_certificate as c', 'c.id', 'r.certificate_id')
      .select(['r.renewal_no', 'r.supplier_no', 'r.certificate_id', 'c.kind', 'r.valid_until', 'r.status', 'r.decision_reason', 'r.created_at'])
      .where('r.supplier_no', 'in', supplierNos)
      .orderBy('r.created_at', 'desc')
      .limit(200)
      .execute(),
    certificateKinds(db),
  ]);
  const today = wireDay(now);
  return Promise.all(
    suppliers.map(async (s) => ({
      supplierNo: s.supplier_no,
      supplierName: s.name,
      certificates: await supplierCertificates(db, s.supplier_no, locale, today),
      renewals: renewals
        .filter((r) => r.supplier_no === s.supplier_no)
        .map((r) => ({
          renewalNo: r.renewal_no,
          certificateId: r.certificate_id,
          kindName: kinds.get(r.kind)?.[locale] ?? r.kind,
          validUntil: r.valid_until,
          status: r.status,
          reason: r.decision_reason,
          submittedAt: new Date(r.created_at).toISOString(),
        })),
    })),
  );
}
