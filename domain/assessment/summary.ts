import { z } from 'zod';
import { ROUND_PHASES } from './round.ts';

/**
 * The owner's summary of a round and a supplier's trace (docs/decisions/0044-assessment-rounds.md): the
 * calculated total (weighted over the index tree by domain/performance), the owner's adjustment with its
 * reason, the grade; and for every index its score, weight, who scored it and when, and for computed
 * indices the figure and band that produced it.
 */

export const summaryRow = z.object({
  supplierNo: z.string(),
  supplierCode: z.string().nullable(),
  supplierName: z.string(),
  /** The calculated total, null when no index of the supplier has data ("no data", never 100). */
  calculatedScore: z.number().nullable(),
  /** The owner's adjusted total, if adjusted. */
  adjustedScore: z.number().nullable(),
  adjustReason: z.string().nullable(),
  /** What counts: the adjusted total if any, else the calculated one. */
  finalScore: z.number().nullable(),
  grade: z.string().nullable(),
  knockedOut: z.boolean(),
  calculatedAt: z.string().nullable(),
});
export type SummaryRow = z.infer<typeof summaryRow>;

export const summaryView = z.object({
  planNo: z.string(),
  planName: z.string(),
  phase: z.enum(ROUND_PHASES).nullable(),
  ownerJobNumber: z.string(),
  ownerName: z.string(),
  approverJobNumber: z.string().nullable(),
  approverName: z.string().nullable(),
  rejectReason: z.string().nullable(),
  rows: z.array(summaryRow),
  /** Suppliers per grade, in the plan's grade order, with "no data" last. */
  gradeDistribution: z.array(z.object({ grade: z.string(), count: z.number() })),
  actions: z.object({ calculate: z.boolean(), adjust: z.boolean(), submit: z.boolean(), decide: z.boolean(), export: z.boolean() }),
});
export type SummaryView = z.infer<typeof summaryView>;

export const traceScore = z.object({
  reviewerJobNumber: z.string(),
  reviewerName: z.string(),
  score: z.number().nullable(),
  remark: z.string().nullable(),
  at: z.string().nullable(),
});
export type TraceScore = z.infer<typeof traceScore>;

export const traceItem = z.object({
  indexCode: z.string(),
  indexName: z.string(),
  depth: z.number(),
  /** The weight as set on the index (percent of its parent), and its share of the total after no-data indices fell out. */
  weight: z.number(),
  effectiveWeight: z.number().nullable(),
  method: z.enum(['MANUAL', 'COMPUTED', 'GROUP']),
  score: z.number().nullable(),
  noData: z.boolean(),
  knockOut: z.boolean(),
  scores: z.array(traceScore),
  /** A computed index's figure and the band that turned it into the score. */
  figure: z.object({ value: z.number(), band: z.string() }).nullable(),
});
export type TraceItem = z.infer<typeof traceItem>;

export const adjustmentRow = z.object({ fromScore: z.number().nullable(), toScore: z.number(), reason: z.string(), by: z.string(), at: z.string() });
export type AdjustmentRow = z.infer<typeof adjustmentRow>;

export const summaryTrace = z.object({
  planNo: z.string(),
  supplierNo: z.string(),
  supplierName: z.string(),
  calculatedScore: z.number().nullable(),
  finalScore: z.number().nullable(),
  grade: z.string().nullable(),
  knockedOut: z.boolean(),
  items: z.array(traceItem),
  adjustments: z.array(adjustmentRow),
});
export type SummaryTrace = z.infer<typeof summaryTrace>;

/** "No data" in the grade distribution: a supplier whose indices all lacked data has no total and no grade. */
export const NO_GRADE = '-';

/** A published result as the supplier sees it on the portal: its own total, grade and first-level indices, never a reviewer's name. */
export const portalScorecard = z.object({
  supplierName: z.string(),
  plans: z.array(
    z.object({
      planNo: z.string(),
      planName: z.string(),
      period: z.string(),
      publishedAt: z.string(),
      score: z.number().nullable(),
      grade: z.string().nullable(),
      items: z.array(z.object({ indexName: z.string(), weight: z.number(), score: z.number().nullable() })),
    }),
  ),
});
export type PortalScorecard = z.infer<typeof portalScorecard>;
