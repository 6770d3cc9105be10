import { describe, expect, it } from 'vitest';
import { clockSkew, splitRemaining } from './countdown.ts';

describe('publicity countdown (req flow §2.3)', () => {
  it('splits what is left into days, hours, minutes and seconds', () => {
    const ms = ((6 * 24 + 23) * 3600 + 59 * 60 + 58) * 1000 + 999;
    expect(splitRemaining(ms)).toEqual({ days: 6, hours: 23, minutes: 59, seconds: 58, over: false });
    expect(splitRemaining(61_000)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 1, over: false });
  });

  it('stops at zero once the end time has passed', () => {
    expect(splitRemaining(999)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, over: true });
    expect(splitRemaining(-5_000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, over: true });
  });

  it("counts on the server's clock: a browser an hour fast still shows the server's remaining time", () => {
    const serverNow = '2026-11-25T10:00:00.000Z';
    const browserNow = Date.parse('2026-11-25T11:00:00.000Z');
    const skew = clockSkew(serverNow, browserNow);
    const end = Date.parse('2026-11-26T10:00:00.000Z');
    expect(splitRemaining(end - (browserNow + skew))).toMatchObject({ days: 1, hours: 0, minutes: 0, seconds: 0 });
  });
});
