import type { Db, DbOrTrx } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { PERF_HISTORY_ACTIONS } from '#domain/performance/model.ts';
import type { PlanCreateRequest, PlanEditRequest } from '#domain/performance/plan.ts';
import { conflict, forbidden } from '#domain/errors.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { type CheckedPlan, checkPlanForm } from './plan-form.ts';
import { isPerfManager, loadPlan, nextPlanNo, perfLogOf, type PlanRecord } from './perf-rows.ts';

/**
 * Writes of a plan by its owner or a performance manager (POST /v1/performance-plan/create, edit, reword).
 * Create makes a draft; the round (started by the assessment workflow) moves it on from there.
 */

/** The owner or a performance manager; anyone else is refused. */
export function requirePlanEditor(plan: PlanRecord, staff: StaffPrincipal): void {
  if (plan.owner_job_number !== staff.jobNumber && !isPerfManager(staff)) throw forbidden('planNotOwner');
}

const formColumns = (input: PlanCreateRequest, checked: CheckedPlan) => ({
  name: input.name,
  period_type: input.periodType,
  period: input.period,
  period_start: checked.periodStart,
  period_end: checked.periodEnd,
  index_version_id: checked.versionId,
  scope_mode: input.scopeMode,
  category_codes: JSON.stringify(input.categoryCodes),
  deadline: new Date(input.deadline),
  grade_thresholds: JSON.stringify(input.gradeThresholds),
  remark: input.remark ?? null,
  owner_job_number: checked.owner.jobNumber,
  owner_name: checked.owner.name,
});

/** Replaces the draft's suppliers and reviewers with the checked form's. */
async function writeMembers(trx: DbOrTrx, planNo: string, checked: CheckedPlan): Promise<void> {
  await trx.deleteFrom('perf_plan_supplier').where('plan_no', '=', planNo).execute();
  await trx.deleteFrom('perf_plan_reviewer').where('plan_no', '=', planNo).execute();
  const suppliers = [...checked.suppliers].map(([supplierNo, categories]) => ({ plan_no: planNo, supplier_no: supplierNo, category_codes: JSON.stringify(categories) }));
  if (suppliers.length) await trx.insertInto('perf_plan_supplier').values(suppliers).execute();
  const reviewers = checked.reviewers.map((r) => ({ plan_no: planNo, role: r.role, job_number: r.jobNumber, name: r.name }));
  if (reviewers.length) await trx.insertInto('perf_plan_reviewer').values(reviewers).execute();
}

const summaryOf = (input: PlanCreateRequest, checked: CheckedPlan) => ({
  name: input.name,
  period: `${input.periodType} ${input.period}`,
  indexVersionId: checked.versionId,
  suppliers: [...checked.suppliers.keys()],
  reviewers: checked.reviewers.map((r) => `${r.role}:${r.jobNumber}`),
  owner: checked.owner.jobNumber,
  deadline: input.deadline,
  gradeThresholds: input.gradeThresholds,
});

/** POST create: a draft plan; the caller need not be its owner. */
export async function createPlan(db: Db, input: PlanCreateRequest, staff: StaffPrincipal, locale: Locale): Promise<{ planNo: string }> {
  const checked = await checkPlanForm(db, input, locale);
  const planNo = await nextPlanNo(db);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('perf_plan')
      .values({ plan_no: planNo, ...formColumns(input, checked), created_by_job_number: staff.jobNumber, created_by_name: staff.name })
      .execute();
    await writeMembers(trx, planNo, checked);
    await writeHistory(trx, {
      relation: perfLogOf(planNo),
      actor: actorOf(staff),
      action: PERF_HISTORY_ACTIONS.planCreated,
      description: `创建绩效计划 ${input.name}（${checked.suppliers.size} 家供应商）`,
      detail: summaryOf(input, checked),
    });
  });
  return { planNo };
}

/** POST edit: the whole form of a draft, by its owner or a manager. */
export async function editPlan(db: Db, input: PlanEditRequest, staff: StaffPrincipal, locale: Locale): Promise<void> {
  const plan = await loadPlan(db, input.planNo);
  requirePlanEditor(plan, staff);
  if (plan.status !== 'draft') throw conflict('planNotDraft');
  const checked = await checkPlanForm(db, input, locale);
  await db.transaction().execute(async (trx) => {
    // Only while still a draft: a start racing this edit wins, and the edit changes nothing.
    const updated = await trx
      .updateTable('perf_plan')
      .set({ ...formColumns(input, checked), updated_at: new Date() })
      .where('plan_no', '=', plan.plan_no)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw conflict('planNotDraft');
    await writeMembers(trx, plan.plan_no, checked);
    await writeHistory(trx, {
      relation: perfLogOf(plan.plan_no),
      actor: actorOf(staff),
      action: PERF_HISTORY_ACTIONS.planEdited,
      description: `修改绩效计划 ${input.name}`,
      detail: summaryOf(input, checked),
    });
  });
}

/** POST reword: a new name, until the plan is concluded or cancelled. */
export async function rewordPlan(db: Db, input: { planNo: string; name: string }, staff: StaffPrincipal): Promise<void> {
  const plan = await loadPlan(db, input.planNo);
  requirePlanEditor(plan, staff);
  if (plan.status === 'concluded' || plan.status === 'cancelled') throw conflict('planConcluded');
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('perf_plan').set({ name: input.name, updated_at: new Date() }).where('plan_no', '=', plan.plan_no).execute();
    await writeHistory(trx, {
      relation: perfLogOf(plan.plan_no),
      actor: actorOf(staff),
      action: PERF_HISTORY_ACTIONS.planRenamed,
      description: `计划名称由 ${plan.name} 改为 ${input.name}`,
      detail: { from: plan.name, to: input.name },
    });
  });
}
