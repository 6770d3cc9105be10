import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { withParams } from '../messages.ts';

/**
 * Requalification (docs/decisions/0055-requalification.md): a shorter certification flow (apply type REQUALIFY, the
 * scenario REQUALIFICATION's plan) run for an admitted supplier and some of its categories. Its outcome is kept on
 * the categories: passed keeps them qualified from that day; failed starts the category exit (with its approval) or
 * restricts them, as the category's policy says.
 */

/** The scenario every requalification runs; its plan is kept in the scenario configuration like any other. */
export const REQUALIFICATION_SCENARIO = 'REQUALIFICATION';

/** What started it: a person from the supplier's page, the category's schedule, or a must-have certificate left ended. */
export const REQUALIFICATION_TRIGGERS = ['manual', 'schedule', 'certificate'] as const;
export type RequalificationTrigger = (typeof REQUALIFICATION_TRIGGERS)[number];

/** running until its flow ends; withdrawn when the flow was terminated by a person (the categories stay as they were). */
export const REQUALIFICATION_OUTCOMES = ['running', 'passed', 'failed', 'withdrawn'] as const;
export type RequalificationOutcome = (typeof REQUALIFICATION_OUTCOMES)[number];

/** How the change logs name them (the screens have their own catalogue texts). */
export const REQUALIFICATION_TRIGGER_NAME: Record<RequalificationTrigger, { zh: string; en: string }> = {
  manual: { zh: '手动发起', en: 'started by hand' },
  schedule: { zh: '按周期发起', en: 'on schedule' },
  certificate: { zh: '证书到期未更新发起', en: 'certificate not renewed' },
};
export const REQUALIFICATION_OUTCOME_NAME: Record<RequalificationOutcome, { zh: string; en: string }> = {
  running: { zh: '进行中', en: 'running' },
  passed: { zh: '通过，品类保持准入', en: 'passed, the categories stay admitted' },
  failed: { zh: '不通过', en: 'failed' },
  withdrawn: { zh: '已撤回，品类不变', en: 'withdrawn, the categories unchanged' },
};

/** What a failed requalification does to its categories. */
export const FAILURE_HANDLING = ['exit', 'restrict'] as const;
export type FailureHandling = (typeof FAILURE_HANDLING)[number];
/** Without a policy of its own a category's failure starts its exit: the stricter reading. */
export const DEFAULT_FAILURE_HANDLING: FailureHandling = 'exit';

/** A schedule longer than ten years is no schedule. */
export const INTERVAL_MONTHS_MAX = 120;
export const REQUALIFICATION_REASON_MAX = 500;

/** The supplier exit's type a failed requalification's exit carries (dictionary supplier_exit_type). */
export const REQUALIFICATION_EXIT_TYPE = 'REQUALIFICATION_FAILED';
export const REQUALIFICATION_EXIT_CATEGORY = 'ELIMINATION';

/** The day `months` calendar months after `day` (YYYY-MM-DD), clamped to the month's last day (01-31 + 1 month = 02-28). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** When a category qualified on `qualifiedDay` is due again under an interval of `months`; none without a schedule. */
export function requalificationDueDay(qualifiedDay: string, months: number | null): string | null {
  return months ? addMonths(qualifiedDay, months) : null;
}

/** POST /api/v1/requalification/start: the supplier, which of its categories, and why. */
export const requalificationStartRequest = z.object({
  supplierNo: requiredText(64, 'chooseSupplier'),
  categoryCodes: z
    .array(z.string().trim().min(1).max(40))
    .min(1, { error: 'chooseRequalificationCategories' })
    .max(50, { error: 'invalidValue' })
    .transform((codes) => [...new Set(codes)]),
  reason: requiredText(REQUALIFICATION_REASON_MAX, 'enterRequalificationReason'),
});
export type RequalificationStartRequest = z.infer<typeof requalificationStartRequest>;

/** One category's requalification policy, as the configuration keeps it. */
export const requalificationPolicy = z.object({
  categoryCode: requiredText(40, 'chooseCategory'),
  /** Every N months after the category qualified (admission or a passed requalification); null: by hand only. */
  intervalMonths: z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: withParams('requalificationIntervalRange', { max: INTERVAL_MONTHS_MAX }) })
    .max(INTERVAL_MONTHS_MAX, { error: withParams('requalificationIntervalRange', { max: INTERVAL_MONTHS_MAX }) })
    .nullable(),
  onFailure: z.enum(FAILURE_HANDLING, { error: 'chooseFailureHandling' }),
});
export type RequalificationPolicy = z.infer<typeof requalificationPolicy>;

export const requalificationPolicyRow = requalificationPolicy.extend({ categoryName: z.string(), updatedBy: z.string(), updatedAt: z.string() });
export const requalificationPoliciesView = z.array(requalificationPolicyRow);
export const policyDeleteRequest = z.object({ categoryCode: requiredText(40, 'chooseCategory') });

/** A supplier's requalification as its page lists it. */
export const requalificationRow = z.object({
  flowNo: z.string(),
  trigger: z.enum(REQUALIFICATION_TRIGGERS),
  categoryCodes: z.array(z.string()),
  categoryNames: z.string(),
  outcome: z.enum(REQUALIFICATION_OUTCOMES),
  onFailure: z.enum(FAILURE_HANDLING),
  /** The category exit a failure started. */
  exitFlowNo: z.string().nullable(),
  startedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RequalificationRow = z.infer<typeof requalificationRow>;

/** How the flow list and the progress page mark a requalification. */
export const requalificationMark = z.object({ trigger: z.enum(REQUALIFICATION_TRIGGERS), outcome: z.enum(REQUALIFICATION_OUTCOMES) });
export type RequalificationMark = z.infer<typeof requalificationMark>;
