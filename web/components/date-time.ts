/**
 * A moment as people read it in the interface's language, the same on every screen: 2026/11/27 18:37:17
 * in Chinese, 27/11/2026, 18:37:17 in English (24-hour clock, day before month). `chinaTime` shows the
 * China Standard Time wall time (UTC+8) whatever the browser's zone, for the dates people enter and are
 * mailed in it (to-do close dates, domain/date-time.ts); other moments show in the browser's zone.
 */
export function formatDateTime(at: string | Date | null | undefined, locale: string, opts: { chinaTime?: boolean; empty?: string } = {}): string {
  if (!at) return opts.empty ?? '-';
  return new Date(at).toLocaleString(locale === 'en' ? 'en-GB' : 'zh-CN', opts.chinaTime ? { timeZone: 'Asia/Shanghai' } : undefined);
}
