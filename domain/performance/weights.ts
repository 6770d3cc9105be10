import { withParams } from '../messages.ts';
import { fromHundredths, toHundredths } from './decimal.ts';

/** Sibling indices' weights add up to exactly 100 (checked in hundredths, so 33.33 + 33.33 + 33.34 is 100). */
export const WEIGHT_TOTAL = 100;

export function weightSum(weights: readonly number[]): number {
  return fromHundredths(weights.reduce((s, w) => s + toHundredths(w), 0));
}

/**
 * The message id when a set of sibling weights does not add up to 100, else null. An empty set is allowed:
 * a first-level index with no indices yet is incomplete (`checkVersionComplete`), not wrongly weighted.
 */
export function checkSiblingWeights(weights: readonly number[]): string | null {
  if (weights.length === 0) return null;
  const sum = weightSum(weights);
  return sum === WEIGHT_TOTAL ? null : withParams('weightsMustSum100', { sum });
}

/** A node of a version's tree as far as its completeness goes. */
export interface TreeShape {
  id: string;
  code: string;
  weight: number;
  children: readonly TreeShape[];
}

/**
 * A version can be used by a plan when it has first-level indices, each with indices, and every sibling
 * set adds up to 100. Answers the reason message ids (empty when complete).
 */
export function checkVersionComplete(firstLevel: readonly TreeShape[]): string[] {
  const reasons: string[] = [];
  if (firstLevel.length === 0) return ['versionWithoutIndices'];
  const top = checkSiblingWeights(firstLevel.map((n) => n.weight));
  if (top) reasons.push(top);
  for (const node of firstLevel) {
    if (node.children.length === 0) {
      reasons.push(withParams('firstLevelWithoutIndices', { code: node.code }));
      continue;
    }
    const inner = checkSiblingWeights(node.children.map((c) => c.weight));
    if (inner) reasons.push(inner);
  }
  return reasons;
}
