import type { Db } from '#db/connection.ts';
import { wireDay } from '#domain/date-time.ts';
import type { Locale } from '#domain/i18n.ts';
import { requalificationDueDay, type RequalificationRow } from '#domain/requalification/requalification.ts';

/** Per category of the supplier: when it last qualified, whether a failure restricted it, when its schedule falls due. */
export interface CategoryQualification {
  qualifiedOn: string | null;
  restrictedOn: string | null;
  nextRequalificationDay: string | null;
}

/** The supplier's requalifications, newest first, and where each of its categories stands (its page). */
export async function supplierRequalifications(db: Db, supplierNo: string, locale: Locale): Promise<{ rows: RequalificationRow[]; categories: Map<string, CategoryQualification> }> {
  const [rows, categories, names] = await Promise.all([
    db.selectFrom('requalification').selectAll().where('supplier_no', '=', supplierNo).orderBy('created_at', 'desc').limit(50).execute(),
    db
      .selectFrom('supplier_category as sc')
      .leftJoin('requalification_policy as p', 'p.category_code', 'sc.category_code')
      .select(['sc.category_code', 'sc.qualified_at', 'sc.accessed_at', 'sc.restricted_at', 'p.interval_months'])
      .where('sc.supplier_no', '=', supplierNo)
      .execute(),
    db.selectFrom('category').select(['code', 'name_zh', 'name_en']).where('code', 'in', (eb) => eb.selectFrom('supplier_category').select('category_code').where('supplier_no', '=', supplierNo)).execute(),
  ]);
  const name = (code: string) => names.find((n) => n.code === code)?.[locale === 'en' ? 'name_en' : 'name_zh'] ?? code;
  const byCategory = new Map<string, CategoryQualification>();
  for (const c of categories) {
    const qualifiedOn = wireDay(new Date(c.qualified_at ?? c.accessed_at));
    byCategory.set(c.category_code, {
      qualifiedOn,
      restrictedOn: c.restricted_at ? wireDay(new Date(c.restricted_at)) : null,
      nextRequalificationDay: requalificationDueDay(qualifiedOn, c.interval_months),
    });
  }
  return {
    rows: rows.map((r) => ({
      flowNo: r.flow_no,
      trigger: r.trigger,
      categoryCodes: r.category_codes,
      categoryNames: r.category_codes.map(name).join(locale === 'en' ? ', ' : '、'),
      outcome: r.outcome,
      onFailure: r.on_failure,
      exitFlowNo: r.exit_flow_no,
      startedAt: new Date(r.created_at).toISOString(),
      decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    })),
    categories: byCategory,
  };
}
