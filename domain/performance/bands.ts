import type { PerfDirection } from './model.ts';

/**
 * Score bands of a computed index: each band is a threshold and the score a figure at or better than the
 * threshold earns. "Better" follows the index's direction: HIGHER — figure ≥ threshold; LOWER — figure ≤
 * threshold. The best band the figure reaches wins; a figure worse than every band scores 0.
 * Example (PPM, LOWER): ≤ 10 → 100, ≤ 50 → 90, ≤ 100 → 80, ≤ 500 → 60; 800 PPM → 0.
 */
export interface ScoreBand {
  threshold: number;
  score: number;
}

/** The bands from the best threshold to the worst. */
export function orderBands(bands: readonly ScoreBand[], direction: PerfDirection): ScoreBand[] {
  return [...bands].sort((a, b) => (direction === 'HIGHER' ? b.threshold - a.threshold : a.threshold - b.threshold));
}

export interface BandResult {
  score: number;
  /** The band the figure reached; null when it reached none (score 0). */
  band: ScoreBand | null;
}

export function scoreFigure(value: number, bands: readonly ScoreBand[], direction: PerfDirection): BandResult {
  for (const band of orderBands(bands, direction)) {
    const reached = direction === 'HIGHER' ? value >= band.threshold : value <= band.threshold;
    if (reached) return { score: band.score, band };
  }
  return { score: 0, band: null };
}

/**
 * The band rules a form and the server both check: thresholds differ, and a better band never scores lower
 * than a worse one (otherwise a better supplier could get a worse score). Answers a message id or null.
 */
export function checkBands(bands: readonly ScoreBand[], direction: PerfDirection): string | null {
  if (bands.length === 0) return 'enterBands';
  if (new Set(bands.map((b) => b.threshold)).size !== bands.length) return 'bandThresholdsDistinct';
  const ordered = orderBands(bands, direction);
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i].score > ordered[i - 1].score) return 'bandScoresMonotone';
  }
  return null;
}
