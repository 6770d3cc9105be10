import { describe, expect, it } from 'vitest';
import { checkBands, scoreFigure } from './bands.ts';
import { type CalcIndex, type ReviewerScore, calculateSupplier, finalScore, gradeOf } from './calculate.ts';
import { DEFAULT_GRADE_THRESHOLDS } from './model.ts';
import { checkSiblingWeights, checkVersionComplete } from './weights.ts';

const PPM_BANDS = [
  { threshold: 10, score: 100 },
  { threshold: 50, score: 90 },
  { threshold: 100, score: 80 },
  { threshold: 500, score: 60 },
];

function leaf(id: string, weight: number, extra: Partial<CalcIndex> = {}): CalcIndex {
  return {
    id,
    code: id.toUpperCase(),
    nameZh: id,
    nameEn: id,
    weight,
    method: 'MANUAL',
    direction: 'HIGHER',
    figureKind: null,
    bands: [],
    knockOut: false,
    reviewerRole: 'QUALITY_REVIEWER',
    children: [],
    ...extra,
  };
}
const group = (id: string, weight: number, children: CalcIndex[]): CalcIndex => ({ ...leaf(id, weight), method: null, reviewerRole: null, children });

/** Quality 40 (audit 50 manual, PPM 50 computed with a knock-out), delivery 35 (OTD 100), cost 25 (cost 100). */
const TREE: CalcIndex[] = [
  group('quality', 40, [
    leaf('audit', 50),
    leaf('ppm', 50, { method: 'COMPUTED', direction: 'LOWER', figureKind: 'PPM', bands: PPM_BANDS, reviewerRole: null, knockOut: true }),
  ]),
  group('delivery', 35, [leaf('otd', 100, { method: 'COMPUTED', direction: 'HIGHER', figureKind: 'OTD_PERCENT', bands: [{ threshold: 98, score: 100 }, { threshold: 95, score: 85 }, { threshold: 90, score: 70 }], reviewerRole: null })]),
  group('cost', 25, [leaf('cost', 100, { reviewerRole: 'BUSINESS_REVIEWER' })]),
];

const by = (indexId: string, jobNumber: string, score: number | null): ReviewerScore => ({ indexId, score, jobNumber, name: jobNumber, at: '2026-11-01T08:00:00.000Z' });
const fig = (kind: string, value: number) => ({ kind, value, enteredBy: 'E10024', at: '2026-11-02T08:00:00.000Z' });

describe('score bands of a computed index', () => {
  it('gives a lower-is-better figure the best band it reaches, and 0 beyond every band', () => {
    expect(scoreFigure(8, PPM_BANDS, 'LOWER')).toEqual({ score: 100, band: { threshold: 10, score: 100 } });
    expect(scoreFigure(50, PPM_BANDS, 'LOWER').score).toBe(90);
    expect(scoreFigure(51, PPM_BANDS, 'LOWER').score).toBe(80);
    expect(scoreFigure(800, PPM_BANDS, 'LOWER')).toEqual({ score: 0, band: null });
  });
  it('gives a higher-is-better figure the band whose threshold it reaches', () => {
    const otd = [{ threshold: 95, score: 85 }, { threshold: 98, score: 100 }];
    expect(scoreFigure(99.5, otd, 'HIGHER').score).toBe(100);
    expect(scoreFigure(96, otd, 'HIGHER').score).toBe(85);
    expect(scoreFigure(94.99, otd, 'HIGHER').score).toBe(0);
  });
  it('refuses bands where a better figure would score lower, or repeated thresholds', () => {
    expect(checkBands(PPM_BANDS, 'LOWER')).toBeNull();
    expect(checkBands(PPM_BANDS, 'HIGHER')).toBe('bandScoresMonotone');
    expect(checkBands([{ threshold: 1, score: 10 }, { threshold: 1, score: 20 }], 'LOWER')).toBe('bandThresholdsDistinct');
    expect(checkBands([], 'LOWER')).toBe('enterBands');
  });
});

describe('weights', () => {
  it('accepts sibling weights adding up to exactly 100, in hundredths', () => {
    expect(checkSiblingWeights([33.33, 33.33, 33.34])).toBeNull();
    expect(checkSiblingWeights([0.1, 0.2, 99.7])).toBeNull();
    expect(checkSiblingWeights([])).toBeNull();
  });
  it('names the sum when they do not', () => {
    expect(checkSiblingWeights([40, 35, 20])).toBe('weightsMustSum100|{"sum":95}');
    expect(checkSiblingWeights([33.33, 33.33, 33.33])).toBe('weightsMustSum100|{"sum":99.99}');
  });
  it('finds a version incomplete without first-level indices, with an empty group, or with a wrong sum', () => {
    expect(checkVersionComplete([])).toEqual(['versionWithoutIndices']);
    expect(checkVersionComplete([{ id: 'q', code: 'Q', weight: 100, children: [] }])).toEqual(['firstLevelWithoutIndices|{"code":"Q"}']);
    expect(checkVersionComplete([{ id: 'q', code: 'Q', weight: 90, children: [{ id: 'a', code: 'A', weight: 100, children: [] }] }])).toEqual(['weightsMustSum100|{"sum":90}']);
    expect(checkVersionComplete(TREE)).toEqual([]);
  });
});

describe('the weighted calculation of a supplier', () => {
  it('weights every level: averaged reviewers, figures through bands, 2 decimals', () => {
    const result = calculateSupplier(TREE, {
      scores: [by('audit', 'E1', 85), by('audit', 'E2', 90.5), by('cost', 'E3', 70)],
      figures: { PPM: fig('PPM', 40), OTD_PERCENT: fig('OTD_PERCENT', 96.2) },
    });
    // audit (85 + 90.5) / 2 = 87.75; PPM 40 → 90; quality = (87.75·50 + 90·50) / 100 = 88.875 → 88.88
    // delivery 96.2 % → 85; cost 70; total = (88.88·40 + 85·35 + 70·25) / 100 = 82.802 → 82.80
    expect(result.trace.map((n) => n.score)).toEqual([88.88, 85, 70]);
    expect(result.trace[0].children.map((n) => n.score)).toEqual([87.75, 90]);
    expect(result.score).toBe(82.8);
    expect(result.noData).toBe(false);
    expect(gradeOf(result.score, DEFAULT_GRADE_THRESHOLDS, result.knockedOut)).toBe('B');
  });

  it('traces who scored each index and when, and the figure and band of computed ones', () => {
    const result = calculateSupplier(TREE, { scores: [by('audit', 'E2', 90), by('audit', 'E1', null)], figures: { PPM: fig('PPM', 40) } });
    const [audit, ppm] = result.trace[0].children;
    expect(audit.reviewers).toEqual([
      { jobNumber: 'E1', name: 'E1', score: null, at: '2026-11-01T08:00:00.000Z' },
      { jobNumber: 'E2', name: 'E2', score: 90, at: '2026-11-01T08:00:00.000Z' },
    ]);
    expect(audit.score).toBe(90);
    expect(ppm.figure).toEqual({ kind: 'PPM', value: 40, band: { threshold: 50, score: 90 }, enteredBy: 'E10024', at: '2026-11-02T08:00:00.000Z' });
  });

  it('leaves out an index without data and renormalises the weights of the others', () => {
    // Only quality has data, and in it only the audit: the supplier's score is the audit's.
    const result = calculateSupplier(TREE, { scores: [by('audit', 'E1', 77.77)], figures: {} });
    expect(result.score).toBe(77.77);
    const [quality, delivery, cost] = result.trace;
    expect([quality.appliedWeight, delivery.appliedWeight, cost.appliedWeight]).toEqual([100, 0, 0]);
    expect([delivery.noData, cost.noData]).toEqual([true, true]);
    expect(quality.children.map((c) => c.appliedWeight)).toEqual([100, 0]);
  });

  it('renormalises over two of three groups', () => {
    const result = calculateSupplier(TREE, { scores: [by('audit', 'E1', 80), by('cost', 'E3', 60)], figures: { PPM: fig('PPM', 5) } });
    // quality (80 + 100) / 2 = 90 at 40/65, cost 60 at 25/65: (90·40 + 60·25) / 65 = 78.4615… → 78.46
    expect(result.score).toBe(78.46);
    expect(result.trace.map((n) => n.appliedWeight)).toEqual([61.54, 0, 38.46]);
  });

  it('answers "no data" for a supplier nobody scored and nothing measured — never 100, never 0', () => {
    const result = calculateSupplier(TREE, { scores: [by('audit', 'E1', null)], figures: {} });
    expect(result).toMatchObject({ score: null, noData: true, knockedOut: false });
    expect(gradeOf(result.score, DEFAULT_GRADE_THRESHOLDS, result.knockedOut)).toBeNull();
  });

  it('rounds half up and gives the same result whatever order the scores come in', () => {
    const scores = [by('audit', 'E1', 80.01), by('audit', 'E2', 80.02), by('audit', 'E3', 80.02), by('cost', 'E4', 99.99)];
    const a = calculateSupplier(TREE, { scores, figures: {} });
    const b = calculateSupplier(TREE, { scores: [...scores].reverse(), figures: {} });
    // (80.01 + 80.02 + 80.02) / 3 = 80.0166… → 80.02
    expect(a.trace[0].children[0].score).toBe(80.02);
    expect(a).toEqual(b);
  });

  it('caps the grade at C when a knock-out index scores 0, whatever the total', () => {
    const result = calculateSupplier(TREE, {
      scores: [by('audit', 'E1', 100), by('cost', 'E3', 100)],
      figures: { PPM: fig('PPM', 900), OTD_PERCENT: fig('OTD_PERCENT', 99) },
    });
    expect(result.trace[0].children[1]).toMatchObject({ score: 0, knockedOut: true });
    expect(result.knockedOut).toBe(true);
    // quality (100 + 0) / 2 = 50 · 40, delivery 100 · 35, cost 100 · 25 → 80: a B without the knock-out.
    expect(result.score).toBe(80);
    expect(gradeOf(result.score, DEFAULT_GRADE_THRESHOLDS, false)).toBe('B');
    expect(gradeOf(result.score, DEFAULT_GRADE_THRESHOLDS, result.knockedOut)).toBe('C');
  });

  it('counts one reviewer’s 0 on a manual knock-out index as a knock-out', () => {
    const tree = [group('quality', 100, [leaf('audit', 100, { knockOut: true })])];
    const result = calculateSupplier(tree, { scores: [by('audit', 'E1', 0), by('audit', 'E2', 90)], figures: {} });
    expect(result).toMatchObject({ score: 45, knockedOut: true });
  });
});

describe('grades', () => {
  it('grades by the plan thresholds: A ≥ 90, B ≥ 80, C below by default; configurable', () => {
    expect(gradeOf(90, DEFAULT_GRADE_THRESHOLDS, false)).toBe('A');
    expect(gradeOf(89.99, DEFAULT_GRADE_THRESHOLDS, false)).toBe('B');
    expect(gradeOf(80, DEFAULT_GRADE_THRESHOLDS, false)).toBe('B');
    expect(gradeOf(79.99, DEFAULT_GRADE_THRESHOLDS, false)).toBe('C');
    expect(gradeOf(86, { A: 85, B: 70 }, false)).toBe('A');
  });
  it('goes by the adjusted score when there is one', () => {
    expect(finalScore({ calculatedScore: 78, adjustedScore: 81.5 })).toBe(81.5);
    expect(finalScore({ calculatedScore: 78, adjustedScore: null })).toBe(78);
  });
});
