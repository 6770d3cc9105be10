import { describe, expect, it } from 'vitest';
import { dueEvent, isDay, nextEventDay, validityIssues } from './certificate.ts';

describe('a certificate’s events', () => {
  const until = '2027-03-31';
  it.each([
    ['2026-12-30', [], undefined, 'more than 90 days left: nothing yet'],
    ['2027-01-01', [], 'remind90', '89 days left: the 90-day reminder'],
    ['2027-01-01', ['remind90'], undefined, 'sent once'],
    ['2027-03-01', ['remind90'], 'remind30', '30 days left'],
    ['2027-03-25', ['remind90', 'remind30'], 'remind7', '6 days left'],
    ['2027-03-25', [], 'remind7', 'first seen 6 days before: only the nearest reminder'],
    ['2027-03-25', ['remind7'], undefined, 'a farther reminder never follows a nearer one'],
    ['2027-03-31', ['remind7'], undefined, 'its last day is still valid'],
    ['2027-04-01', ['remind7'], 'expired', 'ended from the day after'],
    ['2027-04-01', ['remind7', 'expired'], undefined, 'ended once'],
  ] as const)('on %s with %j recorded: %s (%s)', (today, recorded, event, _why) => {
    expect(dueEvent(until, today, recorded)).toBe(event);
  });

  it('the next day to wake for: each reminder’s day, then the day after the end', () => {
    expect(nextEventDay(until, '2026-10-01')).toBe('2026-12-31');
    expect(nextEventDay(until, '2026-12-31')).toBe('2027-03-01');
    expect(nextEventDay(until, '2027-03-01')).toBe('2027-03-24');
    expect(nextEventDay(until, '2027-03-24')).toBe('2027-04-01');
  });
});

describe('a certificate’s validity', () => {
  it('names real days only', () => {
    expect(isDay('2027-02-28')).toBe(true);
    expect(isDay('2027-02-29')).toBe(false);
    expect(isDay('2027-2-28')).toBe(false);
  });
  it('ends after it starts; a new one has not ended already, one on file may have', () => {
    const today = '2026-12-07';
    expect(validityIssues({ validFrom: '2026-01-01', validUntil: '2029-01-01' }, { today, isNew: true })).toEqual({});
    expect(validityIssues({ validFrom: '2026-01-01', validUntil: '2026-01-01' }, { today, isNew: true })).toEqual({ validUntil: 'certificateUntilBeforeFrom' });
    expect(validityIssues({ validFrom: '2023-01-01', validUntil: '2026-12-06' }, { today, isNew: true })).toEqual({ validUntil: 'certificateEndedAlready' });
    expect(validityIssues({ validFrom: '2023-01-01', validUntil: '2026-12-07' }, { today, isNew: true })).toEqual({});
    expect(validityIssues({ validFrom: '2023-01-01', validUntil: '2026-12-06' }, { today, isNew: false })).toEqual({});
  });
});
