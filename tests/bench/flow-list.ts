import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { RunningStack } from '#infra/stack.ts';
import type { FlowListQuery } from '#domain/cert-flow/flow-list.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { listFlows } from '#services/cert-flow/flow-list.ts';
import { loginCookie } from '../support/staff-login.ts';
import { ms, percentile, printTable, ratio } from './stats.ts';

/** 1,000,000; `BENCH_LIST_FLOWS=<n>` seeds fewer (the embedded shape, a quick try). */
const FLOWS = Number(process.env.BENCH_LIST_FLOWS ?? 1_000_000);
const SAMPLES = 60;

/**
 * The flow management list at 1,000,000 flows (spec 2 §2.1): p95 of POST /v1/cert-flow-node/flow-list
 * with each filter through HTTP, against GET /v1/ping in the same run, and the query plans of the
 * page and count queries, to show which indexes serve them.
 */
export async function benchFlowList(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  const started = Date.now();
  await seedFlows(stack);
  const seededIn = Date.now() - started;
  const cookie = await loginCookie(stack.appUrl);
  const pm = 'E10003';
  const filters: Array<[string, Partial<FlowListQuery>]> = [
    ['no filter (first page)', {}],
    ['no filter (page 200)', { currentPage: 200 }],
    ['supplier name contains', { supplierName: '精密4217' }],
    ['supplier name contains, 2 characters (no trigram)', { supplierName: '宁波' }],
    ['flow number contains', { flowNo: '0042' }],
    ['category name contains', { categoryNames: '冲压' }],
    ['purchasing manager', { purchaseJobNumber: pm }],
    ['CMT leader + stage', { cmtLeader: 'E10011', stage: 20 }],
    ['scenario + stage', { certScenario: 'TRADING_COMPANY', stage: 40 }],
  ];

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

  const rows: Array<[string, string]> = [[`seeded ${FLOWS} flows`, `${(seededIn / 1000).toFixed(1)} s`], ['GET /v1/ping p95', ms(pingP95)]];
  for (const [name, filter] of filters) {
    const body = JSON.stringify({ currentPage: 1, pageSize: 20, ...filter });
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < SAMPLES; i++) {
      times.push(
        await timeOf(async () => {
          const res = await fetch(`${stack.appUrl}/v1/cert-flow-node/flow-list`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body });
          if (i === 0) total = ((await res.clone().json()) as { data: { total: number } }).data.total;
          return res;
        }),
      );
    }
    const p95 = percentile(times, 95);
    rows.push([`${name} (${total} rows)`, `p95 ${ms(p95)}, p50 ${ms(percentile(times, 50))} — ${ratio(p95, pingP95)} ping`]);
  }
  printTable(`Flow list at ${FLOWS} flows, ${SAMPLES} sequential requests per filter (${stack.db.kind})`, rows);

  console.log('\nQuery plans (page query, then count query):');
  const admin: StaffPrincipal = { kind: 'staff', id: 'bench', jobNumber: 'E10001', name: 'bench', permissions: ['scm-cspm:cert_process_manage_all'] };
  for (const [name, filter] of filters.slice(2)) {
    const captured: RootOperationNode[] = [];
    const capture: KyselyPlugin = {
      transformQuery: (args) => (captured.push(args.node), args.node),
      transformResult: async (args) => args.result,
    };
    await listFlows(db.withPlugin(capture), { currentPage: 1, pageSize: 20, ...filter } as FlowListQuery, admin, 'zh');
    console.log(`  ${name}:`);
    for (const node of captured) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: 'explain' });
      const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      const onFlows = plan.rows.map((r) => r['QUERY PLAN']).filter((l) => /cert_flow\b|cert_flow_|Index|Bitmap/.test(l) && !/cmt|scenario s|staff|dict/.test(l));
      console.log(onFlows.map((l) => `    ${l.trim()}`).join('\n'));
    }
  }
}

/** FLOWS flows spread over 3 years, 6 CMTs, 3 scenarios, all stages and the seeded staff. */
async function seedFlows(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  const existing = await db.selectFrom('cert_flow').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) >= FLOWS) return;
  await sql`
    insert into cert_flow (flow_no, apply_type, supplier_name, category_list, cmt_code, cert_scenario, apply_reason,
      recommend_job, recommend_name, contact_name, contact_email, contact_area_code, contact_number, node_plan, stage,
      current_node_code, purchase_job_number, cmt_leader_job_number, workflow_id, start_time, pass_time, created_by)
    select 'BF' || lpad(i::text, 8, '0'), 1,
      (array['苏州','宁波','无锡','重庆','长春','佛山'])[1 + i % 6] || (array['精密','汽配','电子','橡塑','铸造'])[1 + i % 5] || i || '有限公司',
      jsonb_build_array(jsonb_build_object('code', c.code, 'name', c.name_zh)),
      c.cmt_code, (array['NEW_SUPPLIER','TRADING_COMPANY','CATEGORY_EXPANSION'])[1 + i % 3], 'bench',
      'E10002', '王磊', '张伟', 'bench' || i || '@example.com', '+86', '13800138000', '[]'::jsonb,
      (array[0,10,20,30,40,90])[1 + i % 6], 'RFI', (array['E10002','E10003'])[1 + i % 2], m.leader_job_number,
      'cert-flow-BF' || i, now() - (i % 1000) * interval '1 day' - (i % 86400) * interval '1 second',
      case when i % 6 = 5 then now() else null end, 'bench'
    from generate_series(1, ${FLOWS}) as i
    join lateral (select count(*) as n from category where level = 3 and cmt_code is not null) k on true
    join (select row_number() over (order by code) - 1 as at, code, name_zh, cmt_code from category where level = 3 and cmt_code is not null) c on c.at = i % k.n
    join cmt m on m.code = c.cmt_code
    on conflict do nothing`.execute(db);
  await sql`analyze cert_flow`.execute(db);
}
