import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { RunningStack } from '#infra/stack.ts';
import { newTaxNumber } from '../support/erp-vendors.ts';
import { validRegisterApply } from '../support/fixtures.ts';
import { loginCookie } from '../support/staff-login.ts';
import { ms, percentile, printTable, ratio } from './stats.ts';

/** 50,000 suppliers and 50,000 flows (100,000 to compare with); `BENCH_DUPLICATE_ROWS=<n>` seeds n of each. */
const ROWS = Number(process.env.BENCH_DUPLICATE_ROWS ?? 50_000);
const SAMPLES = 40;

/**
 * The duplicate check of a new registration (docs/decisions/0054-a-duplicate-check-at-the-door.md) against 100,000
 * suppliers and flows: p95 of GET /api/v1/cert-flow/duplicates for a code match, a name match and no match, beside the
 * p95 of the apply call (POST /v1/cert-flow-node/create, which runs the same check) in the same run; the ratio says
 * what share of an application the check costs.
 */
export async function benchDuplicateCheck(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  await seed(stack);
  const cookie = await loginCookie(stack.appUrl);
  const get = (q: Record<string, string>) => fetch(`${stack.appUrl}/api/v1/cert-flow/duplicates?${new URLSearchParams(q)}`, { headers: { cookie } });
  const timed = async (run: () => Promise<Response>) => {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      const res = await run();
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      samples.push(performance.now() - t0);
    }
    return samples;
  };
  const at = (i: number) => 1 + ((i * 7919) % ROWS);
  let n = 0;
  const cases: [string, () => Promise<Response>][] = [
    ['credit code of a supplier', () => get({ creditCode: benchCode('S', at(++n)), supplierName: '毫不相干的名字有限公司' })],
    ['name of a flow, another legal form', () => get({ supplierName: `${benchName(at(++n))}股份有限公司` })],
    ['no match', () => get({ supplierName: `无此供应商${++n}有限公司`, creditCode: newTaxNumber() })],
  ];
  const rows: [string, string][] = [];
  const p95s: number[] = [];
  for (const [name, run] of cases) {
    const p95 = percentile(await timed(run), 95);
    p95s.push(p95);
    rows.push([`check: ${name} p95`, ms(p95)]);
  }
  const apply = await timed(async () =>
    fetch(`${stack.appUrl}/v1/cert-flow-node/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(await validRegisterApply(db, { supplierName: `压测新供应商${++n}有限公司`, duplicateReason: undefined })),
    }),
  );
  const applyP95 = percentile(apply, 95);
  rows.push(['apply (runs the check, starts the workflow) p95', ms(applyP95)]);
  rows.push(['slowest check p95 / apply p95', ratio(Math.max(...p95s), applyP95)]);
  printTable(`Duplicate check against ${(2 * ROWS).toLocaleString('en')} suppliers and flows (${SAMPLES} samples each)`, rows);
}

const benchCode = (prefix: 'S' | 'F', i: number) => `913100${prefix === 'S' ? '01' : '02'}${String(i).padStart(9, '0')}X`;
const benchName = (i: number) => `${['苏州', '宁波', '无锡', '重庆', '长春', '佛山'][i % 6]}${['精密', '汽配', '电子', '橡塑', '铸造'][i % 5]}查重${i}`;

async function seed(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  const have = await db.selectFrom('supplier').select((eb) => eb.fn.countAll<number>().as('n')).where('supplier_no', 'like', 'BS%').executeTakeFirstOrThrow();
  if (Number(have.n) >= ROWS) return;
  await sql`
    insert into supplier (supplier_no, supplier_code, name, credit_code, status)
    select 'BS' || lpad(i::text, 8, '0'), 'BS' || i,
      (array['苏州','宁波','无锡','重庆','长春','佛山'])[1 + i % 6] || (array['精密','汽配','电子','橡塑','铸造'])[1 + i % 5] || '供方' || i || '有限公司',
      '91310001' || lpad(i::text, 9, '0') || 'X', case when i % 10 = 0 then 20 else 10 end
    from generate_series(1, ${ROWS}) as i
    on conflict do nothing`.execute(db);
  await sql`
    insert into cert_flow (flow_no, apply_type, supplier_name, credit_code, category_list, cmt_code, cert_scenario, apply_reason,
      recommend_job, recommend_name, contact_name, contact_email, contact_area_code, contact_number, node_plan, stage,
      current_node_code, purchase_job_number, cmt_leader_job_number, workflow_id, start_time, created_by)
    select 'BD' || lpad(i::text, 8, '0'), 1,
      (array['苏州','宁波','无锡','重庆','长春','佛山'])[1 + i % 6] || (array['精密','汽配','电子','橡塑','铸造'])[1 + i % 5] || '查重' || i || '有限公司',
      '91310002' || lpad(i::text, 9, '0') || 'X', '[]'::jsonb, 'CMT_BODY', 'NEW_SUPPLIER', 'bench',
      'E10002', '王磊', '张伟', 'dup' || i || '@example.com', '+86', '13800138000', '[]'::jsonb,
      (array[10,20,30,40,90,0])[1 + i % 6], 'RFI', 'E10002', 'E10010', 'cert-flow-BD' || i, now(), 'bench'
    from generate_series(1, ${ROWS}) as i
    on conflict do nothing`.execute(db);
  await sql`analyze supplier`.execute(db);
  await sql`analyze cert_flow`.execute(db);
}
