import type { Db } from '#db/connection.ts';
import type { Page } from '#domain/fields.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { finalScore } from '#domain/performance/calculate.ts';
import { parseDecimal } from '#domain/performance/decimal.ts';
import { PERF_OUTCOMES, PERF_PLAN_STATUS_NAMES, type PerfOutcome } from '#domain/performance/model.ts';
import { type PlanDetail, type PlanPageRequest, type PlanRow, planActions } from '#domain/performance/plan.ts';
import { ROUTES } from '#domain/permissions.ts';
import { notFound } from '#domain/errors.ts';
import { categoryNames } from './admitted.ts';
import { containing, isPerfManager, loadPlan } from './perf-rows.ts';

/**
 * Reads of plans (POST /v1/performance-plan/page, GET detail). Managers and holders of the plan screens'
 * route see every plan; anyone else the plans they own, and the started plans they review.
 */
const seesAll = (staff: StaffPrincipal) => isPerfManager(staff) || staff.permissions.includes(ROUTES.performancePlan);

function visiblePlans(db: Db, staff: StaffPrincipal) {
  let q = db
    .selectFrom('perf_plan as p')
    .innerJoin('perf_index_version as v', 'v.id', 'p.index_version_id')
    .innerJoin('perf_index_system as s', 's.code', 'v.system_code');
  if (!seesAll(staff)) {
    q = q.where((eb) =>
      eb.or([
        eb('p.owner_job_number', '=', staff.jobNumber),
        eb.and([
          eb('p.status', '!=', 'draft'),
          eb.exists(eb.selectFrom('perf_plan_reviewer as r').select('r.plan_no').whereRef('r.plan_no', '=', 'p.plan_no').where('r.job_number', '=', staff.jobNumber)),
        ]),
      ]),
    );
  }
  return q;
}

type Visible = ReturnType<typeof visiblePlans>;

/** The list's columns of the plans a query selects, newest first, as rows with the caller's actions. */
async function planRows(q: Visible, staff: StaffPrincipal, locale: Locale, page: { limit: number; offset: number }): Promise<PlanRow[]> {
  const rows = await q
    .select([
      'p.plan_no',
      'p.name',
      'p.period_type',
      'p.period',
      'p.index_version_id',
      'p.status',
      'p.deadline',
      'p.owner_name',
      'p.owner_job_number',
      'p.created_at',
      'v.version',
      's.name_zh as system_zh',
      's.name_en as system_en',
    ])
    .select((eb) => eb.selectFrom('perf_plan_supplier as ps').select((e) => e.fn.countAll<number>().as('n')).whereRef('ps.plan_no', '=', 'p.plan_no').as('supplier_count'))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.plan_no', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    planNo: r.plan_no,
    name: r.name,
    periodType: r.period_type,
    period: r.period,
    systemName: locale === 'en' ? r.system_en : r.system_zh,
    version: r.version,
    indexVersionId: r.index_version_id,
    status: r.status,
    statusName: PERF_PLAN_STATUS_NAMES[r.status][locale],
    supplierCount: Number(r.supplier_count ?? 0),
    deadline: r.deadline.toISOString(),
    owner: r.owner_name,
    ownerJobNumber: r.owner_job_number,
    createdAt: r.created_at.toISOString(),
    actions: planActions(r, { owner: r.owner_job_number === staff.jobNumber, manager: isPerfManager(staff) }),
  }));
}

export async function planPage(db: Db, req: PlanPageRequest, staff: StaffPrincipal, locale: Locale): Promise<Page<PlanRow>> {
  let q = visiblePlans(db, staff);
  if (req.keyword) {
    const like = containing(req.keyword);
    q = q.where((eb) => eb.or([eb('p.name', 'ilike', like), eb('p.plan_no', 'ilike', like)]));
  }
  if (req.status) q = q.where('p.status', '=', req.status);
  if (req.periodType) q = q.where('p.period_type', '=', req.periodType);
  if (req.period) q = q.where('p.period', '=', req.period);
  if (req.mine) q = q.where('p.owner_job_number', '=', staff.jobNumber);
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const records = await planRows(q, staff, locale, { limit: req.pageSize, offset: (req.currentPage - 1) * req.pageSize });
  return { total: Number(total), records };
}

/** GET detail: the plan, its suppliers (with the round's summary and the conclusion), its reviewers. */
export async function planDetail(db: Db, planNo: string, staff: StaffPrincipal, locale: Locale): Promise<PlanDetail> {
  const [row] = await planRows(visiblePlans(db, staff).where('p.plan_no', '=', planNo), staff, locale, { limit: 1, offset: 0 });
  if (!row) throw notFound('planNotFound');
  const plan = await loadPlan(db, planNo);
  const members = await db
    .selectFrom('perf_plan_supplier as ps')
    .innerJoin('supplier as s', 's.supplier_no', 'ps.supplier_no')
    .leftJoin('perf_supplier_summary as sum', (j) => j.onRef('sum.plan_no', '=', 'ps.plan_no').onRef('sum.supplier_no', '=', 'ps.supplier_no'))
    .select([
      'ps.supplier_no',
      'ps.category_codes',
      'ps.outcome',
      'ps.conclusion_grade',
      'ps.conclusion_remark',
      'ps.concluded_by_name',
      'ps.concluded_at',
      's.supplier_code',
      's.name',
      's.name_en',
      'sum.calculated_score',
      'sum.adjusted_score',
      'sum.grade',
      'sum.no_data',
      'sum.knocked_out',
      'sum.plan_no as summary_plan',
    ])
    .where('ps.plan_no', '=', planNo)
    .orderBy('ps.supplier_no')
    .execute();
  const reviewers = await db
    .selectFrom('perf_plan_reviewer as r')
    .leftJoin('role', 'role.code', 'r.role')
    .select(['r.role', 'r.job_number', 'r.name', 'role.name_zh', 'role.name_en'])
    .where('r.plan_no', '=', planNo)
    .orderBy('r.role')
    .orderBy('r.job_number')
    .execute();
  const names = await categoryNames(db, [...new Set([...plan.category_codes, ...members.flatMap((m) => m.category_codes)])], locale);
  const roles = [...new Set(reviewers.map((r) => r.role))];
  return {
    ...row,
    periodStart: plan.period_start,
    periodEnd: plan.period_end,
    scopeMode: plan.scope_mode,
    categoryCodes: plan.category_codes,
    categoryNames: plan.category_codes.map((c) => names.get(c) ?? c),
    reviewers: roles.map((role) => {
      const of = reviewers.filter((r) => r.role === role);
      return {
        role,
        roleName: (locale === 'en' ? of[0].name_en : of[0].name_zh) ?? role,
        members: of.map((r) => ({ jobNumber: r.job_number, name: r.name })),
      };
    }),
    gradeThresholds: plan.grade_thresholds,
    remark: plan.remark,
    suppliers: members.map((m) => {
      const calculatedScore = parseDecimal(m.calculated_score);
      const adjustedScore = parseDecimal(m.adjusted_score);
      const outcome = m.outcome as PerfOutcome | null;
      return {
        supplierNo: m.supplier_no,
        supplierCode: m.supplier_code,
        supplierName: locale === 'en' && m.name_en ? m.name_en : m.name,
        categoryNames: m.category_codes.map((c) => names.get(c) ?? c),
        outcome,
        outcomeName: outcome ? PERF_OUTCOMES[outcome][locale] : null,
        conclusionGrade: m.conclusion_grade,
        conclusionRemark: m.conclusion_remark,
        concludedBy: m.concluded_by_name,
        concludedAt: m.concluded_at?.toISOString() ?? null,
        summary: m.summary_plan
          ? {
              calculatedScore,
              adjustedScore,
              finalScore: finalScore({ calculatedScore, adjustedScore }),
              grade: m.grade,
              noData: Boolean(m.no_data),
              knockedOut: Boolean(m.knocked_out),
            }
          : null,
      };
    }),
    startedAt: plan.started_at?.toISOString() ?? null,
    calculatedAt: plan.calculated_at?.toISOString() ?? null,
    concludedAt: plan.concluded_at?.toISOString() ?? null,
    concludedBy: plan.concluded_by_name,
  };
}
