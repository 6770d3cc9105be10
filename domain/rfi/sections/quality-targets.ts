import { z } from 'zod';
import type { MessageId } from '../../messages.ts';
import { defineSection, type Issues, numberOf, type Row, rowsOf } from './define.ts';
import { num, numericCode, rows, text } from './kit.ts';
import { IPTV_GROUPS, IPTV_MIS, isIptvGroupHead, TARGET_NUMBER_MAX, TARGET_ROWS } from './quality-target-limits.ts';

/**
 * Step 7: key quality targets (req rfi §3, §5): zeroKmPpmList, marketPpmList and iptvList. Numbers run
 * from 0 to 99999999 with 4 decimals. Each list keeps at least one row (one group of three for IPTV),
 * as the form never deletes the last one; IPTV has at most 10 groups.
 */

export { IPTV_GROUPS, IPTV_MIS, isIptvGroupHead, TARGET_NUMBER_MAX, TARGET_ROWS };

const target = () => num({ min: 0, max: TARGET_NUMBER_MAX, scale: 4 });

const targetFields = {
  productLine: text(30),
  customerRequireMin: target(),
  customerRequireMax: target(),
  internalGoalsAverage: target(),
  actualPerformanceMin: target(),
  actualPerformanceMax: target(),
};

const targetRow = z.object(targetFields);
const iptvRow = z.object({
  ...targetFields,
  /** 3, 6 and 9 months in service, one row each in every group of three. */
  byMis: numericCode(IPTV_MIS),
  /** Asked on the first row of each group only. */
  warrantyYear: target(),
  warrantyKilometer: target(),
});

const shape = () =>
  z.object({
    zeroKmPpmList: rows(targetRow, TARGET_ROWS.max),
    marketPpmList: rows(targetRow, TARGET_ROWS.max),
    iptvList: rows(iptvRow, IPTV_GROUPS.max * IPTV_MIS.length),
  });

export type QualityTargetRow = z.output<typeof targetRow>;
export type IptvRow = z.output<typeof iptvRow>;
export type QualityTargetsSection = z.output<ReturnType<typeof shape>>;

const TARGET_REQUIRED: Record<string, MessageId> = {
  productLine: 'enterTargetProductLine',
  customerRequireMin: 'enterCustomerRequireMin',
  customerRequireMax: 'enterCustomerRequireMax',
  internalGoalsAverage: 'enterInternalGoalsAverage',
  actualPerformanceMin: 'enterActualPerformanceMin',
  actualPerformanceMax: 'enterActualPerformanceMax',
};

export const qualityTargets = defineSection({
  shape,
  fullRules(v, issues) {
    checkList(issues, v.zeroKmPpmList, 'zeroKmPpmList', true, TARGET_ROWS.min);
    checkList(issues, v.marketPpmList, 'marketPpmList', false, TARGET_ROWS.min);
    checkList(issues, v.iptvList, 'iptvList', true, IPTV_GROUPS.min * IPTV_MIS.length);
    const iptv = rowsOf(v.iptvList);
    const enoughRows = iptv.length >= IPTV_GROUPS.min * IPTV_MIS.length;
    if (enoughRows && (iptv.length % IPTV_MIS.length !== 0 || iptv.some((r, i) => r.byMis !== IPTV_MIS[i % IPTV_MIS.length]))) {
      issues.add(['iptvList'], 'iptvGroupOfThree');
    }
    iptv.forEach((row, i) => {
      if (!isIptvGroupHead(i)) return;
      issues.require(row.warrantyYear, ['iptvList', i, 'warrantyYear'], 'enterWarrantyYear');
      issues.require(row.warrantyKilometer, ['iptvList', i, 'warrantyKilometer'], 'enterWarrantyKilometer');
    });
  },
});

function checkList(issues: Issues, list: unknown, name: string, required: boolean, minRows: number): void {
  issues.minRows(list, [name], minRows);
  rowsOf(list).forEach((row, i) => {
    if (required) issues.requireAll(row, [name, i], TARGET_REQUIRED);
    minNotAboveMax(issues, row, [name, i], 'customerRequireMin', 'customerRequireMax');
    minNotAboveMax(issues, row, [name, i], 'actualPerformanceMin', 'actualPerformanceMax');
  });
}

function minNotAboveMax(issues: Issues, row: Row, at: (string | number)[], minKey: string, maxKey: string): void {
  const min = numberOf(row[minKey]);
  const max = numberOf(row[maxKey]);
  if (min !== undefined && max !== undefined && min > max) issues.add([...at, minKey], 'minAboveMax');
}
