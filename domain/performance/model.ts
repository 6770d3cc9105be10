import type { Locale } from '../i18n.ts';
import type { PerfPlanStatus } from './plan-status.ts';

/**
 * Supplier performance (req performance §2.4, §3.3; IATF 16949 clause 8.4.2.4; docs/decisions/0036-supplier-performance-1-of-2.md "Supplier performance"):
 * the vocabulary of the index tree and of plans, shared by the API, the round's workflow and the screens.
 */

/** MANUAL: reviewers of `reviewerRole` score 0–100; COMPUTED: the period's figure is scored through bands. */
export const PERF_METHODS = ['MANUAL', 'COMPUTED'] as const;
export type PerfMethod = (typeof PERF_METHODS)[number];

/** Which way is better: a higher figure (on-time delivery %) or a lower one (PPM, disruptions). */
export const PERF_DIRECTIONS = ['HIGHER', 'LOWER'] as const;
export type PerfDirection = (typeof PERF_DIRECTIONS)[number];

type Named = Record<Locale, string>;

/**
 * The roles whose members score manual indices (GET /v1/performance-index/role): the reviewer roles of the
 * certification (req performance §6) that a purchasing and quality organisation asks for its monitoring.
 */
export const PERF_REVIEWER_ROLES = ['QUALITY_REVIEWER', 'QUALITY_OPERATIONS', 'SUPPLY_REVIEWER', 'BUSINESS_REVIEWER', 'PROCUREMENT', 'TECHNICAL_REVIEWER'] as const;
export type PerfReviewerRole = (typeof PERF_REVIEWER_ROLES)[number];

/**
 * The figures a computed index scores from, entered per supplier and period (perf_figure): the measures
 * IATF 16949 clause 8.4.2.4 requires a customer to monitor — delivered quality (PPM), customer disruptions (yard
 * holds, stop ships), delivery schedule performance (on-time %), premium freight, and special-status
 * notifications (escalations) on quality or delivery.
 */
export const PERF_FIGURES = {
  PPM: { zh: '来料不良率', en: 'Delivered quality', unit: { zh: 'PPM', en: 'PPM' }, direction: 'LOWER' },
  CUSTOMER_DISRUPTIONS: { zh: '客户干扰次数', en: 'Customer disruptions', unit: { zh: '次', en: 'times' }, direction: 'LOWER' },
  OTD_PERCENT: { zh: '准时交付率', en: 'On-time delivery', unit: { zh: '%', en: '%' }, direction: 'HIGHER' },
  PREMIUM_FREIGHT: { zh: '额外运费次数', en: 'Premium freight incidents', unit: { zh: '次', en: 'times' }, direction: 'LOWER' },
  SPECIAL_STATUS: { zh: '特殊状态通知次数', en: 'Special-status notifications', unit: { zh: '次', en: 'times' }, direction: 'LOWER' },
} as const satisfies Record<string, Named & { unit: Named; direction: PerfDirection }>;
export type PerfFigureKind = keyof typeof PERF_FIGURES;
export const PERF_FIGURE_KINDS = Object.keys(PERF_FIGURES) as PerfFigureKind[];

/** Periods of a plan and of figures. */
export const PERF_PERIOD_TYPES = ['MONTH', 'QUARTER', 'YEAR'] as const;
export type PerfPeriodType = (typeof PERF_PERIOD_TYPES)[number];

/** Grades of VDA 6.3: A, B, C (C the lowest; a knock-out caps at C). */
export const PERF_GRADES = ['A', 'B', 'C'] as const;
export type PerfGrade = (typeof PERF_GRADES)[number];
export interface GradeThresholds {
  /** Lowest final score graded A. */
  A: number;
  /** Lowest final score graded B; below it, C. */
  B: number;
}
export const DEFAULT_GRADE_THRESHOLDS: GradeThresholds = { A: 90, B: 80 };

/** Review task status (req performance §3.4). */
export const PERF_TASK_STATUS = { NOT_START: 10, IN_PROGRESS: 20, FINISHED: 30 } as const;
export type PerfTaskStatus = (typeof PERF_TASK_STATUS)[keyof typeof PERF_TASK_STATUS];

// The plan statuses live apart: the plan list's route reads them in the app's entry, without the rest of this module.
export { PERF_PLAN_STATUS, type PerfPlanStatus } from './plan-status.ts';
/** A plan in these statuses has started: the index version it scores against is frozen. */
export const PERF_PLAN_STARTED: readonly PerfPlanStatus[] = ['running', 'calculated', 'approving', 'concluded'];
/** A conclusion can be recorded once the round is calculated (or while its approval runs). */
export const PERF_PLAN_CONCLUDABLE: readonly PerfPlanStatus[] = ['calculated', 'approving'];
export const PERF_PLAN_STATUS_NAMES: Record<PerfPlanStatus, Named> = {
  draft: { zh: '草稿', en: 'Draft' },
  running: { zh: '评分中', en: 'Scoring' },
  calculated: { zh: '已计算', en: 'Calculated' },
  approving: { zh: '审批中', en: 'In approval' },
  concluded: { zh: '已发布', en: 'Published' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
};

/** How a plan picks its suppliers: every admitted supplier of chosen categories, or one by one. */
export const PERF_SCOPE_MODES = ['CATEGORY', 'SUPPLIER'] as const;
export type PerfScopeMode = (typeof PERF_SCOPE_MODES)[number];

/** The outcome recorded per supplier at conclusion, after the purchasing practice of the grades. */
export const PERF_OUTCOMES = {
  MAINTAIN: { zh: '保持合作', en: 'Continue the business' },
  IMPROVE: { zh: '限期整改', en: 'Improvement plan required' },
  RESTRICT: { zh: '限制新业务', en: 'New business on hold' },
  PHASE_OUT: { zh: '启动退出', en: 'Start phase-out' },
} as const satisfies Record<string, Named>;
export type PerfOutcome = keyof typeof PERF_OUTCOMES;
export const PERF_OUTCOME_CODES = Object.keys(PERF_OUTCOMES) as PerfOutcome[];

/** Operation-history rows of the area are written under relation type ASSESSMENT (see docs). */
export const PERF_HISTORY_ACTIONS = {
  systemAdded: 'PERF_SYSTEM_ADD',
  systemEdited: 'PERF_SYSTEM_EDIT',
  systemDeleted: 'PERF_SYSTEM_DEL',
  versionAdded: 'PERF_VERSION_ADD',
  indexAdded: 'PERF_INDEX_ADD',
  indexEdited: 'PERF_INDEX_EDIT',
  indexDeleted: 'PERF_INDEX_DEL',
  planCreated: 'PERF_PLAN_CREATE',
  planRenamed: 'PERF_PLAN_REWORD',
  planEdited: 'PERF_PLAN_EDIT',
  planConcluded: 'PERF_PLAN_CONCLUSION',
} as const;

/** Limits: names as the requirements’ medium texts (100), descriptions and remarks as its remarks (500, req performance §9). */
export const PERF_NAME_MAX = 100;
export const PERF_CODE_MAX = 20;
export const PERF_TEXT_MAX = 500;
export const PERF_SIBLINGS_MAX = 30;
export const PERF_BANDS_MAX = 10;
export const PERF_PLAN_SUPPLIERS_MAX = 500;
export const PERF_PLAN_REVIEWERS_MAX = 20;
