import type { Db } from '#db/connection.ts';
import type { SummaryScoreSaveRequest } from '#domain/assessment/review.ts';
import { REVIEW_STATUS } from '#domain/assessment/round.ts';
import { calculateSupplier, finalScore, gradeOf } from '#domain/performance/calculate.ts';
import { parseDecimal } from '#domain/performance/decimal.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { conflict } from '#domain/errors.ts';
import { writeHistory } from '#services/history/write-history.ts';
import { loadCalcTree } from '#services/performance/perf-rows.ts';
import { finishedScores, periodFigures } from './calc-inputs.ts';
import { assertOwner, loadPlan, planLogOf, type RoundPlan } from './plan-access.ts';

/** The summary is open once every review is submitted (running) and stays open until it goes to approval. */
export async function assertSummarizing(db: Db, plan: RoundPlan): Promise<void> {
  if (plan.status === 'calculated') return;
  if (plan.status !== 'running') throw conflict('roundNotSummarizing');
  const open = await db
    .selectFrom('perf_review_task')
    .select('task_no')
    .where('plan_no', '=', plan.planNo)
    .where('status', '!=', REVIEW_STATUS.FINISHED)
    .limit(1)
    .executeTakeFirst();
  if (open) throw conflict('roundNotSummarizing');
}

/**
 * POST /v1/assessment-task-summary/autoCalculation: every supplier of the plan scored by the domain calculation
 * over the version's tree from the finished scores and the period's figures (the same inputs always give the
 * same totals; a supplier without any data is "no data", never 100). Adjustments stay, the grades follow the
 * final score; summaries, the plan's status and the history row are written in one transaction.
 */
export async function autoCalculate(db: Db, planNo: string, staff: StaffPrincipal, now = new Date()): Promise<{ suppliers: number }> {
  const plan = await loadPlan(db, planNo);
  assertOwner(plan, staff);
  await assertSummarizing(db, plan);
  const [tree, supplierRows, scores] = await Promise.all([
    loadCalcTree(db, plan.versionId),
    db.selectFrom('perf_plan_supplier').select('supplier_no').where('plan_no', '=', planNo).orderBy('supplier_no').execute(),
    finishedScores(db, planNo),
  ]);
  const supplierNos = supplierRows.map((r) => r.supplier_no);
  const [figures, adjusted] = await Promise.all([
    periodFigures(db, plan, supplierNos),
    db.selectFrom('perf_supplier_summary').select(['supplier_no', 'adjusted_score']).where('plan_no', '=', planNo).where('adjusted_score', 'is not', null).execute(),
  ]);
  const adjustedOf = new Map(adjusted.map((a) => [a.supplier_no, parseDecimal(a.adjusted_score)]));
  const rows = supplierNos.map((supplierNo) => {
    const calc = calculateSupplier(tree, { scores: scores.get(supplierNo) ?? [], figures: figures.get(supplierNo) ?? {} });
    const final = finalScore({ calculatedScore: calc.score, adjustedScore: adjustedOf.get(supplierNo) ?? null });
    return {
      plan_no: planNo,
      supplier_no: supplierNo,
      calculated_score: calc.score,
      no_data: calc.noData,
      knocked_out: calc.knockedOut,
      grade: gradeOf(final, plan.thresholds, calc.knockedOut),
      trace: JSON.stringify(calc.trace),
      calculated_at: now,
    };
  });
  await db.transaction().execute(async (trx) => {
    const locked = await loadPlan(trx, planNo, true);
    if (locked.status !== plan.status) throw conflict('roundNotSummarizing');
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('perf_supplier_summary')
        .values(rows.slice(i, i + 500))
        .onConflict((oc) =>
          oc.columns(['plan_no', 'supplier_no']).doUpdateSet((eb) => ({
            calculated_score: eb.ref('excluded.calculated_score'),
            no_data: eb.ref('excluded.no_data'),
            knocked_out: eb.ref('excluded.knocked_out'),
            grade: eb.ref('excluded.grade'),
            trace: eb.ref('excluded.trace'),
            calculated_at: eb.ref('excluded.calculated_at'),
          })),
        )
        .execute();
    }
    await trx.updateTable('perf_plan').set({ status: 'calculated', calculated_at: now, updated_at: now }).where('plan_no', '=', planNo).execute();
    await writeHistory(trx, {
      relation: planLogOf(planNo),
      actor: actorOf(staff),
      action: 'PERF_SUMMARY_CALCULATED',
      description: `自动计算汇总得分（${rows.length} 家供应商）`,
      detail: { suppliers: rows.length },
    });
  });
  return { suppliers: rows.length };
}

/**
 * POST /v1/assessment-manage/summary-score-save: the owner sets a supplier's final score with a reason while the
 * summary is open. The grade follows (a knock-out still caps it); the adjustment is kept in its history table and
 * the plan's log, in the transaction of the change.
 */
export async function adjustSummaryScore(db: Db, input: SummaryScoreSaveRequest, staff: StaffPrincipal): Promise<void> {
  const plan = await loadPlan(db, input.planNo);
  assertOwner(plan, staff);
  if (plan.status !== 'calculated') throw conflict(plan.status === 'running' ? 'summaryNotCalculated' : 'roundNotSummarizing');
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('perf_supplier_summary')
      .select(['calculated_score', 'adjusted_score', 'knocked_out', 'grade'])
      .where('plan_no', '=', input.planNo)
      .where('supplier_no', '=', input.supplierNo)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw conflict('summaryNotCalculated');
    const before = finalScore({ calculatedScore: parseDecimal(row.calculated_score), adjustedScore: parseDecimal(row.adjusted_score) });
    const grade = gradeOf(input.score, plan.thresholds, row.knocked_out);
    const now = new Date();
    await trx
      .updateTable('perf_supplier_summary')
      .set({
        adjusted_score: input.score,
        adjust_reason: input.reason,
        adjusted_by_job_number: staff.jobNumber,
        adjusted_by_name: staff.name,
        adjusted_at: now,
        grade,
      })
      .where('plan_no', '=', input.planNo)
      .where('supplier_no', '=', input.supplierNo)
      .execute();
    await trx
      .insertInto('perf_score_adjustment')
      .values({
        plan_no: input.planNo,
        supplier_no: input.supplierNo,
        score_before: before,
        score_after: input.score,
        grade_before: row.grade,
        grade_after: grade,
        reason: input.reason,
        adjusted_by_job_number: staff.jobNumber,
        adjusted_by_name: staff.name,
        adjusted_at: now,
      })
      .execute();
    await writeHistory(trx, {
      relation: planLogOf(input.planNo),
      actor: actorOf(staff),
      action: 'PERF_SCORE_ADJUSTED',
      description: `调整 ${input.supplierNo} 得分：${before ?? '-'} → ${input.score}，原因：${input.reason}`,
      detail: { supplierNo: input.supplierNo, from: before, to: input.score, reason: input.reason },
    });
  });
}
