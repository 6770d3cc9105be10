import { describe, expect, it } from 'vitest';
import { parseWireDateTime } from '../date-time.ts';
import { addWorkingDays } from './working-days.ts';

const at = (wire: string) => parseWireDateTime(wire)!;

describe('due time in working days', () => {
  it('counts Monday to Friday in China Standard Time and keeps the time of day', () => {
    // 2026-11-25 is a Wednesday.
    expect(addWorkingDays(at('2026-11-25 10:00:00'), 2)).toEqual(at('2026-11-27 10:00:00'));
    expect(addWorkingDays(at('2026-11-25 10:00:00'), 3)).toEqual(at('2026-11-30 10:00:00'));
    expect(addWorkingDays(at('2026-11-28 09:00:00'), 1)).toEqual(at('2026-11-30 09:00:00'));
  });

  it('Monday 07:00 in China is a working day, though UTC still says Sunday', () => {
    expect(addWorkingDays(at('2026-11-29 07:00:00'), 1)).toEqual(at('2026-11-30 07:00:00'));
  });

  it('counts back over a weekend (the reminder a working day before a Monday due time is on Friday)', () => {
    expect(addWorkingDays(at('2026-11-30 10:00:00'), -1)).toEqual(at('2026-11-27 10:00:00'));
    expect(addWorkingDays(at('2026-11-27 10:00:00'), -1)).toEqual(at('2026-11-26 10:00:00'));
  });
});
