import { describe, expect, it } from 'vitest';
import { embeddedAddress } from './embedded-pages.ts';

describe('the address an embedded page shows (req shell §2.6 query path)', () => {
  const page = { url: 'https://bi.example.com/reports/purchasing' };

  it('is the configured address without a path', () => {
    expect(embeddedAddress(page, undefined)).toBe('https://bi.example.com/reports/purchasing');
  });

  it('follows a path into the same system, absolute or relative', () => {
    expect(embeddedAddress(page, 'https://bi.example.com/reports/quality?year=2026')).toBe('https://bi.example.com/reports/quality?year=2026');
    expect(embeddedAddress(page, '/reports/cost')).toBe('https://bi.example.com/reports/cost');
  });

  it('refuses another site, another scheme or a script', () => {
    expect(embeddedAddress(page, 'https://evil.example.net/login')).toBeNull();
    expect(embeddedAddress(page, 'http://bi.example.com/reports')).toBeNull();
    expect(embeddedAddress(page, 'javascript:alert(1)')).toBeNull();
    expect(embeddedAddress(page, '//evil.example.net/x')).toBeNull();
  });
});
