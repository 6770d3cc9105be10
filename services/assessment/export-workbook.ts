import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Locale } from '#domain/i18n.ts';

/** One reviewer column of a plan's sheet. */
export interface ExportReviewer {
  jobNumber: string;
  name: string;
}

/** One row of a plan's sheet: a supplier's index with every reviewer's score and the weighted result. */
export interface ExportRow {
  supplierCode: string;
  supplierName: string;
  indexCode: string;
  indexName: string;
  /** The index's effective weight in the supplier's total (percent). */
  weight: number;
  /** Scores by reviewer job number; a computed index has none. */
  scores: Record<string, number | null>;
  /** The index's score (the reviewers' mean, or the figure's band), null when it has no data. */
  indexScore: number | null;
  /** What the index adds to the total (its score × its effective weight), null when it has no data. */
  weightedScore: number | null;
  total: number | null;
  grade: string | null;
}

export interface ExportSheet {
  /** The sheet's name: the plan's name and number (cut to Excel's 31 characters). */
  name: string;
  reviewers: readonly ExportReviewer[];
  rows: AsyncIterable<ExportRow>;
}

const HEAD: Record<Locale, string[]> = {
  zh: ['供应商编码', '供应商名称', '指标编码', '指标名称', '权重(%)'],
  en: ['Supplier code', 'Supplier name', 'Index code', 'Index name', 'Weight (%)'],
};
const TAIL: Record<Locale, string[]> = {
  zh: ['指标得分', '加权得分', '总分', '等级'],
  en: ['Index score', 'Weighted score', 'Total', 'Grade'],
};

/** Characters Excel refuses in a sheet name. */
const SHEET_NAME_BAD = /[\\/?*[\]:]/g;

/**
 * Streams the workbook of the given plans to `out` (review-export): one sheet per plan, a row per supplier
 * and index with each reviewer's score, the index's weighted score, the supplier's total and grade. Rows
 * are committed as they come, so a plan of thousands of suppliers never sits in memory as a whole.
 */
export async function writeAssessmentWorkbook(out: Writable, sheets: readonly ExportSheet[], locale: Locale): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const used = new Set<string>();
  for (const sheet of sheets) {
    const ws = wb.addWorksheet(uniqueName(sheet.name, used));
    ws.addRow([...HEAD[locale], ...sheet.reviewers.map((r) => `${r.name} (${r.jobNumber})`), ...TAIL[locale]]).commit();
    for await (const r of sheet.rows) {
      ws.addRow([
        r.supplierCode,
        r.supplierName,
        r.indexCode,
        r.indexName,
        r.weight,
        ...sheet.reviewers.map((v) => r.scores[v.jobNumber] ?? null),
        r.indexScore,
        r.weightedScore,
        r.total,
        r.grade,
      ]).commit();
    }
    ws.commit();
  }
  await wb.commit();
}

function uniqueName(name: string, used: Set<string>): string {
  const base = name.replace(SHEET_NAME_BAD, ' ').slice(0, 31) || 'Sheet';
  let n = base;
  for (let i = 2; used.has(n.toLowerCase()); i++) n = `${base.slice(0, 31 - String(i).length - 1)}-${i}`;
  used.add(n.toLowerCase());
  return n;
}
