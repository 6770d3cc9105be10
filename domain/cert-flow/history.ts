import { z } from 'zod';
import { PAGE_SIZES, requiredText } from '../fields.ts';
import { RELATION_TYPE } from './enums.ts';

/** GET /v1/operator-history/onBoard-page (req rfi §7, req flow §7.1): a flow's change log, newest first. */
export const historyPageQuery = z.object({
  relationType: z.coerce
    .number({ error: 'invalidValue' })
    .refine((n) => n === RELATION_TYPE.RFI_LOG || n === RELATION_TYPE.CERT_FLOW, { error: 'invalidValue' }),
  relationCode: requiredText(64),
  pageNo: z.coerce.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(1, { error: 'invalidValue' }).default(1),
  pageSize: z.coerce
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'invalidValue' })
    .default(20),
});
export type HistoryPageQuery = z.infer<typeof historyPageQuery>;

/** Log entry (req rfi §3). */
export const historyRecord = z.object({ createTime: z.string(), operateUserName: z.string(), description: z.string() });
export type HistoryRecord = z.infer<typeof historyRecord>;
