/**
 * Scores and weights carry 2 decimals (req flow §9). The calculation works in integer hundredths so that the
 * same inputs give the same result on every machine and in every order; it rounds half up once per level.
 */

/** 12.345 → 1235 (half up); exact for numbers given with at most 2 decimals. */
export function toHundredths(n: number): number {
  return Math.round(Number((n * 100).toFixed(6)));
}

export function fromHundredths(h: number): number {
  return h / 100;
}

/** Rounds the non-negative fraction num/den half up to a whole number, in integers. */
export function divideHalfUp(num: number, den: number): number {
  if (den <= 0) throw new RangeError('denominator must be positive');
  return Math.floor((2 * num + den) / (2 * den));
}

/** A decimal as the database answers it (numeric → text) or null. */
export function parseDecimal(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
