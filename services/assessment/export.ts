import type { Writable } from 'node:stream';
import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import type { PerfTraceNode } from '#domain/performance/calculate.ts';
import { finalScore } from '#domain/performance/calculate.ts';
import { divideHalfUp, fromHundredths, parseDecimal, toHundredths } from '#domain/performance/decimal.ts';
import { conflict, forbidden } from '#domain/errors.ts';
import { contentTypeOf } from '#services/files/content-check.ts';
import { finishedScores } from './calc-inputs.ts';
import { writeAssessmentWorkbook, type ExportRow, type ExportSheet } from './export-workbook.ts';
import { isApprover, isOwner, loadPlan } from './plan-access.ts';

/** Suppliers read per query while the workbook streams: memory stays flat however large the plan. */
const PAGE = 200;

/** A workbook checked and ready to stream: its file name, and the writing of its bytes. */
export interface WorkbookExport {
  fileName: string;
  contentType: string;
  write(out: Writable): Promise<void>;
}

/**
 * POST /v1/assessment-manage/review-export: the plans' workbook (one sheet per plan, rows supplier × index),
 * streamed by the caller. Every plan is checked before the first byte: its owner or approver, calculated.
 */
export async function exportPlans(db: Db, planNos: readonly string[], staff: StaffPrincipal, locale: Locale): Promise<WorkbookExport> {
  const sheets: ExportSheet[] = [];
  for (const planNo of [...new Set(planNos)]) {
    const plan = await loadPlan(db, planNo);
    if (!isOwner(plan, staff) && !(await isApprover(db, planNo, staff.jobNumber))) throw forbidden('planNotOwner');
    if (!plan.calculatedOnce) throw conflict('summaryNotCalculated');
    const reviewers = await db
      .selectFrom('perf_review_task')
      .select(['reviewer_job_number as jobNumber', 'reviewer_name as name'])
      .distinct()
      .where('plan_no', '=', planNo)
      .orderBy('reviewer_job_number')
      .execute();
    sheets.push({ name: `${plan.name} ${planNo}`, reviewers, rows: planRows(db, planNo, locale) });
  }
  return {
    fileName: sheets.length === 1 ? `${planNos[0]}.xlsx` : 'assessment.xlsx',
    contentType: contentTypeOf('xlsx'),
    write: (out) => writeAssessmentWorkbook(out, sheets, locale),
  };
}

/** The plan's rows, a page of suppliers at a time: each leaf of the stored trace with every reviewer's score. */
export async function* planRows(db: Db, planNo: string, locale: Locale): AsyncGenerator<ExportRow> {
  for (let offset = 0; ; offset += PAGE) {
    const summaries = await db
      .selectFrom('perf_supplier_summary as m')
      .innerJoin('supplier as s', 's.supplier_no', 'm.supplier_no')
      .select(['m.supplier_no', 's.supplier_code', 's.name', 'm.calculated_score', 'm.adjusted_score', 'm.grade', 'm.trace'])
      .where('m.plan_no', '=', planNo)
      .orderBy('m.supplier_no')
      .limit(PAGE)
      .offset(offset)
      .execute();
    if (!summaries.length) return;
    const scores = await finishedScores(
      db,
      planNo,
      summaries.map((s) => s.supplier_no),
    );
    for (const s of summaries) {
      const total = finalScore({ calculatedScore: parseDecimal(s.calculated_score), adjustedScore: parseDecimal(s.adjusted_score) });
      const given = scores.get(s.supplier_no) ?? [];
      for (const { node, share } of leaves(s.trace as PerfTraceNode[], 10000)) {
        const byReviewer: Record<string, number | null> = {};
        for (const g of given) if (g.indexId === node.indexId) byReviewer[g.jobNumber] = g.score;
        yield {
          supplierCode: s.supplier_code ?? s.supplier_no,
          supplierName: s.name,
          indexCode: node.code,
          indexName: locale === 'en' ? node.nameEn : node.nameZh,
          weight: fromHundredths(share),
          scores: byReviewer,
          indexScore: node.score,
          weightedScore: node.score === null ? null : fromHundredths(divideHalfUp(toHundredths(node.score) * share, 10000)),
          total,
          grade: s.grade,
        };
      }
    }
  }
}

/**
 * The leaves of a trace with their share of the total in hundredths of a percent (10000 = 100 %): the product
 * of the applied weights down the tree, so the weighted scores of a supplier add up to its calculated total.
 */
function* leaves(nodes: readonly PerfTraceNode[], share: number): Generator<{ node: PerfTraceNode; share: number }> {
  for (const n of nodes) {
    const mine = divideHalfUp(share * toHundredths(n.appliedWeight), 10000);
    if (n.children.length) yield* leaves(n.children, mine);
    else yield { node: n, share: mine };
  }
}
