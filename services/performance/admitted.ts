import type { DbOrTrx } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { PlanSupplierOption } from '#domain/performance/plan.ts';
import { containing } from './perf-rows.ts';

/**
 * Admitted suppliers (docs/decisions/0026-publicity-period-return-to-kcp2-release-completion-and-admis.md "Admission"): active in the supplier master (status 10) with a
 * category they are accessed for that is neither disabled (status 20) nor eliminated (life cycle 2).
 * Only they are assessed.
 */
const SUPPLIER_ACTIVE = 10;
const CATEGORY_DISABLED = 20;
const LIFE_CYCLE_ELIMINATED = 2;

function admittedCategories(db: DbOrTrx) {
  return db
    .selectFrom('supplier_category as sc')
    .innerJoin('supplier as s', 's.supplier_no', 'sc.supplier_no')
    .where('s.status', '=', SUPPLIER_ACTIVE)
    .where('sc.status', '!=', CATEGORY_DISABLED)
    .where('sc.life_cycle', '!=', LIFE_CYCLE_ELIMINATED);
}

/** The admitted suppliers among `supplierNos`, with their admitted categories. */
export async function admittedAmong(db: DbOrTrx, supplierNos: readonly string[]): Promise<Map<string, string[]>> {
  if (!supplierNos.length) return new Map();
  const rows = await admittedCategories(db).select(['sc.supplier_no', 'sc.category_code']).where('sc.supplier_no', 'in', supplierNos).execute();
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.supplier_no, [...(out.get(r.supplier_no) ?? []), r.category_code]);
  return out;
}

/** Every supplier admitted for one of the categories, with those of the categories it is admitted for. */
export async function admittedInCategories(db: DbOrTrx, categoryCodes: readonly string[]): Promise<Map<string, string[]>> {
  if (!categoryCodes.length) return new Map();
  const rows = await admittedCategories(db)
    .select(['sc.supplier_no', 'sc.category_code'])
    .where('sc.category_code', 'in', categoryCodes)
    .orderBy('sc.supplier_no')
    .orderBy('sc.category_code')
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.supplier_no, [...(out.get(r.supplier_no) ?? []), r.category_code]);
  return out;
}

/** GET /v1/performance-plan/search-supplier: admitted suppliers by name, code or short name, and/or category. */
export async function searchAdmittedSuppliers(
  db: DbOrTrx,
  q: { keyword?: string; categoryCode?: string; limit: number },
  locale: Locale,
): Promise<PlanSupplierOption[]> {
  let query = admittedCategories(db).select(['s.supplier_no', 's.supplier_code', 's.name', 's.name_en']).distinct().orderBy('s.supplier_no').limit(q.limit);
  if (q.categoryCode) query = query.where('sc.category_code', '=', q.categoryCode);
  if (q.keyword) {
    const like = containing(q.keyword);
    query = query.where((eb) => eb.or([eb('s.name', 'ilike', like), eb('s.short_name', 'ilike', like), eb('s.supplier_code', 'ilike', like), eb('s.supplier_no', 'ilike', like)]));
  }
  const suppliers = await query.execute();
  const categories = await admittedAmong(
    db,
    suppliers.map((s) => s.supplier_no),
  );
  const names = await categoryNames(db, [...new Set([...categories.values()].flat())], locale);
  return suppliers.map((s) => ({
    supplierNo: s.supplier_no,
    supplierCode: s.supplier_code,
    supplierName: locale === 'en' && s.name_en ? s.name_en : s.name,
    categories: (categories.get(s.supplier_no) ?? []).map((code) => ({ code, name: names.get(code) ?? code })),
  }));
}

export async function categoryNames(db: DbOrTrx, codes: readonly string[], locale: Locale): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await db.selectFrom('category').select(['code', 'name_zh', 'name_en']).where('code', 'in', codes).execute();
  return new Map(rows.map((r) => [r.code, locale === 'en' ? r.name_en : r.name_zh]));
}
