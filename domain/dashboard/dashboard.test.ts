import { describe, expect, it } from 'vitest';
import { monthsOf, percentileOfHistogram, periodOf } from './dashboard.ts';

describe('percentiles read off a histogram of whole days', () => {
  it.each([
    ['no values', [], 50, 0],
    ['one value', [{ value: 4, n: 1 }], 90, 4],
    ['median of 2 and 10', [{ value: 10, n: 1 }, { value: 2, n: 1 }], 50, 2],
    ['p90 of 2 and 10', [{ value: 2, n: 1 }, { value: 10, n: 1 }], 90, 10],
    ['median of nine 1s and one 30', [{ value: 1, n: 9 }, { value: 30, n: 1 }], 50, 1],
    ['p90 of nine 1s and one 30: the ninth value', [{ value: 1, n: 9 }, { value: 30, n: 1 }], 90, 1],
    ['p90 of eight 1s and two 30s', [{ value: 1, n: 8 }, { value: 30, n: 2 }], 90, 30],
    ['empty buckets ignored', [{ value: 0, n: 0 }, { value: 5, n: 3 }], 50, 5],
  ])('%s', (_, histogram, p, expected) => {
    expect(percentileOfHistogram(histogram, p)).toBe(expected);
  });
});

describe('the period', () => {
  it('lists its months across a year end, both ends included', () => {
    expect(monthsOf('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsOf('2026-05', '2026-05')).toEqual(['2026-05']);
  });
  it('defaults to the plants’ current month and the five before it (UTC+8: 16:30 UTC on 31 December is January)', () => {
    expect(periodOf({}, new Date('2026-12-31T16:30:00Z'))).toEqual({ from: '2026-08', to: '2027-01' });
    expect(periodOf({ to: '2026-03' }, new Date())).toEqual({ from: '2025-10', to: '2026-03' });
    expect(periodOf({ from: '2026-01', to: '2026-02' }, new Date())).toEqual({ from: '2026-01', to: '2026-02' });
  });
});
