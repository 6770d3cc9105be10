import { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { RunningStack } from '#infra/stack.ts';
import type { Db } from '#db/connection.ts';
import { REVIEW_STATUS, reviewTaskNo } from '#domain/assessment/round.ts';
import { autoCalculate } from '#services/assessment/summary-calc.ts';
import { planRows } from '#services/assessment/export.ts';
import { writeAssessmentWorkbook } from '#services/assessment/export-workbook.ts';
import { principalOf } from '../support/exit-fixtures.ts';
import { ms, printTable, ratio } from './stats.ts';

const SUPPLIERS = 1000;
const GROUPS = 3;
const PER_GROUP = 10;
const REVIEWERS = [
  { jobNumber: 'E10020', name: '张伟' },
  { jobNumber: 'E10024', name: '黄丽' },
  { jobNumber: 'E10030', name: '陈刚' },
];
const ROLE = 'QUALITY_REVIEWER';
const OWNER = 'E10001';
const RUNS = 5;

/**
 * The summary of a plan of 1,000 suppliers × 30 indices × 3 reviewers (90,000 scores): autoCalculation (the domain
 * calculation over the tree, with its trace and grades written back) against a plain SQL aggregate of the same
 * weighted means in the same run, and the export of that plan as a streamed workbook with its time and peak memory.
 */
export async function benchAssessmentCalc(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  const seeded = performance.now();
  const planNo = await seedPlan(db);
  const seedMs = performance.now() - seeded;
  const owner = await principalOf(db, OWNER);

  const calcTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await autoCalculate(db, planNo, owner);
    calcTimes.push(performance.now() - t);
  }
  const sqlTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await sqlAggregate(db, planNo);
    sqlTimes.push(performance.now() - t);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const calc = median(calcTimes);
  const plain = median(sqlTimes);

  // Export: bytes to a sink (the HTTP response in production), memory sampled while it streams.
  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const t = performance.now();
  await writeAssessmentWorkbook(sink, [{ name: planNo, reviewers: REVIEWERS, rows: planRows(db, planNo, 'zh') }], 'zh');
  const exportMs = performance.now() - t;
  clearInterval(sampler);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

  printTable(`Assessment summary: ${SUPPLIERS} suppliers × ${GROUPS * PER_GROUP} indices × ${REVIEWERS.length} reviewers (${stack.db.kind})`, [
    ['seeded plan (90,000 scores)', `${(seedMs / 1000).toFixed(1)} s`],
    [`autoCalculation median of ${RUNS}`, ms(calc)],
    [`plain SQL weighted aggregate median of ${RUNS}`, ms(plain)],
    ['autoCalculation / SQL aggregate', ratio(calc, plain)],
    ['export: rows', String(SUPPLIERS * GROUPS * PER_GROUP)],
    ['export: time', ms(exportMs)],
    ['export: workbook size', mb(bytes)],
    ['export: peak RSS above start', mb(peakRss - base.rss)],
    ['export: peak heap above start', mb(peakHeap - base.heapUsed)],
  ]);
}

/** The same totals in one SQL statement: mean per index, weighted within groups, then across (no trace, no grades). */
async function sqlAggregate(db: Db, planNo: string) {
  return sql`
    with per_index as (
      select t.supplier_no, s.index_id, avg(s.score) as score
      from perf_score s join perf_review_task t on t.task_no = s.task_no
      where t.plan_no = ${planNo} and t.status = ${REVIEW_STATUS.FINISHED} and s.score is not null
      group by t.supplier_no, s.index_id
    ), per_group as (
      select p.supplier_no, i.parent_id, sum(p.score * i.weight) / sum(i.weight) as score
      from per_index p join perf_index i on i.id = p.index_id
      group by p.supplier_no, i.parent_id
    )
    select g.supplier_no, round(sum(g.score * i.weight) / sum(i.weight), 2) as total
    from per_group g join perf_index i on i.id = g.parent_id
    group by g.supplier_no`.execute(db);
}

async function seedPlan(db: Db): Promise<string> {
  const tag = Date.now().toString(36).toUpperCase();
  const system = `PISB${tag}`;
  const versionId = `${system}-V1`;
  const planNo = `PPB${tag}`;
  await db.insertInto('perf_index_system').values({ code: system, name_zh: '基准', name_en: 'Bench', created_by_job_number: OWNER, created_by_name: 'admin' }).execute();
  await db.insertInto('perf_index_version').values({ id: versionId, system_code: system, version: 1, created_by_job_number: OWNER, created_by_name: 'admin' }).execute();
  const indexIds: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    const weight = g === 0 ? 40 : 30;
    const parent = await db
      .insertInto('perf_index')
      .values({ version_id: versionId, code: `G${g}`, name_zh: `一级${g}`, name_en: `Group ${g}`, weight, sort: g })
      .returning('id')
      .executeTakeFirstOrThrow();
    const leaves = await db
      .insertInto('perf_index')
      .values(
        Array.from({ length: PER_GROUP }, (_, k) => ({
          version_id: versionId,
          parent_id: parent.id,
          code: `G${g}I${k}`,
          name_zh: `指标${g}-${k}`,
          name_en: `Index ${g}-${k}`,
          weight: 10,
          sort: k,
          method: 'MANUAL' as const,
          reviewer_role: ROLE,
        })),
      )
      .returning('id')
      .execute();
    indexIds.push(...leaves.map((l) => l.id));
  }
  const suppliers = Array.from({ length: SUPPLIERS }, (_, i) => `SB${tag}${String(i).padStart(4, '0')}`);
  for (let i = 0; i < suppliers.length; i += 500) {
    await db
      .insertInto('supplier')
      .values(suppliers.slice(i, i + 500).map((s, k) => ({ supplier_no: s, supplier_code: `9${String(i + k).padStart(6, '0')}`, name: `基准供应商${i + k}`, credit_code: `91B${tag}${i + k}` })))
      .execute();
  }
  await db
    .insertInto('perf_plan')
    .values({
      plan_no: planNo,
      name: '基准计划',
      period_type: 'MONTH',
      period: '2026-10',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      index_version_id: versionId,
      status: 'running',
      scope_mode: 'SUPPLIER',
      deadline: new Date(Date.now() + 86_400_000),
      grade_thresholds: JSON.stringify({ A: 90, B: 80 }),
      owner_job_number: OWNER,
      owner_name: 'admin',
      created_by_job_number: OWNER,
      created_by_name: 'admin',
    } as never)
    .execute();
  for (let i = 0; i < suppliers.length; i += 500) {
    await db
      .insertInto('perf_plan_supplier')
      .values(suppliers.slice(i, i + 500).map((s) => ({ plan_no: planNo, supplier_no: s })))
      .execute();
  }
  const tasks = suppliers.flatMap((s) => REVIEWERS.map((r) => ({ s, r, taskNo: reviewTaskNo(planNo, s, ROLE, r.jobNumber) })));
  for (let i = 0; i < tasks.length; i += 500) {
    await db
      .insertInto('perf_review_task')
      .values(
        tasks.slice(i, i + 500).map((x) => ({
          task_no: x.taskNo,
          plan_no: planNo,
          supplier_no: x.s,
          role: ROLE,
          reviewer_job_number: x.r.jobNumber,
          reviewer_name: x.r.name,
          status: REVIEW_STATUS.FINISHED,
          submitted_at: new Date(),
        })),
      )
      .execute();
  }
  // Deterministic scores 60.00–99.99 spread over suppliers, indices and reviewers.
  const scores = tasks.flatMap((x, ti) => indexIds.map((id, ii) => ({ task_no: x.taskNo, index_id: id, score: 60 + ((ti * 31 + ii * 17) % 4000) / 100, scored_by_job_number: x.r.jobNumber, scored_by_name: x.r.name })));
  for (let i = 0; i < scores.length; i += 2000) await db.insertInto('perf_score').values(scores.slice(i, i + 2000)).execute();
  return planNo;
}
