import { sql, type Transaction } from 'kysely';
import type { Database } from '#db/schema.ts';
import { APPLY_TYPE } from '#domain/cert-flow/enums.ts';
import { withParams } from '#domain/messages.ts';
import type { ReleaseBasicInfo, ReleaseForm } from '#domain/release/release-form.ts';
import { certifiedRegionOf, masterRecordOf, type SupplierMasterRecord } from '#domain/supplier-master-record.ts';
import { SUPPLIER_ACTIVE, SUPPLIER_CATEGORY_STATUS } from '#domain/supplier-master.ts';
import { conflict } from '#domain/errors.ts';

type Trx = Transaction<Database>;

/** The flow facts admission writes from. */
export interface AdmittedFlow {
  flowNo: string;
  applyType: number;
  supplierNo: string | null;
  certifiedRegion: number | null;
  lifeCycle: number;
  categoryCodes: string[];
  contact: { name: string; email: string | null; areaCode: string; phone: string };
}

/**
 * The supplier the flow admits: an expansion's own; for a registration the supplier that already has the
 * code (the form was switched to an ERP vendor the master knows: the same company), else a new number.
 */
export async function admittedSupplierNo(trx: Trx, flow: AdmittedFlow, supplierCode: string): Promise<string> {
  const holder = await trx.selectFrom('supplier').select('supplier_no').where('supplier_code', '=', supplierCode).executeTakeFirst();
  if (flow.applyType === APPLY_TYPE.EXPAND && flow.supplierNo) {
    if (holder && holder.supplier_no !== flow.supplierNo) throw conflict(withParams('supplierCodeOfAnotherSupplier', { code: supplierCode }));
    return flow.supplierNo;
  }
  if (holder) return holder.supplier_no;
  const { no } = await sql<{ no: string }>`select 'SN' || lpad(nextval('supplier_no_seq')::text, 6, '0') as no`.execute(trx).then((r) => r.rows[0]!);
  return no;
}

/** The supplier row's columns that follow the master's basic info (admission and information changes write them). */
export function basicInfoColumns(info: ReleaseBasicInfo) {
  return {
    name: info.supplierName ?? '',
    short_name: info.supplierShortName ?? null,
    credit_code: info.creditCode ?? '',
    country_code: info.countryCode ?? null,
    province_code: info.provinceCode ?? null,
    city_code: info.cityCode ?? null,
    address: info.address ?? null,
    legal_name: info.legalName ?? null,
    postal_code: info.postalCode ?? null,
    company_phone: info.companyPhone ?? null,
    enterprise_scale: info.enterpriseScale ?? null,
  };
}

/** The supplier row: its columns follow the approved basic info; the master keeps the whole form. */
export async function writeSupplier(trx: Trx, flow: AdmittedFlow, supplierNo: string, supplierCode: string, form: ReleaseForm, now: Date): Promise<void> {
  const before = await trx.selectFrom('supplier').select('master').where('supplier_no', '=', supplierNo).executeTakeFirst();
  const master = masterRecordOf(form, (before?.master as SupplierMasterRecord | null) ?? null, supplierCode);
  const info = form.basicInfo;
  const columns = {
    supplier_code: supplierCode,
    ...basicInfoColumns(info),
    certified_region: flow.certifiedRegion ?? certifiedRegionOf(info.countryCode),
    master: JSON.stringify(master),
    master_flow_no: flow.flowNo,
    updated_at: now,
  };
  await trx
    .insertInto('supplier')
    .values({ supplier_no: supplierNo, ...columns, status: SUPPLIER_ACTIVE, source_flow_no: flow.flowNo, created_at: now })
    // A new master is a new version: a change compared against the old one must not apply silently over it.
    .onConflict((oc) => oc.column('supplier_no').doUpdateSet({ ...columns, master_version: sql`supplier.master_version + 1` }))
    .execute();
}

/**
 * The supplier's contacts (the expand drawer picks from them): the form's, and the flow's own contact — the
 * portal account's holder — when the form does not list that number. A number already known is updated.
 */
export async function writeContacts(trx: Trx, flow: AdmittedFlow, supplierNo: string, form: ReleaseForm): Promise<void> {
  const rows = [
    ...form.contactList.map((c) => ({ name: c.name ?? '', email: c.email ?? null, areaCode: c.contactAreaCode ?? '+86', phone: c.contactNumber ?? '', position: c.position ?? null })),
    { ...flow.contact, position: null },
  ].filter((c) => c.name && c.phone);
  const known = await trx.selectFrom('supplier_contact').select(['id', 'area_code', 'phone']).where('supplier_no', '=', supplierNo).execute();
  const seen = new Set<string>();
  for (const c of rows) {
    const key = `${c.areaCode} ${c.phone}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const existing = known.find((k) => `${k.area_code} ${k.phone}` === key);
    if (existing) {
      // The flow's own contact adds no position: keep the one on file.
      await trx.updateTable('supplier_contact').set({ name: c.name, email: c.email, ...(c.position ? { position: c.position } : {}) }).where('id', '=', existing.id).execute();
    } else {
      await trx.insertInto('supplier_contact').values({ supplier_no: supplierNo, name: c.name, email: c.email, area_code: c.areaCode, phone: c.phone, position: c.position }).execute();
    }
  }
}

/** The flow's categories admitted (req flow §3.18): active, with the flow's life cycle (1 once high potential is approved). */
export async function admitCategories(trx: Trx, flow: AdmittedFlow, supplierNo: string, now: Date): Promise<void> {
  if (!flow.categoryCodes.length) return;
  // Admission qualifies the category anew: a requalification schedule counts from today, a restriction ends.
  const values = { status: SUPPLIER_CATEGORY_STATUS.ACCESSED, life_cycle: flow.lifeCycle, flow_no: flow.flowNo, accessed_at: now, qualified_at: now, restricted_at: null };
  await trx
    .insertInto('supplier_category')
    .values(flow.categoryCodes.map((category_code) => ({ supplier_no: supplierNo, category_code, ...values })))
    .onConflict((oc) => oc.columns(['supplier_no', 'category_code']).doUpdateSet(values))
    .execute();
}
