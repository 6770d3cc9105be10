import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { SUPPLIER_ACTIVE, SUPPLIER_SEARCH_LIMIT, type SupplierCategory, type SupplierContact, type SupplierOption } from '#domain/supplier-master.ts';
import { containsPattern } from '#services/common/like.ts';

/**
 * Suppliers whose name or code contains the text (req flow §7.1). The expression matches the trigram
 * index of the supplier-master migration, so the search stays indexed where pg_trgm exists.
 */
export async function searchSuppliers(db: Db, text: string | undefined): Promise<SupplierOption[]> {
  let query = db
    .selectFrom('supplier')
    .select(['supplier_no', 'supplier_code', 'name', 'credit_code', 'certified_region'])
    .where('status', '=', SUPPLIER_ACTIVE);
  if (text) query = query.where(sql<string>`lower(name || ' ' || supplier_code)`, 'like', containsPattern(text.toLowerCase()));
  const rows = await query.orderBy('supplier_code').limit(SUPPLIER_SEARCH_LIMIT).execute();
  return rows.map((r) => ({
    supplierNo: r.supplier_no,
    supplierCode: r.supplier_code,
    supplierName: r.name,
    creditCode: r.credit_code,
    certifiedRegion: r.certified_region,
  }));
}

/** The categories a supplier is accessed for, with their status and life cycle (req flow §3.18). */
export async function supplierCategories(db: Db, supplierNo: string, locale: Locale): Promise<SupplierCategory[]> {
  const rows = await db
    .selectFrom('supplier_category as sc')
    .innerJoin('category as c', 'c.code', 'sc.category_code')
    .select(['sc.category_code', 'c.name_zh', 'c.name_en', 'sc.status', 'sc.life_cycle'])
    .where('sc.supplier_no', '=', supplierNo)
    .orderBy('sc.category_code')
    .execute();
  return rows.map((r) => ({
    categoryCode: r.category_code,
    categoryName: locale === 'en' ? r.name_en : r.name_zh,
    categoryStatus: r.status,
    categoryLifeCycle: r.life_cycle,
  }));
}

/** A supplier's contacts, optionally narrowed by name (the drawer's contact select searches). */
export async function supplierContacts(db: Db, supplierCode: string, name: string | undefined): Promise<SupplierContact[]> {
  let query = db
    .selectFrom('supplier_contact as p')
    .innerJoin('supplier as s', 's.supplier_no', 'p.supplier_no')
    .select(['p.id', 'p.name', 'p.email', 'p.area_code', 'p.phone', 'p.position'])
    .where('s.supplier_code', '=', supplierCode);
  if (name) query = query.where('p.name', 'ilike', containsPattern(name));
  const rows = await query.orderBy('p.name').limit(100).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, areaCode: r.area_code, phone: r.phone, position: r.position }));
}
