import { z } from 'zod';
import { optionalText, pageQuery, requiredText } from '../fields.ts';
import { decimalPlaces } from '../rfi/sections/kit.ts';
import {
  DEFAULT_GRADE_THRESHOLDS,
  PERF_NAME_MAX,
  PERF_GRADES,
  PERF_OUTCOME_CODES,
  PERF_PERIOD_TYPES,
  PERF_PLAN_REVIEWERS_MAX,
  PERF_PLAN_STATUS,
  PERF_PLAN_SUPPLIERS_MAX,
  PERF_REVIEWER_ROLES,
  PERF_SCOPE_MODES,
  PERF_TEXT_MAX,
  type GradeThresholds,
  type PerfOutcome,
  type PerfPeriodType,
  type PerfPlanStatus,
} from './model.ts';

/** Performance plans (req performance §7.3 /v1/performance-plan/*): periods, the plan form, the reads' shapes. */

const PERIOD_PATTERNS: Record<PerfPeriodType, RegExp> = {
  MONTH: /^(\d{4})-(0[1-9]|1[0-2])$/,
  QUARTER: /^(\d{4})-Q([1-4])$/,
  YEAR: /^(\d{4})$/,
};

/** The first and last day ('YYYY-MM-DD') of a period ('2026-10', '2026-Q4', '2026'), or null when malformed. */
export function periodRange(type: PerfPeriodType, period: string): { start: string; end: string } | null {
  const m = PERIOD_PATTERNS[type].exec(period);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 2000 || year > 2100) return null;
  const [fromMonth, toMonth] = type === 'MONTH' ? [Number(m[2]), Number(m[2])] : type === 'QUARTER' ? [Number(m[2]) * 3 - 2, Number(m[2]) * 3] : [1, 12];
  const lastDay = new Date(Date.UTC(year, toMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { start: `${year}-${pad(fromMonth)}-01`, end: `${year}-${pad(toMonth)}-${pad(lastDay)}` };
}

/**
 * The periods a plan is usually made for, newest first: the current one and those before it (a plan rates
 * a period that has passed or is under way), plus the next one. Picked from a list, never typed.
 */
export function periodChoices(type: PerfPeriodType, today: Date): string[] {
  const year = today.getFullYear();
  const month = today.getMonth(); // 0-based
  const pad = (n: number) => String(n).padStart(2, '0');
  if (type === 'YEAR') return [year + 1, year, year - 1, year - 2, year - 3].map(String);
  if (type === 'QUARTER') {
    const current = year * 4 + Math.floor(month / 3);
    return Array.from({ length: 9 }, (_, i) => current + 1 - i).map((q) => `${Math.floor(q / 4)}-Q${(q % 4) + 1}`);
  }
  const current = year * 12 + month;
  return Array.from({ length: 15 }, (_, i) => current + 1 - i).map((m) => `${Math.floor(m / 12)}-${pad((m % 12) + 1)}`);
}

/** A threshold: 0–100 with 2 decimals. */
const threshold = z
  .union([z.number(), z.string()], { error: 'thresholdRange' })
  .transform((raw) => (typeof raw === 'string' && raw.trim() === '' ? NaN : Number(raw)))
  .refine((n) => Number.isFinite(n) && n > 0 && n <= 100 && decimalPlaces(n) <= 2, { error: 'thresholdRange' });

export const gradeThresholdsSchema = z
  .object({ A: threshold, B: threshold })
  .refine((t) => t.A > t.B, { error: 'thresholdOrder', path: ['A'] })
  .default({ ...DEFAULT_GRADE_THRESHOLDS });

const jobNumber = requiredText(40, 'unknownStaff');

export const planReviewerSchema = z.object({
  role: z.enum(PERF_REVIEWER_ROLES, { error: 'chooseReviewerRole' }),
  jobNumbers: z.array(jobNumber).min(1, { error: 'chooseReviewerRole' }).max(PERF_PLAN_REVIEWERS_MAX, { error: 'invalidValue' }),
});

/**
 * The plan form (create and edit of a draft). Suppliers come by category (every admitted supplier of the
 * categories when the round starts… and when the plan is saved, so the owner sees whom it covers) or one by one.
 */
const planFields = z
  .object({
    name: requiredText(PERF_NAME_MAX, 'enterPlanName'),
    periodType: z.enum(PERF_PERIOD_TYPES, { error: 'choosePeriodType' }),
    period: requiredText(10, 'choosePeriod'),
    indexVersionId: requiredText(64, 'chooseIndexVersion'),
    scopeMode: z.enum(PERF_SCOPE_MODES, { error: 'chooseScopeMode' }),
    categoryCodes: z.array(z.string().trim().min(1).max(40)).max(50, { error: 'invalidValue' }).default([]),
    supplierNos: z.array(z.string().trim().min(1).max(40)).max(PERF_PLAN_SUPPLIERS_MAX, { error: 'invalidValue' }).default([]),
    reviewers: z.array(planReviewerSchema).max(PERF_REVIEWER_ROLES.length, { error: 'invalidValue' }).default([]),
    deadline: z.iso.datetime({ offset: true, error: 'chooseDeadline' }),
    ownerJobNumber: requiredText(40, 'chooseOwner'),
    gradeThresholds: gradeThresholdsSchema,
    remark: optionalText(PERF_TEXT_MAX),
  })
  .superRefine((v, ctx) => {
    if (v.period && !periodRange(v.periodType, v.period)) ctx.addIssue({ code: 'custom', path: ['period'], message: 'periodFormat' });
    if (v.scopeMode === 'CATEGORY' && v.categoryCodes.length === 0) ctx.addIssue({ code: 'custom', path: ['categoryCodes'], message: 'choosePlanCategories' });
    if (v.scopeMode === 'SUPPLIER' && v.supplierNos.length === 0) ctx.addIssue({ code: 'custom', path: ['supplierNos'], message: 'choosePlanSuppliers' });
    const roles = v.reviewers.map((r) => r.role);
    if (new Set(roles).size !== roles.length) ctx.addIssue({ code: 'custom', path: ['reviewers'], message: 'invalidValue' });
  })
  .transform((v) => ({
    ...v,
    categoryCodes: v.scopeMode === 'CATEGORY' ? [...new Set(v.categoryCodes)] : [],
    supplierNos: [...new Set(v.supplierNos)],
    reviewers: v.reviewers.map((r) => ({ role: r.role, jobNumbers: [...new Set(r.jobNumbers)] })),
  }));

/** POST /v1/performance-plan/create: a draft. */
export const planCreateRequest = planFields;
export type PlanCreateRequest = z.infer<typeof planCreateRequest>;
export type PlanFormInput = z.input<typeof planCreateRequest>;

/** POST /v1/performance-plan/edit: the whole form of a draft. */
export const planEditRequest = z.intersection(z.object({ planNo: requiredText(40, 'planNotFound') }), planFields);
export type PlanEditRequest = z.infer<typeof planEditRequest>;

/** POST /v1/performance-plan/reword: the name only, in any status but concluded or cancelled. */
export const planRewordRequest = z.object({ planNo: requiredText(40, 'planNotFound'), name: requiredText(PERF_NAME_MAX, 'enterPlanName') });

/** POST /v1/performance-plan/conclusion: the outcome per supplier (the grade is the summary's). */
export const planConclusionRequest = z.object({
  planNo: requiredText(40, 'planNotFound'),
  conclusions: z
    .array(
      z.object({
        supplierNo: requiredText(40, 'chooseSupplier'),
        outcome: z.enum(PERF_OUTCOME_CODES as [PerfOutcome, ...PerfOutcome[]], { error: 'chooseOutcome' }),
        remark: optionalText(PERF_TEXT_MAX),
      }),
    )
    .min(1, { error: 'conclusionIncomplete' })
    .max(PERF_PLAN_SUPPLIERS_MAX, { error: 'invalidValue' }),
  /** Refused when true (409 naming the plan's state): only the approval of the round publishes results. */
  publish: z.boolean().default(false),
});
export type PlanConclusionRequest = z.infer<typeof planConclusionRequest>;

/** POST /v1/performance-plan/page */
export const planPageRequest = pageQuery.extend({
  keyword: optionalText(PERF_NAME_MAX),
  status: z.enum(PERF_PLAN_STATUS).nullish().transform((v) => v ?? undefined),
  periodType: z.enum(PERF_PERIOD_TYPES).nullish().transform((v) => v ?? undefined),
  period: optionalText(10),
  /** true: only plans the caller owns. */
  mine: z.coerce.boolean().default(false),
});
export type PlanPageRequest = z.infer<typeof planPageRequest>;

export const planNoQuery = z.object({ planNo: requiredText(40, 'planNotFound') });
/** GET search-supplier: admitted suppliers by name, code or category. */
export const planSupplierSearchQuery = z.object({
  keyword: optionalText(100),
  categoryCode: optionalText(40),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** What the caller may do with a plan now. */
export const planActionsAnswer = z.object({
  edit: z.boolean(),
  reword: z.boolean(),
  conclude: z.boolean(),
  /** Start the round (a draft, by its owner or a manager; the server also checks the deadline and reviewers). */
  start: z.boolean(),
  /** Open the round's statistic and summary (the owner's, once the round has started; services/assessment/summary-read.ts). */
  summary: z.boolean(),
});
export type PlanActions = z.infer<typeof planActionsAnswer>;

export const planRow = z.object({
  planNo: z.string(),
  name: z.string(),
  periodType: z.enum(PERF_PERIOD_TYPES),
  period: z.string(),
  systemName: z.string(),
  version: z.number(),
  indexVersionId: z.string(),
  status: z.enum(PERF_PLAN_STATUS),
  statusName: z.string(),
  supplierCount: z.number(),
  deadline: z.string(),
  owner: z.string(),
  ownerJobNumber: z.string(),
  createdAt: z.string(),
  actions: planActionsAnswer,
});
export type PlanRow = z.infer<typeof planRow>;

const grade = z.enum(PERF_GRADES);
export const planSupplier = z.object({
  supplierNo: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
  categoryNames: z.array(z.string()),
  outcome: z.enum(PERF_OUTCOME_CODES).nullable(),
  outcomeName: z.string().nullable(),
  conclusionGrade: grade.nullable(),
  conclusionRemark: z.string().nullable(),
  concludedBy: z.string().nullable(),
  concludedAt: z.string().nullable(),
  /** The round's summary once calculated: final score (adjusted, else calculated), grade, "no data". */
  summary: z
    .object({
      calculatedScore: z.number().nullable(),
      adjustedScore: z.number().nullable(),
      finalScore: z.number().nullable(),
      grade: grade.nullable(),
      noData: z.boolean(),
      knockedOut: z.boolean(),
    })
    .nullable(),
});
export type PlanSupplier = z.infer<typeof planSupplier>;

export const planDetail = planRow.extend({
  periodStart: z.string(),
  periodEnd: z.string(),
  scopeMode: z.enum(PERF_SCOPE_MODES),
  categoryCodes: z.array(z.string()),
  categoryNames: z.array(z.string()),
  reviewers: z.array(z.object({ role: z.string(), roleName: z.string(), members: z.array(z.object({ jobNumber: z.string(), name: z.string() })) })),
  gradeThresholds: z.object({ A: z.number(), B: z.number() }),
  remark: z.string().nullable(),
  suppliers: z.array(planSupplier),
  startedAt: z.string().nullable(),
  calculatedAt: z.string().nullable(),
  concludedAt: z.string().nullable(),
  concludedBy: z.string().nullable(),
});
export type PlanDetail = z.infer<typeof planDetail>;

export const planSupplierOption = z.object({
  supplierNo: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
  categories: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type PlanSupplierOption = z.infer<typeof planSupplierOption>;

/** Web path of a plan's page. */
export const planDetailPath = (planNo: string) => `/performance-plan/${encodeURIComponent(planNo)}`;

/** Owner or performance manager edit and start a draft; the name may be changed until the plan ends. */
export function planActions(plan: { status: PerfPlanStatus }, caller: { owner: boolean; manager: boolean }): PlanActions {
  const may = caller.owner || caller.manager;
  return {
    edit: may && plan.status === 'draft',
    reword: may && plan.status !== 'concluded' && plan.status !== 'cancelled',
    conclude: may && (plan.status === 'calculated' || plan.status === 'approving'),
    start: may && plan.status === 'draft',
    summary: caller.owner && plan.status !== 'draft' && plan.status !== 'cancelled',
  };
}

/** The thresholds as a form shows them. */
export const thresholdText = (t: GradeThresholds) => `A ≥ ${t.A}, B ≥ ${t.B}, C < ${t.B}`;
