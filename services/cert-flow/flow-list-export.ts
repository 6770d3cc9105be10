import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '#db/connection.ts';
import { FLOW_EXPORT_MAX_ROWS, type FlowExportQuery, type FlowListRow } from '#domain/cert-flow/flow-list.ts';
import { formatWireDateTime } from '#domain/date-time.ts';
import { encodeWithParams } from '#domain/message-format.ts';
import { badRequest } from '#domain/errors.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { countFlowsUpTo, listFlows } from './flow-list.ts';

/** The list's columns as it shows them (web/routes/_staff/cert-flow/-components/flow-list-page.tsx), but the approval link. */
const COLUMNS: ReadonlyArray<{ zh: string; en: string; width: number; cell: (r: FlowListRow, locale: Locale) => string }> = [
  { zh: '流程编号', en: 'Flow no.', width: 20, cell: (r) => r.flowNo },
  { zh: '供应商名称', en: 'Supplier name', width: 36, cell: (r) => (r.supplierCode ? `${r.supplierCode} ${r.supplierName}` : r.supplierName) },
  { zh: 'CMT', en: 'CMT', width: 16, cell: (r) => r.cmtName },
  { zh: '小类', en: 'Small category', width: 24, cell: (r) => r.categoryNames },
  { zh: '认证场景', en: 'Scenario', width: 18, cell: (r, locale) => (r.requalification ? `${r.certScenarioStr} (${locale === 'en' ? 'requalification' : '再认证'})` : r.certScenarioStr) },
  { zh: '当前阶段', en: 'Stage', width: 18, cell: (r, locale) => (r.overdue ? `${r.stageStr} (${locale === 'en' ? 'overdue' : '已超时'})` : r.stageStr) },
  { zh: '采购经理', en: 'Purchasing manager', width: 14, cell: (r) => r.purchaseName },
  { zh: 'CMT Leader', en: 'CMT Leader', width: 14, cell: (r) => r.cmtLeaderName },
  { zh: '申请创建时间', en: 'Applied at', width: 20, cell: (r) => formatWireDateTime(new Date(r.startTime)) },
  { zh: '申请通过时间', en: 'Passed at', width: 20, cell: (r) => (r.passTime ? formatWireDateTime(new Date(r.passTime)) : '') },
];

/**
 * POST /api/v1/flows/export: the flows the list's filters match, newest first, as the list labels them in the
 * caller's language; more than FLOW_EXPORT_MAX_ROWS is refused before anything is written (400 naming the limit).
 */
export async function exportFlowList(db: Db, q: FlowExportQuery, staff: StaffPrincipal, locale: Locale) {
  const query = { ...q, currentPage: 1, pageSize: FLOW_EXPORT_MAX_ROWS };
  // Counted one past the limit first, so a broader filter is refused before any row is read and labelled.
  if ((await countFlowsUpTo(db, query, FLOW_EXPORT_MAX_ROWS + 1)) > FLOW_EXPORT_MAX_ROWS) {
    throw badRequest(encodeWithParams('flowExportTooLarge', { max: FLOW_EXPORT_MAX_ROWS }));
  }
  const page = await listFlows(db, query, staff, locale);
  return {
    fileName: `${locale === 'en' ? 'certification-flows' : '认证流程'}-${formatWireDateTime(new Date()).slice(0, 10)}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    write: (out: Writable) => writeFlowWorkbook(out, page.records, locale),
  };
}

async function writeFlowWorkbook(out: Writable, rows: readonly FlowListRow[], locale: Locale): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const ws = wb.addWorksheet(locale === 'en' ? 'Flows' : '认证流程', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = COLUMNS.map((c) => ({ header: c[locale], width: c.width }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (const r of rows) ws.addRow(COLUMNS.map((c) => c.cell(r, locale))).commit();
  ws.commit();
  await wb.commit();
}
