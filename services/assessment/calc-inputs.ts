import type { DbOrTrx } from '#db/connection.ts';
import { REVIEW_STATUS } from '#domain/assessment/round.ts';
import type { FigureValue, ReviewerScore } from '#domain/performance/calculate.ts';
import { parseDecimal } from '#domain/performance/decimal.ts';

/**
 * What the domain calculation (domain/performance/calculate.ts) needs of a plan, read from the database: the
 * scores of finished tasks and the figures of the plan's period, per supplier.
 */

/** The scores of the plan's finished tasks, by supplier (a draft never counts). */
export async function finishedScores(db: DbOrTrx, planNo: string, supplierNos?: readonly string[]): Promise<Map<string, ReviewerScore[]>> {
  let q = db
    .selectFrom('perf_score as s')
    .innerJoin('perf_review_task as t', 't.task_no', 's.task_no')
    .select(['t.supplier_no', 's.index_id', 's.score', 's.scored_by_job_number', 's.scored_by_name', 's.scored_at'])
    .where('t.plan_no', '=', planNo)
    .where('t.status', '=', REVIEW_STATUS.FINISHED);
  if (supplierNos) q = q.where('t.supplier_no', 'in', supplierNos);
  const out = new Map<string, ReviewerScore[]>();
  for (const r of await q.execute()) {
    const list = out.get(r.supplier_no) ?? [];
    list.push({ indexId: r.index_id, score: parseDecimal(r.score), jobNumber: r.scored_by_job_number, name: r.scored_by_name, at: new Date(r.scored_at).toISOString() });
    out.set(r.supplier_no, list);
  }
  return out;
}

/** The figures of the plan's period, by supplier and figure kind. */
export async function periodFigures(
  db: DbOrTrx,
  period: { periodType: 'MONTH' | 'QUARTER' | 'YEAR'; period: string },
  supplierNos: readonly string[],
): Promise<Map<string, Record<string, FigureValue>>> {
  const out = new Map<string, Record<string, FigureValue>>();
  if (!supplierNos.length) return out;
  const rows = await db
    .selectFrom('perf_figure')
    .select(['supplier_no', 'figure_kind', 'value', 'entered_by_name', 'entered_at'])
    .where('period_type', '=', period.periodType)
    .where('period', '=', period.period)
    .where('supplier_no', 'in', supplierNos)
    .execute();
  for (const r of rows) {
    const figures = out.get(r.supplier_no) ?? {};
    figures[r.figure_kind] = { kind: r.figure_kind, value: Number(r.value), enteredBy: r.entered_by_name, at: new Date(r.entered_at).toISOString() };
    out.set(r.supplier_no, figures);
  }
  return out;
}
