import { describe, expect, it } from 'vitest';
import { parseWireDateTime } from '../date-time.ts';
import { nodeDueReminderMoments } from './node-due-reminders.ts';

const at = (wire: string) => parseWireDateTime(wire)!.getTime();

describe('node due-time reminders', () => {
  it('reminds a working day before the due time and once when it has passed', () => {
    // Opened Wednesday, due the next Monday 10:00: reminded Friday 10:00, overdue Monday 10:00.
    expect(nodeDueReminderMoments(at('2026-11-25 10:00:00'), at('2026-11-30 10:00:00'))).toEqual([
      { kind: 'DUE_SOON', at: at('2026-11-27 10:00:00') },
      { kind: 'OVERDUE', at: at('2026-11-30 10:00:00') },
    ]);
  });

  it('a node due one working day after its opening gets only the overdue reminder', () => {
    expect(nodeDueReminderMoments(at('2026-11-25 10:00:00'), at('2026-11-26 10:00:00'))).toEqual([{ kind: 'OVERDUE', at: at('2026-11-26 10:00:00') }]);
  });
});
