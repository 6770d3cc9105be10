import { sql, type SqlBool } from 'kysely';
import type { Db } from '#db/connection.ts';
import { addDays } from '#domain/certificates/certificate.ts';
import { wireDay } from '#domain/date-time.ts';
import { CERTIFICATES_ENDING_DAYS, DASHBOARD_TABLE_ROWS, type DashboardView } from '#domain/dashboard/dashboard.ts';
import { certificateKinds } from '#services/certificates/master-certificates.ts';
import { supplierConditions } from './scope.ts';
import type { FlowFigureInput } from './flow-figures.ts';

/**
 * The dashboard's supplier figures (docs/decisions/0057-operations-dashboard.md): exits, certificates and assessment
 * grades belong to suppliers, not flows; the scenario filter does not apply to them, the CMT and category filters
 * ask the supplier's categories.
 */

const and = (conditions: ReturnType<typeof supplierConditions>) => (conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`);

/** Supplier exits approved per month of the period (plants' months). */
export async function exitsByMonth(db: Db, { q, scope, period }: FlowFigureInput): Promise<Map<string, number>> {
  const conditions = supplierConditions(sql.ref('x.supplier_no'), scope, q);
  const rows = await sql<{ month: string; n: number }>`
    select to_char(x.finished_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month, count(*)::int as n
    from supplier_exit x
    where x.status = 'approved' and x.finished_at >= ${`${period.from}-01 00:00:00+08`}::timestamptz
      and x.finished_at < (${`${period.to}-01 00:00:00+08`}::timestamptz + interval '1 month') and ${and(conditions)}
    group by 1`.execute(db);
  return new Map(rows.rows.map((r) => [r.month, r.n]));
}

/** Valid certificates ending within CERTIFICATES_ENDING_DAYS, soonest first. */
export async function certificatesEnding(db: Db, { q, scope, locale }: FlowFigureInput, now: Date): Promise<DashboardView['certificatesEnding']> {
  const today = wireDay(now);
  const conditions = [
    sql<SqlBool>`x.status = 'valid'`,
    sql<SqlBool>`x.valid_until >= ${today}`,
    sql<SqlBool>`x.valid_until <= ${addDays(today, CERTIFICATES_ENDING_DAYS)}`,
    ...supplierConditions(sql.ref('x.supplier_no'), scope, q),
  ];
  const where = and(conditions);
  const [rows, total, kinds] = await Promise.all([
    sql<{ supplier_no: string; name: string; kind: string; valid_until: string }>`
      select x.supplier_no, s.name, x.kind, x.valid_until
      from supplier_certificate x join supplier s on s.supplier_no = x.supplier_no
      where ${where} order by x.valid_until, x.supplier_no limit ${DASHBOARD_TABLE_ROWS}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from supplier_certificate x where ${where}`.execute(db),
    certificateKinds(db),
  ]);
  return {
    total: total.rows[0]?.n ?? 0,
    rows: rows.rows.map((r) => ({ supplierNo: r.supplier_no, supplierName: r.name, kind: r.kind, kindName: kinds.get(r.kind)?.[locale] ?? r.kind, validUntil: r.valid_until })),
  };
}

/** The final grades of the last concluded assessment round, of the suppliers in the scope. */
export async function lastRoundGrades(db: Db, { q, scope }: FlowFigureInput): Promise<DashboardView['grades']> {
  const plan = await db
    .selectFrom('perf_plan')
    .select(['plan_no', 'name', 'period'])
    .where('concluded_at', 'is not', null)
    .orderBy('concluded_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!plan) return null;
  const conditions = [sql<SqlBool>`p.plan_no = ${plan.plan_no}`, sql<SqlBool>`p.conclusion_grade is not null`, ...supplierConditions(sql.ref('p.supplier_no'), scope, q)];
  const rows = await sql<{ grade: 'A' | 'B' | 'C'; n: number }>`
    select p.conclusion_grade as grade, count(*)::int as n from perf_plan_supplier p where ${and(conditions)} group by 1`.execute(db);
  const counts = { A: 0, B: 0, C: 0 };
  for (const r of rows.rows) counts[r.grade] = r.n;
  return { planNo: plan.plan_no, planName: plan.name, period: plan.period, counts };
}
