/**
 * Date-times on the wire as the requirements write them (yyyy-MM-dd HH:mm:ss, req flow §3.5). The text carries
 * no zone: it is the wall time of the car maker's plants, China Standard Time (UTC+8, no summer time),
 * the same for every reader wherever the browser is. docs/decisions/ has the reasoning.
 */

const OFFSET_MS = 8 * 3_600_000;
const WIRE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The moment a wire date-time names, or undefined when the text is not one (a 31 February included). */
export function parseWireDateTime(text: string): Date | undefined {
  const m = WIRE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(utc);
  // Date.UTC rolls 2026-02-31 over into March: a roll-over means the text named no real moment.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  return new Date(utc - OFFSET_MS);
}

/** A moment as a wire date-time. */
export function formatWireDateTime(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The calendar day (yyyy-MM-dd) of a moment, `days` later (or earlier). */
export function wireDay(at: Date, days = 0): string {
  return formatWireDateTime(new Date(at.getTime() + days * 86_400_000)).slice(0, 10);
}

/** The first moment (epoch ms) of a plants' calendar day (yyyy-MM-dd): when a day's events fall due. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - OFFSET_MS;
}
