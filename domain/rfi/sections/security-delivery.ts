import { z } from 'zod';
import { defineSection, rowsOf, uniqueBy } from './define.ts';
import { code, rows, text } from './kit.ts';

/**
 * Step 10: information security and delivery (req rfi §3, §5). Items come from dictionaries
 * rfi_security_info and rfi_deliver_info (code, name, desc copied from the entry); the supplier writes
 * the remark, at most 100 characters and not required.
 */

export const INFO_ROWS_MAX = 30;

const infoRow = z.object({
  code,
  name: text(100),
  desc: text(500),
  remark: text(100),
});

const shape = () =>
  z.object({
    securityInfoList: rows(infoRow, INFO_ROWS_MAX),
    deliverInfoList: rows(infoRow, INFO_ROWS_MAX),
  });

export type InfoRow = z.output<typeof infoRow>;
export type SecurityDeliverySection = z.output<ReturnType<typeof shape>>;

export const securityDelivery = defineSection({
  shape,
  fullRules(v, issues) {
    for (const list of ['securityInfoList', 'deliverInfoList'] as const) {
      rowsOf(v[list]).forEach((row, i) => issues.require(row.code, [list, i, 'code']));
      uniqueBy(issues, v[list], list, 'code');
    }
  },
});
