import type { Locale } from '../i18n.ts';

/** The operations dashboard's filters (docs/decisions/0057-operations-dashboard.md): rule messages, zh and en. */
export const DASHBOARD_MESSAGES = {
  invalidMonth: { zh: '请选择正确的月份（yyyy-MM）', en: 'Please choose a valid month (yyyy-MM)' },
  periodEndsBeforeStart: { zh: '结束月份不能早于开始月份', en: 'The last month cannot be before the first' },
  periodTooLong: { zh: '统计期间最长36个月', en: 'The period spans at most 36 months' },
  flowExportTooLarge: { zh: '匹配的流程超过{max}条，请缩小筛选范围后再导出', en: 'More than {max} flows match: narrow the filters before exporting' },
} as const satisfies Record<string, Record<Locale, string>>;
