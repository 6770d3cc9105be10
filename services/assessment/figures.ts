import type { Db } from '#db/connection.ts';
import type { FigureSaveRequest, FiguresView } from '#domain/assessment/review.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { PERF_FIGURE_KINDS, type PerfFigureKind } from '#domain/performance/model.ts';
import { badRequest, conflict, type FieldErrors } from '#domain/errors.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { assertOwner, isOwner, loadPlan, planLogOf, type RoundPlan } from './plan-access.ts';
import { assertMayReadSummary } from './summary-read.ts';

/** Figures change until the summary goes to approval; the save and the screen's editable flag both ask this. */
const figuresOpen = (plan: RoundPlan) => ['draft', 'running', 'calculated'].includes(plan.status);

/**
 * The figure kinds the plan's index version scores from (its computed indices), in PERF_FIGURE_KINDS order: the
 * screen's columns and what the save accepts — a figure no index of the plan uses would change no score.
 */
async function scoredKinds(db: Db, plan: RoundPlan): Promise<PerfFigureKind[]> {
  const rows = await db
    .selectFrom('perf_index')
    .select('figure_kind')
    .distinct()
    .where('version_id', '=', plan.versionId)
    .where('method', '=', 'COMPUTED')
    .where('figure_kind', 'is not', null)
    .execute();
  const used = new Set(rows.map((r) => r.figure_kind));
  return PERF_FIGURE_KINDS.filter((k) => used.has(k));
}

/**
 * GET /v1/assessment-figure/list: every supplier of the plan with its figures of the plan's period, for the owner
 * (editable while figures are open) and the approver (read-only), as the summary is read.
 */
export async function figuresView(db: Db, planNo: string, staff: StaffPrincipal): Promise<FiguresView> {
  const plan = await loadPlan(db, planNo);
  await assertMayReadSummary(db, plan, staff);
  const [kinds, suppliers, figures] = await Promise.all([
    scoredKinds(db, plan),
    db
      .selectFrom('perf_plan_supplier as ps')
      .innerJoin('supplier as s', 's.supplier_no', 'ps.supplier_no')
      .select(['ps.supplier_no', 's.supplier_code', 's.name'])
      .where('ps.plan_no', '=', planNo)
      .orderBy('ps.supplier_no')
      .execute(),
    db
      .selectFrom('perf_figure as f')
      .innerJoin('perf_plan_supplier as ps', (j) => j.onRef('ps.supplier_no', '=', 'f.supplier_no').on('ps.plan_no', '=', planNo))
      .select(['f.supplier_no', 'f.figure_kind', 'f.value', 'f.source', 'f.entered_by_name', 'f.entered_at'])
      .where('f.period_type', '=', plan.periodType)
      .where('f.period', '=', plan.period)
      .execute(),
  ]);
  const bySupplier = new Map<string, FiguresView['suppliers'][number]['figures']>();
  for (const f of figures) {
    const of = bySupplier.get(f.supplier_no) ?? {};
    of[f.figure_kind] = { value: Number(f.value), source: f.source, enteredByName: f.entered_by_name, enteredAt: new Date(f.entered_at).toISOString() };
    bySupplier.set(f.supplier_no, of);
  }
  return {
    planNo,
    periodType: plan.periodType,
    period: plan.period,
    editable: isOwner(plan, staff) && figuresOpen(plan),
    kinds,
    suppliers: suppliers.map((r) => ({ supplierNo: r.supplier_no, supplierCode: r.supplier_code, supplierName: r.name, figures: bySupplier.get(r.supplier_no) ?? {} })),
  };
}

/**
 * POST /v1/assessment-figure/save: the owner enters or imports the figures computed indices score from, for the
 * plan's suppliers and the plan's period (perf_figure is keyed by supplier, period and figure kind, shared by every
 * plan of that period). Allowed until the summary goes to approval; a null value removes a figure. Rows that name
 * a supplier outside the plan or an unknown figure kind are refused naming the row; all rows and the log row are
 * written in one transaction.
 */
export async function saveFigures(db: Db, input: FigureSaveRequest, staff: StaffPrincipal): Promise<{ saved: number }> {
  const plan = await loadPlan(db, input.planNo);
  assertOwner(plan, staff);
  if (!figuresOpen(plan)) throw conflict('roundNotSummarizing');
  const [planSuppliers, kinds] = await Promise.all([
    db.selectFrom('perf_plan_supplier').select('supplier_no').where('plan_no', '=', input.planNo).execute(),
    scoredKinds(db, plan),
  ]);
  const suppliers = new Set(planSuppliers.map((r) => r.supplier_no));
  const errors: FieldErrors = {};
  input.figures.forEach((f, i) => {
    if (!suppliers.has(f.supplierNo)) errors[`figures.${i}.supplierNo`] = 'invalidValue';
    if (!(PERF_FIGURE_KINDS as string[]).includes(f.figureKind)) errors[`figures.${i}.figureKind`] = 'invalidValue';
    else if (!(kinds as string[]).includes(f.figureKind)) errors[`figures.${i}.figureKind`] = 'figureKindNotScored';
  });
  if (Object.keys(errors).length) throw badRequest('invalidInput', errors);
  const now = new Date();
  const key = (f: { supplierNo: string; figureKind: string }) => `${f.supplierNo}|${f.figureKind}`;
  // The last row of a supplier and kind counts (an import may repeat one).
  const rows = [...new Map(input.figures.map((f) => [key(f), f])).values()];
  await db.transaction().execute(async (trx) => {
    const gone = rows.filter((f) => f.value === null);
    for (const f of gone) {
      await trx
        .deleteFrom('perf_figure')
        .where('supplier_no', '=', f.supplierNo)
        .where('period_type', '=', plan.periodType)
        .where('period', '=', plan.period)
        .where('figure_kind', '=', f.figureKind)
        .execute();
    }
    const kept = rows.filter((f) => f.value !== null);
    for (let i = 0; i < kept.length; i += 500) {
      await trx
        .insertInto('perf_figure')
        .values(
          kept.slice(i, i + 500).map((f) => ({
            supplier_no: f.supplierNo,
            period_type: plan.periodType,
            period: plan.period,
            figure_kind: f.figureKind,
            value: f.value!,
            source: input.source,
            entered_by_job_number: staff.jobNumber,
            entered_by_name: staff.name,
            entered_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['supplier_no', 'period_type', 'period', 'figure_kind']).doUpdateSet((eb) => ({
            value: eb.ref('excluded.value'),
            source: eb.ref('excluded.source'),
            entered_by_job_number: eb.ref('excluded.entered_by_job_number'),
            entered_by_name: eb.ref('excluded.entered_by_name'),
            entered_at: eb.ref('excluded.entered_at'),
          })),
        )
        .execute();
    }
    await writeHistory(trx, {
      relation: planLogOf(input.planNo),
      actor: actorOf(staff),
      action: 'PERF_FIGURES_SAVED',
      description: `录入绩效数据 ${rows.length} 条（${plan.period}）`,
      detail: { rows: rows.length, period: plan.period, source: input.source },
    });
  });
  return { saved: rows.length };
}
