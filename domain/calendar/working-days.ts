import { wireDay } from '../date-time.ts';

/**
 * The company's working calendar (docs/decisions/0056-node-time-limits.md): Monday to Friday are working days, except the
 * holidays staff list; a listed working day is a Saturday or Sunday worked in exchange (调休). Days are the plants'
 * calendar days in China Standard Time (domain/date-time.ts). Pure, so workflows may use it with a calendar they are given.
 */
export interface WorkingCalendar {
  /** Weekdays off (public holidays), YYYY-MM-DD. */
  holidays: ReadonlySet<string>;
  /** Weekend days worked, YYYY-MM-DD. */
  workdays: ReadonlySet<string>;
}

/** Before any day is listed: weekends off, every weekday worked. */
export const WEEKENDS_ONLY: WorkingCalendar = { holidays: new Set(), workdays: new Set() };

const DAY_MS = 86_400_000;

/** The plants' calendar day of a moment. */
const dayOf = (t: number) => wireDay(new Date(t));

export function isWorkingDay(day: string, calendar: WorkingCalendar = WEEKENDS_ONLY): boolean {
  if (calendar.holidays.has(day)) return false;
  if (calendar.workdays.has(day)) return true;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The moment `days` working days after `from`, at the same time of day: a node's due time from its time limit;
 * negative `days` count back (a reminder before it).
 */
export function addWorkingDays(from: Date, days: number, calendar: WorkingCalendar = WEEKENDS_ONLY): Date {
  let t = from.getTime();
  const step = Math.sign(days) * DAY_MS;
  for (let left = Math.abs(days); left > 0; ) {
    t += step;
    if (isWorkingDay(dayOf(t), calendar)) left -= 1;
  }
  return new Date(t);
}

/**
 * Working days spent from `from` to `to`: whole working days passed (a day counts once its time of day has come
 * round again on a working day), as a node's time against its limit. 0 when `to` is not after `from`.
 */
export function workingDaysBetween(from: Date, to: Date, calendar: WorkingCalendar = WEEKENDS_ONLY): number {
  let spent = 0;
  for (let t = from.getTime() + DAY_MS; t <= to.getTime(); t += DAY_MS) if (isWorkingDay(dayOf(t), calendar)) spent += 1;
  return spent;
}
