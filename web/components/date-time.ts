const PARTS = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;

/**
 * A moment as people read it, the same on every screen and in both languages: 2026-11-27 18:37:17 (the
 * product's Chinese screens write dates so; in English it is as unambiguous, where dd/mm and mm/dd are not).
 * `chinaTime` shows the China Standard Time wall time (UTC+8) whatever the browser's zone, for the dates
 * people enter and are mailed in it (to-do close dates, domain/date-time.ts); other moments show in the
 * browser's zone. The language does not change the format, so `_locale` is kept only for the callers' sake.
 */
export function formatDateTime(at: string | Date | null | undefined, _locale: string, opts: { chinaTime?: boolean; empty?: string } = {}): string {
  if (!at) return opts.empty ?? '-';
  const parts = new Intl.DateTimeFormat('en-GB', { ...PARTS, ...(opts.chinaTime ? { timeZone: 'Asia/Shanghai' } : {}) }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
