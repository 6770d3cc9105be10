import type { RoundPhase } from './round.ts';

/**
 * The owner's summary of a round and a supplier's trace (docs/decisions.md "Assessment rounds"): the
 * calculated total (weighted over the index tree by domain/performance), the owner's adjustment with its
 * reason, the grade; and for every index its score, weight, who scored it and when, and for computed
 * indices the figure and band that produced it.
 */

export interface SummaryRow {
  supplierNo: string;
  supplierCode: string | null;
  supplierName: string;
  /** The calculated total, null when no index of the supplier has data ("no data", never 100). */
  calculatedScore: number | null;
  /** The owner's adjusted total, if adjusted. */
  adjustedScore: number | null;
  adjustReason: string | null;
  /** What counts: the adjusted total if any, else the calculated one. */
  finalScore: number | null;
  grade: string | null;
  knockedOut: boolean;
  calculatedAt: string | null;
}

export interface SummaryView {
  planNo: string;
  planName: string;
  phase: RoundPhase | null;
  ownerJobNumber: string;
  ownerName: string;
  approverJobNumber: string | null;
  approverName: string | null;
  rejectReason: string | null;
  rows: SummaryRow[];
  /** Suppliers per grade, in the plan's grade order, with "no data" last. */
  gradeDistribution: { grade: string; count: number }[];
  actions: { calculate: boolean; adjust: boolean; submit: boolean; decide: boolean; export: boolean };
}

export interface TraceScore {
  reviewerJobNumber: string;
  reviewerName: string;
  score: number | null;
  remark: string | null;
  at: string | null;
}

export interface TraceItem {
  indexCode: string;
  indexName: string;
  depth: number;
  /** The weight as set on the index (percent of its parent), and its share of the total after no-data indices fell out. */
  weight: number;
  effectiveWeight: number | null;
  method: 'MANUAL' | 'COMPUTED' | 'GROUP';
  score: number | null;
  noData: boolean;
  knockOut: boolean;
  scores: TraceScore[];
  /** A computed index's figure and the band that turned it into the score. */
  figure: { value: number; band: string } | null;
}

export interface AdjustmentRow {
  fromScore: number | null;
  toScore: number;
  reason: string;
  by: string;
  at: string;
}

export interface SummaryTrace {
  planNo: string;
  supplierNo: string;
  supplierName: string;
  calculatedScore: number | null;
  finalScore: number | null;
  grade: string | null;
  knockedOut: boolean;
  items: TraceItem[];
  adjustments: AdjustmentRow[];
}

/** "No data" in the grade distribution: a supplier whose indices all lacked data has no total and no grade. */
export const NO_GRADE = '-';

/** A published result as the supplier sees it on the portal: its own total, grade and first-level indices, never a reviewer's name. */
export interface PortalScorecard {
  supplierName: string;
  plans: {
    planNo: string;
    planName: string;
    period: string;
    publishedAt: string;
    score: number | null;
    grade: string | null;
    items: { indexName: string; weight: number; score: number | null }[];
  }[];
}
