import { sql } from 'kysely';
import type { RunningStack } from '#infra/stack.ts';
import type { DashboardQuery, DashboardScope } from '#domain/dashboard/dashboard.ts';
import { periodOf } from '#domain/dashboard/dashboard.ts';
import type { FlowListQuery } from '#domain/cert-flow/flow-list.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { loadCalendar } from '#services/calendar/working-calendar.ts';
import { listFlows } from '#services/cert-flow/flow-list.ts';
import { monthlyFlows, nodeTimes, openFlowsByNode, overdueNodes, type FlowFigureInput } from '#services/dashboard/flow-figures.ts';
import { certificatesEnding, exitsByMonth, lastRoundGrades } from '#services/dashboard/supplier-figures.ts';
import { loginCookie } from '../support/staff-login.ts';
import { seedFlows, settle } from './flow-list.ts';
import { ms, percentile, printTable, ratio } from './stats.ts';

const SAMPLES = Number(process.env.BENCH_LIST_SAMPLES ?? 40);
const admin: StaffPrincipal = { kind: 'staff', id: 'bench', jobNumber: 'E10001', name: 'bench', permissions: ['scm-cspm:cert_process_manage_all'] };

/** The scopes and filters measured: every flow, a purchasing manager's half, a CMT leader's, and one category. */
const CASES: ReadonlyArray<[string, DashboardScope, DashboardQuery, Partial<FlowListQuery>]> = [
  ['administrator, no filter', { kind: 'all' }, {}, {}],
  ['purchasing manager E10002', { kind: 'purchaseManager', jobNumber: 'E10002' }, {}, { purchaseJobNumber: 'E10002' }],
  ['CMT leader E10011', { kind: 'cmtLeader', jobNumber: 'E10011' }, {}, { cmtLeader: 'E10011' }],
  ['administrator, one category, 12 months', { kind: 'all' }, { categoryCode: '101001', from: undefined }, { categoryNames: '白车身冲压件' }],
  ['administrator, scenario + CMT, 36 months', { kind: 'all' }, { certScenario: 'NEW_SUPPLIER', cmtCode: 'CMT_BODY' }, { certScenario: 'NEW_SUPPLIER' }],
];

/**
 * The operations dashboard at 1,000,000 flows (docs/decisions/0057-operations-dashboard.md): p95 of each of its queries
 * for each scope and filter, against the p95 of the flow list's own query (its first page, with the same scope as a
 * filter) in the same run, as a ratio (goal ≤ 2×); then the whole GET /api/v1/dashboard through HTTP against the list's
 * POST. The history is seeded as the product records it: three node completions per ended flow (through
 * `flow_tally_rebuild()`, the triggers' own recount), running flows' due times, half of them passed.
 */
export async function benchDashboard(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  const started = Date.now();
  await seedFlows(stack);
  await seedHistory(stack);
  const seededIn = Date.now() - started;
  const calendar = await loadCalendar(db);
  const now = new Date();
  const time = async (fn: () => Promise<unknown>, samples = SAMPLES) => {
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      await fn();
      times.push(performance.now() - t);
    }
    return percentile(times, 95);
  };

  const rows: Array<[string, string]> = [[`seeded (or found) flows and history`, `${(seededIn / 1000).toFixed(1)} s`]];
  let worst = 0;
  for (const [name, scope, filter, listFilter] of CASES) {
    const q: DashboardQuery = name.includes('12 months') ? { ...filter, ...monthsBack(12, now) } : name.includes('36 months') ? { ...filter, ...monthsBack(36, now) } : filter;
    const input: FlowFigureInput = { q, scope, period: periodOf(q, now), locale: 'zh' };
    const list = await time(() => listFlows(db, { currentPage: 1, pageSize: 20, ...listFilter } as FlowListQuery, admin, 'zh'));
    const queries: Array<[string, () => Promise<unknown>]> = [
      ['running flows by node', () => openFlowsByNode(db, input)],
      ['overdue nodes (page + count)', () => overdueNodes(db, input, calendar, now)],
      ['node times (median, p90)', () => nodeTimes(db, input)],
      ['flows and exits per month', () => exitsByMonth(db, input).then((exits) => monthlyFlows(db, input, exits))],
      ['certificates ending', () => certificatesEnding(db, input, now)],
      ['last round grades', () => lastRoundGrades(db, input)],
    ];
    rows.push([`${name}: flow list page 1 (baseline)`, `p95 ${ms(list)}`]);
    for (const [label, fn] of queries) {
      const p95 = await time(fn);
      worst = Math.max(worst, p95 / list);
      rows.push([`  ${label}`, `p95 ${ms(p95)} = ${ratio(p95, list)} of the list`]);
    }
  }
  rows.push(['worst query against its list (goal ≤ 2×)', `${worst.toFixed(2)}×`]);

  const cookie = await loginCookie(stack.appUrl);
  const http = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${stack.appUrl}${path}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...(init?.headers ?? {}) } });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const listHttp = await time(() => http('/v1/cert-flow-node/flow-list', { method: 'POST', body: JSON.stringify({ currentPage: 1, pageSize: 20 }) }));
  const dashboardHttp = await time(() => http('/api/v1/dashboard'));
  rows.push(['HTTP: POST flow-list page 1, p95', ms(listHttp)]);
  rows.push(['HTTP: GET /api/v1/dashboard (every figure side by side), p95', `${ms(dashboardHttp)} = ${ratio(dashboardHttp, listHttp)} of the list`]);
  const tallies = await sql<{ n: number }>`select count(*)::int as n from flow_tally`.execute(db);
  rows.push(['tally rows kept', String(tallies.rows[0]?.n ?? 0)]);
  printTable(`Operations dashboard at 1,000,000 flows, ${SAMPLES} sequential calls per query (${stack.db.kind})`, rows);
}

function monthsBack(months: number, now: Date): Pick<DashboardQuery, 'from' | 'to'> {
  const to = periodOf({}, now).to;
  const [y, m] = to.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - months, 1)).toISOString().slice(0, 7);
  return { from, to };
}

/**
 * Three completed nodes per ended flow (APTITUDE, SYSTEM_CERT, KCP2, each 0–14 days), inserted with the triggers off and
 * tallied by `flow_tally_rebuild()`; running flows' due times spread ten days either side of now. Once per database.
 */
async function seedHistory(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  const done = await sql<{ one: number }>`select 1 as one from cert_flow_node where flow_no = 'BF00000006' limit 1`.execute(db);
  if (!done.rows.length) {
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`
        insert into cert_flow_node (flow_no, node_code, seq, stage, status, node_required, kcp, started_at, finished_at)
        select f.flow_no, n.code, n.seq, n.stage, 20, 10, n.code = 'KCP2',
          f.start_time + n.seq * interval '3 days',
          f.start_time + n.seq * interval '3 days' + ((substr(f.flow_no, 3)::int * n.seq) % 15) * interval '1 day' + interval '2 hours'
        from cert_flow f
        cross join (values ('APTITUDE', 2, 10), ('SYSTEM_CERT', 5, 20), ('KCP2', 8, 30)) as n(code, seq, stage)
        where f.flow_no like 'BF%' and f.stage in (0, 90)
        on conflict do nothing`.execute(trx);
    });
    await sql`select flow_tally_rebuild()`.execute(db);
  }
  await sql`
    update cert_flow set current_due_at = now() + ((substr(flow_no, 3)::int % 21) - 10) * interval '1 day'
    where flow_no like 'BF%' and stage between 10 and 40 and current_due_at is null`.execute(db);
  for (const table of ['cert_flow_node', 'flow_tally']) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db).catch(() => sql`analyze ${sql.table(table)}`.execute(db));
  await settle(stack);
}
