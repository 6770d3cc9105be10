import type { Db } from '#db/connection.ts';

/**
 * A performance plan as the plan screens leave it (the index tree, suppliers, reviewers), written straight into
 * the tables: the round's suites start from a draft plan. The tree:
 *   QUAL 60 — Q_AUDIT manual (quality reviewer) 50, Q_PPM computed from PPM (lower is better) 50
 *   DELIV 40 — D_OTD manual (supply reviewer) 60, D_COOP manual (supply reviewer) 40
 */
export const REVIEWERS = {
  quality: { role: 'QUALITY_REVIEWER', jobNumber: 'E10020', name: '张伟' },
  supply: { role: 'SUPPLY_REVIEWER', jobNumber: 'E10023', name: '林涛' },
} as const;
/** The owner (quality operations), an approver (a CMT leader), another CMT member to transfer to. */
export const OWNER = 'E10024';
export const APPROVER = 'E10010';
export const OTHER_MEMBER = 'E10025';
export const PPM_BANDS = [
  { threshold: 50, score: 100 },
  { threshold: 200, score: 80 },
  { threshold: 500, score: 60 },
];

let seq = 0;

export async function insertDraftPlan(
  db: Db,
  opts: { suppliers?: string[]; deadline?: Date; period?: string; owner?: string; reviewers?: { role: string; jobNumber: string; name: string }[] } = {},
): Promise<{ planNo: string; versionId: string }> {
  const n = `${process.pid % 1000}${++seq}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const system = `PIST${n}`;
  const versionId = `${system}-V1`;
  await db.insertInto('perf_index_system').values({ code: system, name_zh: '供应商绩效', name_en: 'Supplier performance', created_by_job_number: 'E10024', created_by_name: '黄丽' }).execute();
  await db.insertInto('perf_index_version').values({ id: versionId, system_code: system, version: 1, created_by_job_number: 'E10024', created_by_name: '黄丽' }).execute();
  const parent = async (code: string, zh: string, en: string, weight: number, sort: number) =>
    (
      await db
        .insertInto('perf_index')
        .values({ version_id: versionId, code, name_zh: zh, name_en: en, weight, sort })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const qual = await parent('QUAL', '质量', 'Quality', 60, 1);
  const deliv = await parent('DELIV', '交付', 'Delivery', 40, 2);
  await db
    .insertInto('perf_index')
    .values([
      { version_id: versionId, parent_id: qual, code: 'Q_AUDIT', name_zh: '质量体系', name_en: 'Quality system', weight: 50, sort: 1, method: 'MANUAL', reviewer_role: 'QUALITY_REVIEWER' },
      {
        version_id: versionId,
        parent_id: qual,
        code: 'Q_PPM',
        name_zh: '来料不良率',
        name_en: 'Delivered quality',
        weight: 50,
        sort: 2,
        method: 'COMPUTED',
        direction: 'LOWER',
        figure_kind: 'PPM',
        bands: JSON.stringify(PPM_BANDS),
      },
      { version_id: versionId, parent_id: deliv, code: 'D_OTD', name_zh: '准时交付', name_en: 'On-time delivery', weight: 60, sort: 1, method: 'MANUAL', reviewer_role: 'SUPPLY_REVIEWER' },
      { version_id: versionId, parent_id: deliv, code: 'D_COOP', name_zh: '配合度', name_en: 'Cooperation', weight: 40, sort: 2, method: 'MANUAL', reviewer_role: 'SUPPLY_REVIEWER' },
    ] as never)
    .execute();
  const planNo = `PP2026${n}`.slice(0, 20);
  const owner = opts.owner ?? OWNER;
  const ownerName = (await db.selectFrom('staff').select('name').where('job_number', '=', owner).executeTakeFirstOrThrow()).name;
  await db
    .insertInto('perf_plan')
    .values({
      plan_no: planNo,
      name: `2026年10月供应商绩效 ${n}`,
      period_type: 'MONTH',
      period: opts.period ?? '2026-10',
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      index_version_id: versionId,
      status: 'draft',
      scope_mode: 'SUPPLIER',
      deadline: opts.deadline ?? new Date(Date.now() + 10 * 86_400_000),
      grade_thresholds: JSON.stringify({ A: 90, B: 80 }),
      owner_job_number: owner,
      owner_name: ownerName,
      created_by_job_number: owner,
      created_by_name: ownerName,
    } as never)
    .execute();
  await db
    .insertInto('perf_plan_supplier')
    .values((opts.suppliers ?? ['SN000001', 'SN000002']).map((s) => ({ plan_no: planNo, supplier_no: s })))
    .execute();
  const reviewers = opts.reviewers ?? Object.values(REVIEWERS);
  if (reviewers.length) {
    await db
      .insertInto('perf_plan_reviewer')
      .values(reviewers.map((r) => ({ plan_no: planNo, role: r.role, job_number: r.jobNumber, name: r.name })))
      .execute();
  }
  return { planNo, versionId };
}

/** The task number of a reviewer's task for a supplier. */
export const taskOf = (planNo: string, supplierNo: string, r: { role: string; jobNumber: string }) => `${planNo}-${supplierNo}-${r.role}-${r.jobNumber}`;
