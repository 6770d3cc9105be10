/** Weekdays are judged in China Standard Time, the plants' wall time (domain/date-time.ts). */
const OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The moment `days` working days (Monday to Friday) after `from`, at the same time of day: the due
 * time of a node's task from its scenario's due days; negative `days` count back (its reminder). Public
 * holidays are not known to the product.
 */
export function addWorkingDays(from: Date, days: number): Date {
  let t = from.getTime();
  const step = Math.sign(days) * DAY_MS;
  for (let left = Math.abs(days); left > 0; ) {
    t += step;
    const weekday = new Date(t + OFFSET_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(t);
}
