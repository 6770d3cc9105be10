import { z } from 'zod';

/** Query of the staff questionnaire pages: id is the application number (spec 1 §2). */
export const rfiAuditSearch = z.object({
  id: z.string().trim().catch(''),
  flowNo: z.string().trim().catch(''),
  taskNo: z.string().trim().catch(''),
});
export type RfiAuditSearch = z.infer<typeof rfiAuditSearch>;

export const rfiApplySearch = z.object({
  id: z.string().trim().catch(''),
  flowNo: z.string().trim().optional().catch(undefined),
});
export type RfiApplySearch = z.infer<typeof rfiApplySearch>;
