import { describe, expect, it } from 'vitest';
import { addWorkingDays, calendarDayRequest, isWorkingDay, workingDaysBetween, type WorkingCalendar } from './working-calendar.ts';

/** 2026-10-01 (Thursday) to 10-07 is the National Day holiday; Sunday 09-27 and Saturday 10-10 are worked in exchange. */
const NATIONAL_DAY: WorkingCalendar = {
  holidays: new Set(['2026-10-01', '2026-10-02', '2026-10-05', '2026-10-06', '2026-10-07']),
  workdays: new Set(['2026-09-27', '2026-10-10']),
};
/** 09:30 in China Standard Time. */
const at = (day: string) => new Date(`${day}T09:30:00+08:00`);

describe('the working calendar', () => {
  it.each([
    ['a Friday', '2026-09-25', true],
    ['a Saturday', '2026-09-26', false],
    ['a Sunday worked in exchange', '2026-09-27', true],
    ['a holiday on a Thursday', '2026-10-01', false],
    ['a Saturday worked in exchange', '2026-10-10', true],
  ])('%s (%s) is a working day: %s', (_case, day, working) => {
    expect(isWorkingDay(day, NATIONAL_DAY)).toBe(working);
  });

  it.each([
    // Without holidays: weekends skipped only.
    ['Friday + 1 over a weekend, no holidays', '2026-09-25', 1, undefined, '2026-09-28'],
    ['Friday + 5, no holidays', '2026-09-25', 5, undefined, '2026-10-02'],
    // Over the National Day: Sunday 09-27 worked, 10-01..10-07 off, Saturday 10-10 worked.
    ['Friday + 1 lands on the Sunday worked', '2026-09-25', 1, NATIONAL_DAY, '2026-09-27'],
    ['Wednesday + 1 skips the whole holiday', '2026-09-30', 1, NATIONAL_DAY, '2026-10-08'],
    ['Wednesday + 3 reaches the Saturday worked', '2026-09-30', 3, NATIONAL_DAY, '2026-10-10'],
    ['Thursday 10-08 − 1 counts back over the holiday', '2026-10-08', -1, NATIONAL_DAY, '2026-09-30'],
  ])('%s', (_case, from, days, calendar, due) => {
    expect(addWorkingDays(at(from), days, calendar)).toEqual(at(due));
  });

  it('counts whole working days spent, the same way back', () => {
    expect(workingDaysBetween(at('2026-09-30'), at('2026-10-08'), NATIONAL_DAY)).toBe(1);
    expect(workingDaysBetween(at('2026-09-30'), new Date(at('2026-10-08').getTime() - 1), NATIONAL_DAY)).toBe(0);
    // 09-27 (worked), 09-28, 09-29, 09-30, 10-08, 10-09, 10-10 (worked), 10-12.
    expect(workingDaysBetween(at('2026-09-25'), at('2026-10-12'), NATIONAL_DAY)).toBe(8);
    expect(workingDaysBetween(at('2026-10-12'), at('2026-09-25'), NATIONAL_DAY)).toBe(0);
    for (const days of [1, 2, 3, 7, 15]) expect(workingDaysBetween(at('2026-09-24'), addWorkingDays(at('2026-09-24'), days, NATIONAL_DAY), NATIONAL_DAY)).toBe(days);
  });

  it('refuses a holiday on a weekend, a worked day on a weekday, a day that does not exist, each on its field', () => {
    const issues = (v: object) => calendarDayRequest.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ day: '2026-10-03', kind: 'holiday', name: '国庆节' })).toEqual([['day', 'holidayOnWeekend']]);
    expect(issues({ day: '2026-10-08', kind: 'workday', name: '调休' })).toEqual([['day', 'workdayOnWeekday']]);
    expect(issues({ day: '2026-02-30', kind: 'holiday', name: '春节' })).toEqual([['day', 'invalidDate']]);
    expect(issues({ day: '2026-10-01', kind: 'holiday', name: ' ' })).toEqual([['name', 'enterHolidayName']]);
    expect(calendarDayRequest.safeParse({ day: '2026-10-01', kind: 'holiday', name: '国庆节' }).success).toBe(true);
  });
});
