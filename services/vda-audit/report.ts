import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { formatWireDateTime } from '#domain/date-time.ts';
import { ELEMENT_NAMES, SUB_ELEMENT_NAMES, type VdaElement, type VdaSubElement } from '#domain/vda63/catalogue.ts';
import { gradeRuleText } from '#domain/vda63/fulfilment.ts';
import { figuresOf, loadAudit, scopeOf } from './rows.ts';
import { actionRows, toActions } from './actions-read.ts';

const T = {
  title: { zh: 'VDA 6.3 过程审核报告', en: 'VDA 6.3 process audit report' },
  supplier: { zh: '供应商', en: 'Supplier' },
  flow: { zh: '流程编号', en: 'Flow' },
  edition: { zh: '版本 / 问题目录', en: 'Edition / catalogue' },
  date: { zh: '报告日期', en: 'Report date' },
  steps: { zh: '工序', en: 'Process steps' },
  elements: { zh: '过程要素', en: 'Process elements' },
  element: { zh: '要素', en: 'Element' },
  name: { zh: '名称', en: 'Name' },
  expert: { zh: '审核专家', en: 'Expert' },
  evaluated: { zh: '已评价/问题数', en: 'Evaluated / questions' },
  fulfilment: { zh: '符合率 %', en: 'Fulfilment %' },
  subElements: { zh: 'P6 子要素', en: 'P6 sub-elements' },
  stepFigures: { zh: '工序符合率', en: 'Process steps' },
  overall: { zh: '总符合率 E_G %', en: 'Overall fulfilment E_G %' },
  grade: { zh: '等级', en: 'Grade' },
  rule: { zh: '判定规则', en: 'Deciding rule' },
  findings: { zh: '发现项与措施', en: 'Findings and actions' },
  head: {
    zh: ['问题', '工序', '得分', '发现项', '要求的措施', '责任人', '完成日期', '状态', '供应商答复'],
    en: ['Question', 'Step', 'Score', 'Finding', 'Measure asked for', 'Owner', 'Due', 'Status', 'Supplier answer'],
  },
  status: { zh: { OPEN: '待答复', ANSWERED: '待关闭', CLOSED: '已关闭' }, en: { OPEN: 'Open', ANSWERED: 'Answered', CLOSED: 'Closed' } },
} as const;

/**
 * GET /v1/vda-audit/report (req flow §10.5): the audit report as quality engineers read it — header, element figures
 * (with P6's sub-elements and process steps), the overall figure, the grade and its rule, and every finding below 10
 * with its action item — as an .xlsx workbook in the caller's language.
 */
export async function vdaAuditReport(db: Db, flowNo: string, locale: Locale) {
  const loaded = await loadAudit(db, flowNo);
  const flow = await db.selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  const actions = await toActions(db, await actionRows(db, { flowNos: [flowNo] }), locale);
  const figures = figuresOf(loaded);
  const day = formatWireDateTime(loaded.audit.completed_at ?? new Date()).slice(0, 10);
  return {
    fileName: `${locale === 'en' ? 'vda63-audit' : 'VDA6.3审核报告'}-${flowNo}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    async write(out: Writable): Promise<void> {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet(locale === 'en' ? 'Audit report' : '审核报告');
      ws.columns = [{ width: 12 }, { width: 34 }, { width: 16 }, { width: 16 }, { width: 40 }, { width: 36 }, { width: 16 }, { width: 12 }, { width: 12 }, { width: 40 }];
      const bold = (row: ExcelJS.Row) => (row.font = { bold: true });
      const section = (text: string) => {
        ws.addRow([]);
        bold(ws.addRow([text]));
      };
      const title = ws.addRow([T.title[locale]]);
      title.font = { bold: true, size: 14 };
      ws.addRow([T.supplier[locale], flow.supplier_name]);
      ws.addRow([T.flow[locale], flowNo]);
      ws.addRow([T.edition[locale], `${loaded.catalogue.edition} / v${loaded.catalogue.version}`]);
      ws.addRow([T.date[locale], day]);
      if (loaded.audit.steps.length) ws.addRow([T.steps[locale], loaded.audit.steps.join(', ')]);

      section(T.elements[locale]);
      bold(ws.addRow([T.element[locale], T.name[locale], T.expert[locale], T.evaluated[locale], T.fulfilment[locale]]));
      for (const e of scopeOf(loaded.catalogue, loaded.elements)) {
        const row = loaded.elements.find((x) => x.element === e.code)!;
        const f = figures.elements[e.code as VdaElement];
        ws.addRow([e.code, ELEMENT_NAMES[e.code][locale], row.expert_name ?? '', `${f?.evaluated ?? 0}/${f?.total ?? e.questions.length}`, f?.percent ?? '']);
      }
      if (Object.keys(figures.subElements).length) {
        section(T.subElements[locale]);
        for (const [code, f] of Object.entries(figures.subElements)) ws.addRow([code, SUB_ELEMENT_NAMES[code as VdaSubElement][locale], '', `${f.evaluated}/${f.total}`, f.percent ?? '']);
      }
      if (Object.keys(figures.steps).length) {
        section(T.stepFigures[locale]);
        for (const [step, f] of Object.entries(figures.steps)) ws.addRow([step, '', '', `${f.evaluated}/${f.total}`, f.percent ?? '']);
      }
      ws.addRow([]);
      bold(ws.addRow([T.overall[locale], figures.overall.percent ?? '']));
      bold(ws.addRow([T.grade[locale], figures.grade?.grade ?? '']));
      ws.addRow([T.rule[locale], figures.grade ? gradeRuleText(figures.grade, locale) : '']);

      section(T.findings[locale]);
      bold(ws.addRow(T.head[locale]));
      for (const a of loaded.answers.filter((x) => x.score !== null && x.score < 10)) {
        const action = actions.find((x) => x.questionId === a.question_id && x.step === a.step);
        ws.addRow([
          a.question_id,
          a.step,
          a.score,
          a.finding ?? '',
          action?.measure ?? '',
          action ? `${action.ownerName} <${action.ownerEmail}>` : '',
          action?.dueDate ?? '',
          action ? T.status[locale][action.status] : '',
          action?.answer ?? '',
        ]);
      }
      await wb.xlsx.write(out);
    },
  };
}
