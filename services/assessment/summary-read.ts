import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { NO_GRADE, type SummaryTrace, type SummaryView, type TraceItem } from '#domain/assessment/summary.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import type { PerfTraceNode } from '#domain/performance/calculate.ts';
import { finalScore } from '#domain/performance/calculate.ts';
import { parseDecimal } from '#domain/performance/decimal.ts';
import { PERF_GRADES } from '#domain/performance/model.ts';
import { forbidden, notFound } from '#domain/errors.ts';
import { isApprover, isOwner, loadPlan, type RoundPlan } from './plan-access.ts';
import { roundPhase } from './round-phase.ts';

/** The summary is read by the plan's owner and its approvers. */
export async function assertMayReadSummary(db: Db, plan: RoundPlan, staff: StaffPrincipal): Promise<void> {
  if (!isOwner(plan, staff) && !(await isApprover(db, plan.planNo, staff.jobNumber))) throw forbidden('planNotOwner');
}

/** GET /v1/assessment-task-summary/detail: every supplier's totals and grade, the grade distribution, what the caller may do. */
export async function summaryView(db: Db, planNo: string, staff: StaffPrincipal, _locale: Locale): Promise<SummaryView> {
  const plan = await loadPlan(db, planNo);
  await assertMayReadSummary(db, plan, staff);
  const [rows, approval, phase] = await Promise.all([
    db
      .selectFrom('perf_plan_supplier as ps')
      .innerJoin('supplier as s', 's.supplier_no', 'ps.supplier_no')
      .leftJoin('perf_supplier_summary as m', (j) => j.onRef('m.plan_no', '=', 'ps.plan_no').onRef('m.supplier_no', '=', 'ps.supplier_no'))
      .select(['ps.supplier_no', 's.supplier_code', 's.name', 'm.calculated_score', 'm.adjusted_score', 'm.adjust_reason', 'm.grade', 'm.knocked_out', 'm.calculated_at'])
      .where('ps.plan_no', '=', planNo)
      .orderBy('ps.supplier_no')
      .execute(),
    db.selectFrom('perf_round_approval').selectAll().where('plan_no', '=', planNo).orderBy('round', 'desc').executeTakeFirst(),
    roundPhase(db, plan),
  ]);
  const summaryRows = rows.map((r) => {
    const calculatedScore = parseDecimal(r.calculated_score);
    const adjustedScore = parseDecimal(r.adjusted_score);
    return {
      supplierNo: r.supplier_no,
      supplierCode: r.supplier_code,
      supplierName: r.name,
      calculatedScore,
      adjustedScore,
      adjustReason: r.adjust_reason,
      finalScore: finalScore({ calculatedScore, adjustedScore }),
      grade: r.grade,
      knockedOut: r.knocked_out ?? false,
      calculatedAt: r.calculated_at ? new Date(r.calculated_at).toISOString() : null,
    };
  });
  const calculated = summaryRows.some((r) => r.calculatedAt);
  const owner = plan.ownerJobNumber === staff.jobNumber;
  const waiting = approval && approval.decision === null ? approval : undefined;
  return {
    planNo,
    planName: plan.name,
    phase,
    ownerJobNumber: plan.ownerJobNumber,
    ownerName: plan.ownerName,
    approverJobNumber: waiting?.approver_job_number ?? null,
    approverName: waiting?.approver_name ?? null,
    rejectReason: approval?.decision === 'reject' ? approval.reason : null,
    rows: summaryRows,
    gradeDistribution: calculated
      ? [...PERF_GRADES, NO_GRADE].map((grade) => ({ grade, count: summaryRows.filter((r) => (r.grade ?? NO_GRADE) === grade).length }))
      : [],
    actions: {
      calculate: isOwner(plan, staff) && phase === 'summarizing',
      adjust: isOwner(plan, staff) && plan.status === 'calculated',
      submit: owner && plan.status === 'calculated',
      decide: phase === 'approving' && waiting?.approver_job_number === staff.jobNumber,
      export: calculated,
    },
  };
}

function flatten(nodes: readonly PerfTraceNode[], locale: Locale, depth = 0): TraceItem[] {
  return nodes.flatMap((n) => [
    {
      indexCode: n.code,
      indexName: locale === 'en' ? n.nameEn : n.nameZh,
      depth,
      weight: n.weight,
      effectiveWeight: n.noData ? null : n.appliedWeight,
      method: n.method ?? ('GROUP' as const),
      score: n.score,
      noData: n.noData,
      knockOut: n.knockOut,
      scores: n.reviewers.map((r) => ({ reviewerJobNumber: r.jobNumber, reviewerName: r.name, score: r.score, remark: null, at: r.at })),
      figure: n.figure ? { value: n.figure.value, band: n.figure.band ? `${n.figure.band.threshold} → ${n.figure.band.score}` : '→ 0' } : null,
    },
    ...flatten(n.children, locale, depth + 1),
  ]);
}

/**
 * GET /v1/assessment-task-summary/trace: how a supplier's total came about, from the trace the calculation stored:
 * each index's score and weights, who scored it and when, a computed index's figure and the band that scored it,
 * and every adjustment with its reason.
 */
export async function summaryTrace(db: Db, q: { planNo: string; supplierNo: string }, staff: StaffPrincipal, locale: Locale): Promise<SummaryTrace> {
  const plan = await loadPlan(db, q.planNo);
  await assertMayReadSummary(db, plan, staff);
  const [row, adjustments] = await Promise.all([
    db
      .selectFrom('perf_supplier_summary as m')
      .innerJoin('supplier as s', 's.supplier_no', 'm.supplier_no')
      .select(['s.name', 'm.calculated_score', 'm.adjusted_score', 'm.grade', 'm.knocked_out', 'm.trace'])
      .where('m.plan_no', '=', q.planNo)
      .where('m.supplier_no', '=', q.supplierNo)
      .executeTakeFirst(),
    db
      .selectFrom('perf_score_adjustment')
      .select(['score_before', 'score_after', 'reason', 'adjusted_by_name', 'adjusted_at'])
      .where('plan_no', '=', q.planNo)
      .where('supplier_no', '=', q.supplierNo)
      .orderBy('id')
      .execute(),
  ]);
  if (!row) throw notFound('summaryNotCalculated');
  const calculatedScore = parseDecimal(row.calculated_score);
  return {
    planNo: q.planNo,
    supplierNo: q.supplierNo,
    supplierName: row.name,
    calculatedScore,
    finalScore: finalScore({ calculatedScore, adjustedScore: parseDecimal(row.adjusted_score) }),
    grade: row.grade,
    knockedOut: row.knocked_out,
    items: flatten(row.trace as PerfTraceNode[], locale),
    adjustments: adjustments.map((a) => ({
      fromScore: parseDecimal(a.score_before),
      toScore: parseDecimal(a.score_after) ?? 0,
      reason: a.reason,
      by: a.adjusted_by_name,
      at: new Date(a.adjusted_at).toISOString(),
    })),
  };
}
