import { z } from 'zod';
import { ROUTES } from '../permissions.ts';
import { pageQuery, requiredText } from '../fields.ts';
import type { RfiStepKey, RfiStepNo } from './steps.ts';

/**
 * The questionnaire calls' requests and responses (req rfi §7), shared by the supplier calls
 * (/v1/rfi), the staff expand/detail calls (/v1/cert-rfi) and the audit reads (/v1/register).
 */

/** Response of GET …/get-<section>. `version` is the application's, to send back with the next save. */
/** A section's read; its data is the step's own form (domain/rfi/sections), typed by the reader. */
export const rfiSectionRead = z.object({ data: z.record(z.string(), z.unknown()).nullable(), version: z.number(), status: z.number(), readOnly: z.boolean() });
export type RfiSectionRead<T = unknown> = Omit<z.infer<typeof rfiSectionRead>, 'data'> & { data: T | null };

/** Body of POST …/save-<section>?save=true|false: the section values and the version they were read at. */
export const rfiSaveBody = z.object({
  data: z.record(z.string(), z.unknown(), { error: 'invalidValue' }),
  version: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(1, { error: 'invalidValue' }),
});

/** save=true is Next (full rules, advances the step); anything else is a draft (req rfi §4). */
export const rfiSaveQuery = z.object({
  save: z
    .enum(['true', 'false'], { error: 'invalidValue' })
    .optional()
    .transform((v) => v === 'true'),
});

/** Response of POST …/save-<section>. */
export const rfiSaveResult = z.object({ version: z.number(), currentStep: z.number() as z.ZodType<RfiStepNo> });
export type RfiSaveResult = z.infer<typeof rfiSaveResult>;

export const rfiSubmitResult = z.object({
  submitted: z.literal(true),
  /** Whom the supplier asks about its application: the flow's purchasing manager. */
  contact: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
});
export type RfiSubmitResult = z.infer<typeof rfiSubmitResult>;

/** `data` of the 400 answer of POST …/submit: the first failing step, to open it. */
export interface RfiSubmitRefusal {
  step: RfiStepNo;
  stepKey: RfiStepKey;
}

/** Staff calls name the application: `applyNo` (the route's id). */
export const applyNoQuery = z.object({ applyNo: requiredText(64) });

// Kept with the steps, where the web's first load reads it without zod.
export { EXPAND_LOCKED_STEPS } from './steps.ts';

/** Route keys that open a questionnaire read-only (audit, detail, flow pages). */
export const RFI_READ_KEYS = [ROUTES.rfiAudit, ROUTES.rfiDetail, ROUTES.certFlowDetail, ROUTES.certFlowList] as const;

/** Flow categories (GET …/get-flow-category-info): the categories the application is for. */
export const flowCategory = z.object({ code: z.string(), name: z.string() });
export type FlowCategory = z.infer<typeof flowCategory>;

/** Body of POST /v1/cert-rfi/page: the questionnaires of the flows the caller may open, filtered, paged. */
export const rfiPageQuery = pageQuery.extend({
  flowNo: z.string().trim().max(50, { error: 'invalidValue' }).optional(),
  supplierName: z.string().trim().max(100, { error: 'invalidValue' }).optional(),
});
export type RfiPageQuery = z.infer<typeof rfiPageQuery>;

/** A row of POST /v1/cert-rfi/page: one questionnaire, where it stands. */
export const rfiPageRow = z.object({
  applyNo: z.string(),
  flowNo: z.string(),
  supplierName: z.string(),
  /** RFI_STATUS: 10 filling, 20 submitted, 30 returned, 40 passed. */
  status: z.number(),
  currentStep: z.number(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RfiPageRow = z.infer<typeof rfiPageRow>;
