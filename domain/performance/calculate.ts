import { type ScoreBand, scoreFigure } from './bands.ts';
import { divideHalfUp, fromHundredths, toHundredths } from './decimal.ts';
import type { GradeThresholds, PerfDirection, PerfGrade, PerfMethod } from './model.ts';

/**
 * The performance calculation of one supplier in one plan (docs/decisions/0036-supplier-performance-1-of-2.md "Supplier performance"):
 *  - a manual index scores the average of its reviewers' scores (a reviewer with no basis gives none);
 *  - a computed index scores the period's figure through its bands;
 *  - an index without any score or figure has no data: it is left out and its siblings' weights are
 *    renormalised over those with data; a level with no data at all has no data itself;
 *  - a supplier with no data anywhere has no score ("no data"), never 100 nor 0;
 *  - every level rounds half up to 2 decimals, and the level above adds what the trace shows.
 * Pure and deterministic: the round's workflow activity and the tests call it with what the database holds.
 */

/** A node of a version's tree as the calculation needs it: first-level indices hold children, indices a method. */
export interface CalcIndex {
  id: string;
  code: string;
  nameZh: string;
  nameEn: string;
  weight: number;
  method: PerfMethod | null;
  direction: PerfDirection | null;
  figureKind: string | null;
  bands: readonly ScoreBand[];
  knockOut: boolean;
  reviewerRole: string | null;
  children: readonly CalcIndex[];
}

/** A score a reviewer gave (from finished tasks only; the caller picks them). null: no basis to score. */
export interface ReviewerScore {
  indexId: string;
  score: number | null;
  jobNumber: string;
  name: string;
  at: string;
}

/** The supplier's figure of the plan's period. */
export interface FigureValue {
  kind: string;
  value: number;
  enteredBy: string;
  at: string;
}

export interface PerfTraceNode {
  indexId: string;
  code: string;
  nameZh: string;
  nameEn: string;
  /** The configured weight among its siblings. */
  weight: number;
  /** The weight it counted with after the siblings without data were left out; 0 when it has no data. */
  appliedWeight: number;
  method: PerfMethod | null;
  score: number | null;
  noData: boolean;
  knockOut: boolean;
  /** A knock-out index scored 0 (by any reviewer, or by its figure). */
  knockedOut: boolean;
  reviewers: { jobNumber: string; name: string; score: number | null; at: string }[];
  figure: { kind: string; value: number; band: ScoreBand | null; enteredBy: string; at: string } | null;
  children: PerfTraceNode[];
}

export interface SupplierCalculation {
  /** 0–100 with 2 decimals; null when there is no data. */
  score: number | null;
  noData: boolean;
  knockedOut: boolean;
  trace: PerfTraceNode[];
}

export interface CalcInput {
  scores: readonly ReviewerScore[];
  figures: Readonly<Record<string, FigureValue | undefined>>;
}

/** Hundredths of a leaf's score, or null with no data. */
function scoreLeaf(index: CalcIndex, input: CalcInput): Omit<PerfTraceNode, 'weight' | 'appliedWeight' | 'children'> & { h: number | null } {
  const base = { indexId: index.id, code: index.code, nameZh: index.nameZh, nameEn: index.nameEn, method: index.method, knockOut: index.knockOut };
  if (index.method === 'COMPUTED') {
    const fig = index.figureKind ? input.figures[index.figureKind] : undefined;
    if (!fig || !index.direction) return { ...base, h: null, score: null, noData: true, knockedOut: false, reviewers: [], figure: null };
    const { score, band } = scoreFigure(fig.value, index.bands, index.direction);
    const h = toHundredths(score);
    return {
      ...base,
      h,
      score: fromHundredths(h),
      noData: false,
      knockedOut: index.knockOut && h === 0,
      reviewers: [],
      figure: { kind: fig.kind, value: fig.value, band, enteredBy: fig.enteredBy, at: fig.at },
    };
  }
  // Sorted so that the trace (and so the stored summary) does not depend on the order rows came in.
  const given = input.scores
    .filter((s) => s.indexId === index.id)
    .sort((a, b) => a.jobNumber.localeCompare(b.jobNumber) || a.at.localeCompare(b.at));
  const reviewers = given.map((s) => ({ jobNumber: s.jobNumber, name: s.name, score: s.score, at: s.at }));
  const counted = given.filter((s) => s.score !== null).map((s) => toHundredths(s.score as number));
  if (counted.length === 0) return { ...base, h: null, score: null, noData: true, knockedOut: false, reviewers, figure: null };
  const h = divideHalfUp(
    counted.reduce((a, b) => a + b, 0),
    counted.length,
  );
  return { ...base, h, score: fromHundredths(h), noData: false, knockedOut: index.knockOut && counted.includes(0), reviewers, figure: null };
}

interface Scored {
  node: PerfTraceNode;
  h: number | null;
}

function scoreNode(index: CalcIndex, input: CalcInput): Scored {
  if (index.children.length === 0) {
    const { h, ...rest } = scoreLeaf(index, input);
    return { h, node: { ...rest, weight: index.weight, appliedWeight: 0, children: [] } };
  }
  const { h, nodes } = scoreLevel(index.children, input);
  return {
    h,
    node: {
      indexId: index.id,
      code: index.code,
      nameZh: index.nameZh,
      nameEn: index.nameEn,
      weight: index.weight,
      appliedWeight: 0,
      method: null,
      score: h === null ? null : fromHundredths(h),
      noData: h === null,
      knockOut: index.knockOut,
      knockedOut: nodes.some((n) => n.knockedOut),
      reviewers: [],
      figure: null,
      children: nodes,
    },
  };
}

/** Weighted mean of a sibling set over the members with data; their applied weights renormalised to 100. */
function scoreLevel(indices: readonly CalcIndex[], input: CalcInput): { h: number | null; nodes: PerfTraceNode[] } {
  const scored = indices.map((i) => scoreNode(i, input));
  const withData = scored.filter((s) => s.h !== null);
  const weightH = withData.reduce((sum, s) => sum + toHundredths(s.node.weight), 0);
  if (withData.length === 0 || weightH === 0) return { h: null, nodes: scored.map((s) => s.node) };
  const num = withData.reduce((sum, s) => sum + toHundredths(s.node.weight) * (s.h as number), 0);
  for (const s of withData) s.node.appliedWeight = fromHundredths(divideHalfUp(toHundredths(s.node.weight) * 10000, weightH));
  return { h: divideHalfUp(num, weightH), nodes: scored.map((s) => s.node) };
}

/** The supplier's score, "no data" state, knock-out and trace over a version's first-level indices. */
export function calculateSupplier(firstLevel: readonly CalcIndex[], input: CalcInput): SupplierCalculation {
  const { h, nodes } = scoreLevel(firstLevel, input);
  return {
    score: h === null ? null : fromHundredths(h),
    noData: h === null,
    knockedOut: nodes.some((n) => n.knockedOut),
    trace: nodes,
  };
}

/**
 * The grade of a final score under the plan's thresholds; a knock-out caps it at C (as VDA 6.3 downgrades
 * a result with a zero on a critical question). No score, no grade.
 */
export function gradeOf(score: number | null, thresholds: GradeThresholds, knockedOut: boolean): PerfGrade | null {
  if (score === null) return null;
  if (knockedOut) return 'C';
  if (score >= thresholds.A) return 'A';
  if (score >= thresholds.B) return 'B';
  return 'C';
}

/** The score a supplier's grade and conclusion go by: the adjusted one when a reviewer adjusted it. */
export function finalScore(summary: { calculatedScore: number | null; adjustedScore: number | null }): number | null {
  return summary.adjustedScore ?? summary.calculatedScore;
}
