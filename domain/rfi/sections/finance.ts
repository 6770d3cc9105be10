import { z } from 'zod';
import { defineSection, rowsOf, uniqueBy } from './define.ts';
import { code, num, rows, text } from './kit.ts';

/**
 * Step 3: finance rows, one per entry of dictionary financial_status (req rfi §3, §5). The list is
 * `financeList`. Amounts are integers in ten-thousands of up to 15 digits; profit and cash flow may be
 * negative, so the same bound applies below zero. The requirements require no amount.
 */

export const FINANCE_AMOUNT_MAX = 999_999_999_999_999;
/** Rows come from the dictionary; the bound only keeps a payload from growing without end. */
export const FINANCE_ROWS_MAX = 30;

const amount = () => num({ min: -FINANCE_AMOUNT_MAX, max: FINANCE_AMOUNT_MAX });

const financeRow = z.object({
  statisticCode: code,
  statisticDesc: text(100),
  lastYear: amount(),
  beforeLastYear: amount(),
});

const shape = () => z.object({ financeList: rows(financeRow, FINANCE_ROWS_MAX) });

export type FinanceRow = z.output<typeof financeRow>;
export type FinanceSection = z.output<ReturnType<typeof shape>>;

export const finance = defineSection({
  shape,
  fullRules(v, issues) {
    rowsOf(v.financeList).forEach((row, i) => issues.require(row.statisticCode, ['financeList', i, 'statisticCode']));
    uniqueBy(issues, v.financeList, 'financeList', 'statisticCode');
  },
});
