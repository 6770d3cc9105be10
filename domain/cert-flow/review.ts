import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { flowNoField } from './flow-no.ts';

/** Requests of the stage-10 task actions (req rfi §4 "Tasks", req flow §2.4, §5.2, §7.1). */

/** Req flow §5.2: the reason of a rejection is required, at most 100 characters. */
export const REJECT_REASON_MAX = 100;

export const auditPassRequest = z.object({
  flowNo: flowNoField,
  taskNo: requiredText(128),
});
export type AuditPassRequest = z.infer<typeof auditPassRequest>;

export const auditRejectRequest = auditPassRequest.extend({
  reason: requiredText(REJECT_REASON_MAX),
});
export type AuditRejectRequest = z.infer<typeof auditRejectRequest>;

/** Row of GET /v1/cert-flow-node/task-list. */
export const flowTaskRow = z.object({
  taskNo: z.string(),
  taskName: z.string(),
  taskType: z.string(),
  taskPrincipalId: z.string(),
  taskPrincipalName: z.string(),
  taskStatus: z.number(),
  taskStatusStr: z.string(),
  applyNo: z.string().nullable(),
  flowNo: z.string(),
  taskEndTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type FlowTaskRow = z.infer<typeof flowTaskRow>;
