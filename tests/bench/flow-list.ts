import os from 'node:os';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { RunningStack } from '#infra/stack.ts';
import type { FlowListQuery } from '#domain/cert-flow/flow-list.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { listFlows } from '#services/cert-flow/flow-list.ts';
import { loginCookie } from '../support/staff-login.ts';
import { ms, percentile, printTable, ratio } from './stats.ts';

/** 1,000,000; `BENCH_LIST_FLOWS=<n>` seeds fewer (the embedded shape, a quick try). */
const FLOWS = Number(process.env.BENCH_LIST_FLOWS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_LIST_SAMPLES ?? 40);

// The seed gives CMT_BODY's categories (白车身冲压件 and the other 冲压 ones) to this leader.
const bodyLeader = 'E10010';

/** The measured cases: each filter alone and some combined (also compared by flow-list-matches.ts). */
export const FLOW_LIST_CASES: ReadonlyArray<[string, Partial<FlowListQuery>]> = [
  ['no filter', {}],
  ['supplier name contains', { supplierName: '精密4217' }],
  ['supplier name, 2 characters, common', { supplierName: '宁波' }],
  // 宁波 then a trade word: '波精' is in a thirtieth of the names, '波无' in none.
  ['supplier name, 2 characters, 3 % of names', { supplierName: '波精' }],
  ['supplier name, 2 characters, no match', { supplierName: '波无' }],
  ['flow number contains', { flowNo: '0042' }],
  ['CMT name contains', { cmtName: '车身' }],
  ['category name contains', { categoryNames: '冲压' }],
  ['purchasing manager', { purchaseJobNumber: 'E10003' }],
  ['CMT leader + stage', { cmtLeader: 'E10011', stage: 20 }],
  ['scenario + stage', { certScenario: 'TRADING_COMPANY', stage: 40 }],
  ['supplier name (2) + stage + scenario', { supplierName: '宁波', stage: 10, certScenario: 'TRADING_COMPANY' }],
  ['CMT leader + category', { cmtLeader: bodyLeader, categoryNames: '冲压' }],
  ['purchasing manager + supplier name', { purchaseJobNumber: 'E10003', supplierName: '精密' }],
  // Late flows, most overdue first: every late match read in due order (the dashboard's link "全部超时流程").
  ['overdue, most overdue first', { timeLimit: 'overdue' }],
  ['overdue + purchasing manager', { timeLimit: 'overdue', purchaseJobNumber: 'E10002' }],
];

/** Every filter is measured on these two pages: the first, and page 200 (rows 3,981–4,000). */
const PAGES = [1, 200] as const;

/**
 * The flow management list at 1,000,000 flows (req flow §2.1): p95 of POST /v1/cert-flow-node/flow-list
 * for each filter alone and combined, on the first page and page 200, through HTTP against GET /v1/ping
 * in the same run; beside it the p95 of the service call alone on this process's connection (what the
 * request adds is the difference); then the plans of the page and count queries with their times, to
 * show which indexes serve them.
 */
export async function benchFlowList(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  const started = Date.now();
  await seedFlows(stack);
  const seededIn = Date.now() - started;
  const cookie = await loginCookie(stack.appUrl);
  const filters = [...FLOW_LIST_CASES];

  // BENCH_LIST_CASES=<regex> measures only the cases whose name matches (a quick look at a few).
  const only = process.env.BENCH_LIST_CASES ? new RegExp(process.env.BENCH_LIST_CASES) : undefined;
  if (only) filters.splice(0, filters.length, ...filters.filter(([name]) => only.test(name)));

  const timeOf = async (fn: () => Promise<Response>) => {
    const t = performance.now();
    const res = await fn();
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - t;
  };
  const pingTimes: number[] = [];
  for (let i = 0; i < SAMPLES; i++) pingTimes.push(await timeOf(() => fetch(`${stack.appUrl}/v1/ping`)));
  const pingP95 = percentile(pingTimes, 95);

  const admin: StaffPrincipal = { kind: 'staff', id: 'bench', jobNumber: 'E10001', name: 'bench', permissions: ['scm-cspm:cert_process_manage_all'] };
  const rows: Array<[string, string]> = [[`seeded ${FLOWS} flows`, `${(seededIn / 1000).toFixed(1)} s`], ['GET /v1/ping p95', ms(pingP95)]];
  let worst = 0;
  for (const [name, filter] of filters) {
    for (const page of PAGES) {
      const query = { currentPage: page, pageSize: 20, ...filter } as FlowListQuery;
      const body = JSON.stringify(query);
      const times: number[] = [];
      let total = 0;
      let bytes = 0;
      for (let i = 0; i < SAMPLES; i++) {
        times.push(
          await timeOf(async () => {
            const res = await fetch(`${stack.appUrl}/v1/cert-flow-node/flow-list`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });
            if (i === 0) {
              const text = await res.clone().text();
              bytes = text.length;
              total = (JSON.parse(text) as { data: { total: number } }).data.total;
            }
            return res;
          }),
        );
      }
      const service: number[] = [];
      for (let i = 0; i < SAMPLES / 2; i++) {
        const t = performance.now();
        await listFlows(db, query, admin, 'zh');
        service.push(performance.now() - t);
      }
      const p95 = percentile(times, 95);
      worst = Math.max(worst, p95);
      rows.push([
        `${name}, page ${page} (${total} rows)`,
        `p95 ${ms(p95)} (${ratio(p95, pingP95)} ping), p50 ${ms(percentile(times, 50))}; service alone p95 ${ms(percentile(service, 95))}; ${(bytes / 1024).toFixed(1)} KiB JSON`,
      ]);
    }
  }
  rows.push(['slowest p95 (goal ≤ 20 ms)', ms(worst)]);
  printTable(`Flow list at ${FLOWS} flows, ${SAMPLES} sequential requests per case (${stack.db.kind}; load ${loadAverage()})`, rows);

  console.log('\nQuery plans (each query the list runs, explain analyze):');
  for (const [name, filter] of filters) {
    for (const page of PAGES) {
      const captured: RootOperationNode[] = [];
      const capture: KyselyPlugin = {
        transformQuery: (args) => (captured.push(args.node), args.node),
        transformResult: async (args) => args.result,
      };
      await listFlows(db.withPlugin(capture), { currentPage: page, pageSize: 20, ...filter } as FlowListQuery, admin, 'zh');
      console.log(`  ${name}, page ${page}:`);
      for (const node of captured) {
        const compiled = db.getExecutor().compileQuery(node, { queryId: 'explain' });
        // The list only plans (never runs) the unlimited query whose estimate stands for a broad count.
        if (!/\bcert_flow(_category|_name_piece)?\b/.test(compiled.sql) || !/\blimit\b/.test(compiled.sql)) continue;
        const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain (analyze, costs off, summary on) ${compiled.sql}`, [...compiled.parameters]),
        );
        const lines = plan.rows.map((r) => r['QUERY PLAN']);
        const shown = lines.filter((l) => /Scan|Sort|Limit|Append|Unique|Join|Nested|Aggregate|Execution Time|Heap Fetches/.test(l) && !/ on (cmt|scenario|staff|dict_entry|category|cert_flow_role|cert_task)\b/.test(l));
        console.log(shown.map((l) => `    ${l.replace(/\s+/g, ' ').trim()}`).join('\n'));
      }
    }
  }
}

function loadAverage(): string {
  return os.loadavg().map((n) => n.toFixed(2)).join(', ');
}

/**
 * FLOWS flows spread over 3 years, 6 CMTs, 3 scenarios and the seeded staff, as a long history holds them: the last 60
 * days' flows running at every stage, older ones ended (five in six admitted a month or so after they started, one in
 * six terminated). A database seeded before running flows were recent is brought to that shape once.
 */
export async function seedFlows(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  const existing = await db.selectFrom('cert_flow').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) < FLOWS) {
    // The rows triggers keep per flow (categories, name pieces, running flows) are written after, set by set: a million
    // row triggers queued to the statement's end took over half an hour.
    await db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`
        insert into cert_flow (flow_no, apply_type, supplier_name, category_list, cmt_code, cert_scenario, apply_reason,
          recommend_job, recommend_name, contact_name, contact_email, contact_area_code, contact_number, node_plan, stage,
          current_node_code, purchase_job_number, cmt_leader_job_number, workflow_id, start_time, pass_time, updated_at, created_by)
        select 'BF' || lpad(i::text, 8, '0'), 1,
          (array['苏州','宁波','无锡','重庆','长春','佛山'])[1 + i % 6] || (array['精密','汽配','电子','橡塑','铸造'])[1 + i % 5] || i || '有限公司',
          jsonb_build_array(jsonb_build_object('code', c.code, 'name', c.name_zh)),
          c.cmt_code, (array['NEW_SUPPLIER','TRADING_COMPANY','CATEGORY_EXPANSION'])[1 + i % 3], 'bench',
          'E10002', '王磊', '张伟', 'bench' || i || '@example.com', '+86', '13800138000', '[]'::jsonb,
          r.stage, r.node, (array['E10002','E10003'])[1 + i % 2], m.leader_job_number,
          'cert-flow-BF' || i, t.start_time,
          case when r.stage = 90 then t.start_time + (20 + i % 40) * interval '1 day' end,
          case when r.stage in (0, 90) then t.start_time + (20 + i % 40) * interval '1 day' else now() end, 'bench'
        from generate_series(1, ${FLOWS}) as i
        cross join lateral (select now() - (i % 1000) * interval '1 day' - (i % 86400) * interval '1 second' as start_time) t
        cross join lateral ${RUNNING_OR_ENDED} r
        join lateral (select count(*) as n from category where level = 3 and cmt_code is not null) k on true
        join (select row_number() over (order by code) - 1 as at, code, name_zh, cmt_code from category where level = 3 and cmt_code is not null) c on c.at = i % k.n
        join cmt m on m.code = c.cmt_code
        on conflict do nothing`.execute(trx);
      await sql`
        insert into cert_flow_category (category_code, start_time, flow_no, purchase_job_number, cmt_code, cmt_leader_job_number, cert_scenario, stage)
        select distinct e->>'code', f.start_time, f.flow_no, f.purchase_job_number, f.cmt_code, f.cmt_leader_job_number, f.cert_scenario, f.stage
        from cert_flow f, jsonb_array_elements(f.category_list) as e
        where f.flow_no like 'BF%' and e->>'code' is not null
        on conflict do nothing`.execute(trx);
      await sql`
        insert into cert_flow_name_piece (piece, start_time, flow_no)
        select p, f.start_time, f.flow_no from cert_flow f, unnest(cert_flow_name_pieces(f.supplier_name_bigrams)) as p
        where f.flow_no like 'BF%'
        on conflict do nothing`.execute(trx);
      await sql`select flow_open_tally_rebuild()`.execute(trx);
    });
  }
  // Flows seeded running at every age: the older ones ended.
  await sql`
    update cert_flow f set stage = case when substr(f.flow_no, 3)::int % 6 = 5 then 0 else 90 end,
      current_node_code = case when substr(f.flow_no, 3)::int % 6 = 5 then f.current_node_code else 'RELEASE' end,
      pass_time = case when substr(f.flow_no, 3)::int % 6 = 5 then null else f.start_time + interval '30 days' end,
      updated_at = f.start_time + interval '30 days', current_due_at = null
    where f.flow_no like 'BF%' and f.stage between 10 and 40 and f.start_time < now() - interval '60 days'`.execute(db);
  await settle(stack);
}

/** A seeded flow's stage and open node: running for the last 60 days' flows (i % 1000 days old), else ended. */
const RUNNING_OR_ENDED = sql`(select case when i % 1000 < 60 then (array[10,20,30,40])[1 + i % 4] when i % 6 = 5 then 0 else 90 end as stage,
  case when i % 1000 < 60 then (array['APTITUDE','SYSTEM_CERT','KCP2','PUBLICITY'])[1 + i % 4] else 'RELEASE' end as node)`;

/**
 * Vacuums the flows and the tables kept from them when their visibility map is behind (after the seed, or a
 * migration that rewrote or filled them), as autovacuum would in time: until then an index-only scan still
 * reads every row from the table. Analyzes them too, for the planner's statistics (also of a column a
 * migration added).
 */
export async function settle(stack: RunningStack): Promise<void> {
  if (stack.db.kind !== 'postgres') return void (await sql`analyze cert_flow`.execute(stack.db.db));
  for (const table of ['cert_flow', 'cert_flow_category', 'cert_flow_name_piece']) {
    const { rows } = await sql<{ pages: number; visible: number; analyzed: boolean }>`
      select relpages as pages, relallvisible as visible,
        not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          and not exists (select 1 from pg_stats s where s.tablename = ${table} and s.attname = a.attname)) as analyzed
      from pg_class c where oid = ${table}::regclass`.execute(stack.db.db);
    const t = rows[0];
    if (t && t.visible >= 0.95 * t.pages && t.analyzed) continue;
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(stack.db.db);
  }
}
