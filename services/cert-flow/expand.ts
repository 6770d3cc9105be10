import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { APPLY_TYPE } from '#domain/cert-flow/enums.ts';
import type { ExpandApply } from '#domain/cert-flow/apply.ts';
import { withParams } from '#domain/messages.ts';
import type { FieldErrors } from '#domain/errors.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { SUPPLIER_ACTIVE } from '#domain/supplier-master.ts';
import { blockingCertificates } from '#services/certificates/master-certificates.ts';
import { type Applicant, checkReferences, type FlowSupplier, recordAndStartFlow } from './apply.ts';

/**
 * An expansion of an accepted supplier's categories (req flow §2.2, §5.1). Beyond the registration's
 * checks: the supplier is active in the supplier master, the contact's phone (and e-mail, when given)
 * are one of its contacts', and no chosen category is one it is already accessed for. Name, code,
 * region and credit code come from the master, not from the form. Without an e-mail the RFI node
 * sends no invitation and staff fill the questionnaire themselves (expand mode). A supplier whose must-have
 * certificate has ended (its kind blocks, dictionary certificate_file) is refused until the renewal is approved.
 */
export async function applyForExpansion(
  deps: { db: Db; flows: FlowGateway },
  input: ExpandApply,
  applicant: Applicant,
  locale: Locale,
): Promise<{ flowNo: string }> {
  const errors: FieldErrors = {};
  const supplier = await loadSupplier(deps.db, input);
  if (!supplier) errors.supplierNo = 'unknownSupplier';
  else {
    Object.assign(errors, await checkContact(deps.db, supplier.supplierNo, input), await checkNotAccessed(deps.db, supplier.supplierNo, input, locale));
    // An ended certificate of a kind that blocks holds every expansion back until its renewal is approved.
    const blocking = await blockingCertificates(deps.db, supplier.supplierNo, locale);
    if (blocking.length) errors.supplierNo = withParams('supplierCertificateBlocks', { names: blocking.join(locale === 'en' ? ', ' : '、') });
  }
  const refs = await checkReferences(deps.db, input, APPLY_TYPE.EXPAND, errors);
  return recordAndStartFlow(deps, {
    applyType: APPLY_TYPE.EXPAND,
    input,
    refs,
    supplier: supplier!,
    applicant,
    locale,
    history: { action: 'EXPAND_APPLY', description: `扩充供应商品类：${supplier!.name}` },
  });
}

async function loadSupplier(db: Db, input: ExpandApply): Promise<FlowSupplier | undefined> {
  const row = await db
    .selectFrom('supplier')
    .select(['supplier_no', 'supplier_code', 'name', 'certified_region', 'credit_code'])
    .where('supplier_no', '=', input.supplierNo)
    .where('status', '=', SUPPLIER_ACTIVE)
    .executeTakeFirst();
  // A code that names another supplier means the form is stale: refuse rather than guess.
  if (!row || (input.supplierCode && input.supplierCode !== row.supplier_code)) return undefined;
  return { supplierNo: row.supplier_no, supplierCode: row.supplier_code, name: row.name, certifiedRegion: row.certified_region, creditCode: row.credit_code };
}

/** The drawer locks e-mail and phone to a chosen contact; the server holds the same line. */
async function checkContact(db: Db, supplierNo: string, input: ExpandApply): Promise<FieldErrors> {
  const contacts = await db
    .selectFrom('supplier_contact')
    .select(['email'])
    .where('supplier_no', '=', supplierNo)
    .where('area_code', '=', input.contactAreaCode)
    .where('phone', '=', input.contactNumber)
    .execute();
  if (!contacts.length) return { contactNumber: 'notSupplierContact' };
  const email = input.contactEmail?.toLowerCase();
  if (email && !contacts.some((c) => c.email?.toLowerCase() === email)) return { contactEmail: 'contactEmailMismatch' };
  return {};
}

/**
 * Req flow §2.2: categories the supplier is already accessed for cannot be chosen — except eliminated ones
 * (life cycle 2, an approved exit): re-admission takes a new certification flow.
 */
async function checkNotAccessed(db: Db, supplierNo: string, input: ExpandApply, locale: Locale): Promise<FieldErrors> {
  const accessed = await db
    .selectFrom('supplier_category as sc')
    .innerJoin('category as c', 'c.code', 'sc.category_code')
    .select(['c.name_zh', 'c.name_en'])
    .where('sc.supplier_no', '=', supplierNo)
    .where('sc.category_code', 'in', input.categoryList.map((c) => c.code))
    .where('sc.life_cycle', '!=', CATEGORY_LIFE_CYCLE.ELIMINATED)
    .orderBy('sc.category_code')
    .execute();
  if (!accessed.length) return {};
  return { categoryList: withParams('categoryAlreadyAccessed', { names: accessed.map((a) => (locale === 'en' ? a.name_en : a.name_zh)).join(locale === 'en' ? ', ' : '、') }) };
}
