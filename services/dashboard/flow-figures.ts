import { sql, type SqlBool } from 'kysely';
import type { Db } from '#db/connection.ts';
import type { FlowTallyTable } from '#db/schema.ts';
import type { WorkingCalendar } from '#domain/calendar/working-days.ts';
import { workingDaysBetween } from '#domain/calendar/working-days.ts';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import { NODE_TASK_NAME } from '#domain/cert-flow/node-principals.ts';
import type { Locale } from '#domain/i18n.ts';
import { DASHBOARD_TABLE_ROWS, monthsOf, OVERDUE_COUNTED_UP_TO, percentileOfHistogram, type DashboardQuery, type DashboardScope, type DashboardView } from '#domain/dashboard/dashboard.ts';
import { flowConditions } from './scope.ts';

/**
 * The dashboard's flow figures (docs/decisions/0057-operations-dashboard.md). Running flows come from the tally the
 * database keeps as flows move (`flow_open_tally`), overdue nodes off the overdue index in due order, the period's
 * history off the monthly tallies (`flow_tally`): never every running flow, node or flow of the period.
 */
export interface FlowFigureInput {
  q: DashboardQuery;
  scope: DashboardScope;
  period: { from: string; to: string };
  locale: Locale;
}

const nodeName = (code: string, locale: Locale) => NODE_TASK_NAME[code as NodeCode]?.[locale] ?? code;

const and = (conditions: ReturnType<typeof flowConditions>) => (conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`);

/** Running flows by stage and open node, off the tally the database keeps as flows move (`flow_open_tally`). */
export async function openFlowsByNode(db: Db, { q, scope, locale }: FlowFigureInput): Promise<DashboardView['openByNode']> {
  const rows = await db
    .selectFrom('flow_open_tally as t')
    .where('t.category_code', '=', q.categoryCode ?? '')
    .where((eb) => eb.and(flowConditions('t', scope, q)))
    .select(['t.stage', 't.node_code', sql<number>`sum(t.n)::int`.as('n')])
    .groupBy(['t.stage', 't.node_code'])
    .having(sql<number>`sum(t.n)`, '>', 0)
    .execute();
  return rows.map((r) => ({ stage: r.stage, nodeCode: r.node_code, nodeName: nodeName(r.node_code, locale), count: Number(r.n) })).sort((a, b) => a.stage - b.stage || b.count - a.count);
}

/** Open nodes past their time limit, most overdue first, with working days overdue. */
export async function overdueNodes(db: Db, { q, scope, locale }: FlowFigureInput, calendar: WorkingCalendar, now: Date): Promise<DashboardView['overdue']> {
  const conditions = [sql<SqlBool>`f.current_due_at < ${now}`, ...flowConditions('f', scope, q)];
  if (q.categoryCode) conditions.push(sql<SqlBool>`f.category_list @> ${JSON.stringify([{ code: q.categoryCode }])}::jsonb`);
  const where = and(conditions);
  const [rows, total] = await Promise.all([
    sql<{ flow_no: string; supplier_name: string; current_node_code: string; current_due_at: Date; purchase_name: string | null }>`
      select f.flow_no, f.supplier_name, f.current_node_code, f.current_due_at, p.name as purchase_name
      from cert_flow f left join staff p on p.job_number = f.purchase_job_number
      where ${where} order by f.current_due_at, f.flow_no limit ${DASHBOARD_TABLE_ROWS}`.execute(db),
    // Counted up to a bound, as the flow list counts: past it the card says "more than".
    sql<{ n: number }>`select count(*)::int as n from (select 1 from cert_flow f where ${where} limit ${OVERDUE_COUNTED_UP_TO + 1}) m`.execute(db),
  ]);
  const n = total.rows[0]?.n ?? 0;
  return {
    total: Math.min(n, OVERDUE_COUNTED_UP_TO),
    more: n > OVERDUE_COUNTED_UP_TO,
    rows: rows.rows.map((r) => ({
      flowNo: r.flow_no,
      supplierName: r.supplier_name,
      nodeCode: r.current_node_code,
      nodeName: nodeName(r.current_node_code, locale),
      dueAt: new Date(r.current_due_at).toISOString(),
      overdueDays: workingDaysBetween(new Date(r.current_due_at), now, calendar),
      purchaseName: r.purchase_name ?? '',
    })),
  };
}

/** The tallies of the period in the scope; a category's own, else each flow once. */
function tallies(db: Db, { q, scope, period }: FlowFigureInput, metrics: FlowTallyTable['metric'][]) {
  return db
    .selectFrom('flow_tally as t')
    .where('t.metric', 'in', metrics)
    .where('t.category_code', '=', q.categoryCode ?? '')
    .where('t.month', '>=', `${period.from}-01`)
    .where('t.month', '<=', `${period.to}-01`)
    .where((eb) => eb.and(flowConditions('t', scope, q)));
}

/** Completions of each node in the period, with the median and 90th percentile of whole days spent. */
export async function nodeTimes(db: Db, input: FlowFigureInput): Promise<DashboardView['nodeTimes']> {
  const rows = await tallies(db, input, ['node'])
    .select(['t.node_code', 't.days', sql<number>`sum(t.n)::int`.as('n')])
    .groupBy(['t.node_code', 't.days'])
    .execute();
  const byNode = new Map<string, Array<{ value: number; n: number }>>();
  for (const r of rows) byNode.set(r.node_code, [...(byNode.get(r.node_code) ?? []), { value: r.days, n: Number(r.n) }]);
  const order = Object.keys(NODE_TASK_NAME);
  const inFlowOrder = [...byNode].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  return inFlowOrder.map(([nodeCode, histogram]) => {
    return {
      nodeCode,
      nodeName: nodeName(nodeCode, input.locale),
      completions: histogram.reduce((s, b) => s + b.n, 0),
      medianDays: percentileOfHistogram(histogram, 50),
      p90Days: percentileOfHistogram(histogram, 90),
    };
  });
}

/** Per month of the period: flows admitted, flows terminated, supplier exits approved. */
export async function monthlyFlows(db: Db, input: FlowFigureInput, exitsByMonth: ReadonlyMap<string, number>): Promise<DashboardView['monthly']> {
  const rows = await tallies(db, input, ['admitted', 'terminated'])
    .select(['t.metric', sql<string>`to_char(t.month, 'YYYY-MM')`.as('month'), sql<number>`sum(t.n)::int`.as('n')])
    .groupBy(['t.metric', 't.month'])
    .execute();
  const of = (metric: string, month: string) => Number(rows.find((r) => r.metric === metric && r.month === month)?.n ?? 0);
  return monthsOf(input.period.from, input.period.to).map((month) => ({
    month,
    admitted: of('admitted', month),
    terminated: of('terminated', month),
    exited: exitsByMonth.get(month) ?? 0,
  }));
}
