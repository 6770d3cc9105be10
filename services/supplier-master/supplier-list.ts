import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { addDays, REMINDER_DAYS, type SupplierListQuery, type SupplierListRow } from '#domain/certificates/certificate.ts';
import { wireDay } from '#domain/date-time.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import { SUPPLIER_ACTIVE } from '#domain/supplier-master.ts';
import { containsPattern } from '#services/common/like.ts';
import { staffSupplierScope } from '#services/supplier-change/access.ts';

/**
 * GET /api/v1/suppliers: the suppliers a staff member is responsible for (its flows' purchasing manager or CMT leader;
 * administrators every one), newest code first, with what needs attention: ended and ending certificates, a running
 * requalification. The search matches name, code or credit code.
 */
export async function listSuppliers(db: Db, q: SupplierListQuery, staff: StaffPrincipal, locale: Locale, now = new Date()): Promise<{ total: number; records: SupplierListRow[] }> {
  const scope = await staffSupplierScope(db, staff);
  if (scope && !scope.length) return { total: 0, records: [] };
  const today = wireDay(now);
  const horizon = addDays(today, REMINDER_DAYS[0]);
  const nameCol = locale === 'en' ? 'c.name_en' : 'c.name_zh';
  let base = db.selectFrom('supplier as s');
  if (scope) base = base.where('s.supplier_no', 'in', scope);
  if (q.search) {
    const pattern = containsPattern(q.search.toLowerCase());
    base = base.where((eb) => eb.or([eb(sql<string>`lower(s.name || ' ' || s.supplier_code)`, 'like', pattern), eb(sql<string>`lower(s.credit_code)`, 'like', pattern)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        's.supplier_no',
        's.supplier_code',
        's.name',
        's.credit_code',
        's.status',
        (eb) =>
          eb
            .selectFrom('supplier_category as sc')
            .innerJoin('category as c', 'c.code', 'sc.category_code')
            .select(sql<string>`string_agg(${sql.ref(nameCol)}, ${locale === 'en' ? ', ' : '、'} order by sc.category_code)`.as('names'))
            .whereRef('sc.supplier_no', '=', 's.supplier_no')
            .where('sc.life_cycle', '!=', CATEGORY_LIFE_CYCLE.ELIMINATED)
            .as('category_names'),
        (eb) =>
          eb
            .selectFrom('supplier_certificate as x')
            .select(sql<number>`count(*) filter (where x.status = 'expired' or x.valid_until < ${today})::int`.as('n'))
            .whereRef('x.supplier_no', '=', 's.supplier_no')
            .where('x.status', 'in', ['valid', 'expired'])
            .as('ended'),
        (eb) =>
          eb
            .selectFrom('supplier_certificate as x')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('x.supplier_no', '=', 's.supplier_no')
            .where('x.status', '=', 'valid')
            .where('x.valid_until', '>=', today)
            .where('x.valid_until', '<=', horizon)
            .as('ending'),
        (eb) =>
          eb
            .exists(eb.selectFrom('requalification as r').select(sql.lit(1).as('one')).whereRef('r.supplier_no', '=', 's.supplier_no').where('r.outcome', '=', 'running'))
            .as('requalifying'),
      ])
      .orderBy('s.supplier_code', 'desc')
      .limit(q.pageSize)
      .offset((q.currentPage - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    records: rows.map((r) => ({
      supplierNo: r.supplier_no,
      supplierCode: r.supplier_code,
      name: r.name,
      creditCode: r.credit_code,
      active: r.status === SUPPLIER_ACTIVE,
      categoryNames: r.category_names ?? '',
      endedCertificates: r.ended ?? 0,
      endingCertificates: r.ending ?? 0,
      requalifying: Boolean(r.requalifying),
    })),
  };
}
