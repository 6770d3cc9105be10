import { z } from 'zod';
import { scoreField } from '../cert-flow/score.ts';
import { optionalText, pageQuery, requiredText } from '../fields.ts';
import { withParams } from '../messages.ts';
import { ROUND_PHASES } from './round.ts';

/**
 * The assessment review calls (req performance §7.3; docs/decisions/0044-assessment-rounds.md): request schemas shared
 * by the API and the screens, and the shapes they answer. Scores are 0–100 with 2 decimals (req flow §9),
 * remarks and reasons at most 500 characters (req performance §9).
 */
export const REMARK_MAX = 500;
export const ADJUST_REASON_MAX = 500;
export const REJECT_REASON_MAX = 500;
/** The most plans one export may hold (one sheet each). */
export const EXPORT_PLANS_MAX = 20;

const taskNo = requiredText(120);
const planNo = requiredText(64);
const jobNumber = requiredText(40);

/** POST /v2/assessment-manage/review-list: the caller's own tasks, or every task of a plan they own. */
export const reviewListRequest = pageQuery.extend({
  planNo: optionalText(64),
  supplier: optionalText(100),
  status: z.union([z.literal(20), z.literal(30)]).nullish().transform((v) => v ?? undefined),
});
export type ReviewListRequest = z.infer<typeof reviewListRequest>;

export const taskNoQuery = z.object({ taskNo });
export const planNoQuery = z.object({ planNo });
/** GET /v1/assessment-task-summary/trace */
export const summaryTraceQuery = z.object({ planNo, supplierNo: requiredText(40) });

const reviewScore = scoreField('enterScore');
/** A score of the grid: empty (null) while a draft leaves it open, else 0–100 with 2 decimals. */
const draftScore = z.unknown().transform((raw, ctx): number | null => {
  if (raw === null || raw === undefined || raw === '') return null;
  const parsed = reviewScore.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const i of parsed.error.issues) ctx.addIssue({ code: 'custom', message: i.message });
  return z.NEVER;
});

/** One index's score of a review. */
const scoreItem = z.object({
  indexCode: requiredText(64),
  score: draftScore,
  remark: optionalText(REMARK_MAX),
});

/**
 * POST /v2/assessment-manage/review-detail-submit: the task's scores. `submit: false` saves a draft (the
 * grid's autosave; open scores allowed); a submission needs every index scored and ends the task.
 */
export const reviewDetailSubmitRequest = z.object({
  taskNo,
  scores: z.array(scoreItem).max(500, { error: 'invalidValue' }),
  remark: optionalText(REMARK_MAX),
  submit: z.boolean().default(true),
});
export type ReviewDetailSubmitRequest = z.infer<typeof reviewDetailSubmitRequest>;
export type ReviewScoreInput = z.input<typeof scoreItem>;

/** POST /v1/assessment-manage/review-remark-save: the task's overall remark. */
export const reviewRemarkRequest = z.object({ taskNo, remark: optionalText(REMARK_MAX) });

/** POST /v1/assessment-manage/review-submit: the caller submits every finished draft of a plan at once. */
export const reviewSubmitAllRequest = z.object({ planNo });

/** POST /v2/assessment-manage/transfer */
export const transferRequest = z.object({ taskNo, toJobNumber: jobNumber });

/** POST /v1/assessment-task-summary/autoCalculation */
export const autoCalculationRequest = z.object({ planNo });

/** POST /v1/assessment-manage/summary-score-save: the owner's adjustment of a supplier's total, with a reason. */
export const summaryScoreSaveRequest = z.object({
  planNo,
  supplierNo: requiredText(40),
  score: scoreField('enterScore'),
  reason: requiredText(ADJUST_REASON_MAX, 'enterAdjustReason'),
});
export type SummaryScoreSaveRequest = z.infer<typeof summaryScoreSaveRequest>;

/** POST /v1/assessment-manage/review-submit-bpm: the summary goes to its approver. */
export const summarySubmitRequest = z.object({ planNo, approverJobNumber: jobNumber });

/** POST /v1/assessment-manage/audit-pass and audit-reject: the approver's decision on the approval card. */
export const summaryDecisionRequest = z.object({ planNo, reason: optionalText(REJECT_REASON_MAX) });
export const summaryRejectRequest = z.object({ planNo, reason: requiredText(REJECT_REASON_MAX, 'enterRoundRejectReason') });

/** POST /v1/assessment-manage/review-export: one sheet per plan. */
export const reviewExportRequest = z.object({
  planNos: z
    .array(planNo)
    .min(1, { error: 'required' })
    .max(EXPORT_PLANS_MAX, { error: withParams('exportTooManyPlans', { max: EXPORT_PLANS_MAX }) }),
});

/** GET /v1/operator-history/assessment-list */
export const assessmentHistoryQuery = z.object({
  relationCode: requiredText(64),
  relationType: z.coerce.number().int().default(10),
});

/** GET /v1/cmt/v1/cmt/search: staff of the CMTs by name or job number. */
export const cmtSearchQuery = z.object({ keyword: optionalText(50) });

/**
 * POST /v1/assessment-figure/save: figures of the plan's period per supplier and figure kind (domain/performance
 * PERF_FIGURES), typed in or imported from a sheet; null removes one.
 */
/** Figures are decimals of at most this magnitude (exclusive). */
export const FIGURE_ABS_LIMIT = 1e10;
const FIGURE_TEXT = /^[-+]?\d+(\.\d+)?$/;
const figureInRange = (v: number) => Number.isFinite(v) && Math.abs(v) < FIGURE_ABS_LIMIT;

export const figureSaveRequest = z.object({
  planNo,
  source: z.enum(['MANUAL', 'IMPORT']).default('MANUAL'),
  figures: z
    .array(
      z.object({
        supplierNo: requiredText(40),
        figureKind: requiredText(40),
        value: z
          .union([z.number(), z.string().trim().regex(FIGURE_TEXT, { error: 'figureValueInvalid' }).transform(Number), z.null()], { error: 'figureValueInvalid' })
          .refine((v) => v === null || figureInRange(v), { error: 'figureValueInvalid' }),
      }),
    )
    .min(1, { error: 'required' })
    .max(50_000, { error: 'invalidValue' }),
});
export type FigureSaveRequest = z.infer<typeof figureSaveRequest>;

/** A figure as typed on the figures screen: empty (none, or removes the one saved) or a number the save accepts. */
export const figureCell = z
  .string()
  .trim()
  .refine((v) => v === '' || (FIGURE_TEXT.test(v) && figureInRange(Number(v))), { error: 'figureValueInvalid' });
/** The figures screen's form: per supplier, the typed figure of each kind. */
export const figureFormSchema = z.object({ rows: z.array(z.object({ supplierNo: z.string(), values: z.record(z.string(), figureCell) })) });
export type FigureForm = z.infer<typeof figureFormSchema>;

/** GET /v1/assessment-figure/list: the figures of the plan's period for each of its suppliers. */
export const figuresView = z.object({
  planNo: z.string(),
  periodType: z.enum(['MONTH', 'QUARTER', 'YEAR']),
  period: z.string(),
  /** The caller may save (the owner, until the summary goes to approval). */
  editable: z.boolean(),
  /** The figure kinds the plan's computed indices score from, in PERF_FIGURE_KINDS order: the columns to fill. */
  kinds: z.array(z.string()),
  suppliers: z.array(
    z.object({
      supplierNo: z.string(),
      supplierCode: z.string().nullable(),
      supplierName: z.string(),
      /** By figure kind (domain/performance PERF_FIGURES); kinds without a figure are absent. */
      figures: z.record(z.string(), z.object({ value: z.number(), source: z.enum(['MANUAL', 'IMPORT']), enteredByName: z.string(), enteredAt: z.string() })),
    }),
  ),
});
export type FiguresView = z.infer<typeof figuresView>;

const reviewStatus = z.union([z.literal(20), z.literal(30)]);

/** A review task as the work list shows it. */
export const reviewListRow = z.object({
  taskNo: z.string(),
  planNo: z.string(),
  planName: z.string(),
  supplierNo: z.string(),
  supplierCode: z.string().nullable(),
  supplierName: z.string(),
  reviewerJobNumber: z.string(),
  reviewerName: z.string(),
  status: reviewStatus,
  scored: z.number(),
  indexCount: z.number(),
  deadline: z.string(),
  submittedAt: z.string().nullable(),
});
export type ReviewListRow = z.infer<typeof reviewListRow>;

/** One index of a review as the scoring grid shows it. */
export const reviewIndexRow = z.object({
  indexCode: z.string(),
  indexName: z.string(),
  /** The names of the index's parents, outermost first. */
  path: z.array(z.string()),
  weight: z.number(),
  description: z.string().nullable(),
  score: z.number().nullable(),
  remark: z.string().nullable(),
});
export type ReviewIndexRow = z.infer<typeof reviewIndexRow>;

export const reviewDetail = z.object({
  taskNo: z.string(),
  planNo: z.string(),
  planName: z.string(),
  supplierNo: z.string(),
  supplierName: z.string(),
  reviewerJobNumber: z.string(),
  reviewerName: z.string(),
  role: z.string(),
  status: reviewStatus,
  deadline: z.string(),
  remark: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** The caller may change the scores (their own open task while reviews run). */
  editable: z.boolean(),
  indices: z.array(reviewIndexRow),
});
export type ReviewDetail = z.infer<typeof reviewDetail>;

const tally = { submitted: z.number(), total: z.number() };
export const reviewStatistic = z.object({
  planNo: z.string(),
  phase: z.enum(ROUND_PHASES).nullable(),
  total: z.number(),
  submitted: z.number(),
  byReviewer: z.array(z.object({ jobNumber: z.string(), name: z.string(), ...tally })),
  bySupplier: z.array(z.object({ supplierNo: z.string(), supplierName: z.string(), ...tally })),
});
export type ReviewStatistic = z.infer<typeof reviewStatistic>;

export const staffOption = z.object({ jobNumber: z.string(), name: z.string(), departmentName: z.string().nullable() });
export type StaffOption = z.infer<typeof staffOption>;

/** GET /v1/operator-history/assessment-list: a plan's log row. */
export const assessmentHistoryRow = z.object({ createTime: z.string(), operateUserName: z.string(), action: z.string(), description: z.string() });
export type AssessmentHistoryRow = z.infer<typeof assessmentHistoryRow>;
