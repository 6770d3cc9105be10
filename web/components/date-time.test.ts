import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.ts';

describe('a moment on the screen', () => {
  it('reads yyyy-MM-dd HH:mm:ss in both languages, China time when asked', () => {
    const at = '2026-11-27T10:37:17.000Z';
    expect(formatDateTime(at, 'zh', { chinaTime: true })).toBe('2026-11-27 18:37:17');
    expect(formatDateTime(at, 'en', { chinaTime: true })).toBe('2026-11-27 18:37:17');
    expect(formatDateTime('2026-01-05T16:00:00.000Z', 'en', { chinaTime: true })).toBe('2026-01-06 00:00:00');
    expect(formatDateTime(null, 'en')).toBe('-');
  });
});
