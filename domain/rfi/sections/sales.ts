import { z } from 'zod';
import { defineSection, rowsOf, uniqueBy } from './define.ts';
import { code, num, percent, rows, text } from './kit.ts';

/**
 * Step 4: sales statistics (one row per entry of dictionary company_sales) as `saleList`, and the big
 * customers as `bigCustomerList` (req rfi §3, §5). Sales numbers and the big customers' sales and
 * sales-rate fields are integers 0 to 9999999999; the supporting rates are percents (0 to 100, req rfi
 * §9, two decimals as the other percents). The requirements require none of these values.
 */

export const SALES_NUMBER_MAX = 9_999_999_999;
export const BIG_CUSTOMER_ROWS_MAX = 10;
export const SALE_ROWS_MAX = 30;

const salesNumber = () => num({ min: 0, max: SALES_NUMBER_MAX });

const saleRow = z.object({
  statisticCode: code,
  statisticDesc: text(100),
  currentYear: salesNumber(),
  lastYear: salesNumber(),
  beforeLastYear: salesNumber(),
  remark: text(50),
});

const bigCustomerRow = z.object({
  customerName: text(20),
  /** Country or region code of the area tables. */
  regional: code,
  materialName: text(20),
  lastSalesRate: salesNumber(),
  lastSales: salesNumber(),
  lastSupporting: salesNumber(),
  lastSupportingRate: percent(),
  currentSalesRate: salesNumber(),
  currentSales: salesNumber(),
  currentSupporting: salesNumber(),
  currentSupportingRate: percent(),
});

const shape = () =>
  z.object({
    saleList: rows(saleRow, SALE_ROWS_MAX),
    bigCustomerList: rows(bigCustomerRow, BIG_CUSTOMER_ROWS_MAX),
  });

export type SaleRow = z.output<typeof saleRow>;
export type BigCustomerRow = z.output<typeof bigCustomerRow>;
export type SalesSection = z.output<ReturnType<typeof shape>>;

export const sales = defineSection({
  shape,
  fullRules(v, issues) {
    rowsOf(v.saleList).forEach((row, i) => issues.require(row.statisticCode, ['saleList', i, 'statisticCode']));
    uniqueBy(issues, v.saleList, 'saleList', 'statisticCode');
  },
});
