import { describe, expect, it } from 'vitest';
import { formatWireDateTime, parseWireDateTime, wireDay } from './date-time.ts';

describe('wire date-times (yyyy-MM-dd HH:mm:ss, China time)', () => {
  it('reads the text as China time and writes it back the same', () => {
    const at = parseWireDateTime('2026-03-01 08:30:15')!;
    expect(at.toISOString()).toBe('2026-03-01T00:30:15.000Z');
    expect(formatWireDateTime(at)).toBe('2026-03-01 08:30:15');
  });
  it('refuses what names no moment: other shapes, 30 February, hour 24', () => {
    for (const text of ['2026-03-01', '2026-03-01T08:30:15', '2026-3-1 08:30:15', '2026-02-30 10:00:00', '2026-03-01 24:00:00', '2026-03-01 10:60:00']) {
      expect([text, parseWireDateTime(text)]).toEqual([text, undefined]);
    }
  });
  it('counts calendar days in China time: 23:30 UTC is already the next day there', () => {
    const lateUtc = new Date('2026-03-01T23:30:00Z');
    expect(wireDay(lateUtc)).toBe('2026-03-02');
    expect(wireDay(lateUtc, -1)).toBe('2026-03-01');
  });
});
