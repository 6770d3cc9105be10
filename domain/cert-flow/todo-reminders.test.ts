import { describe, expect, it } from 'vitest';
import { reminderPlan, TODO_REMINDER_LEAD_MS } from './todo-reminders.ts';

const H = 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 25, 8);
const todo = (seq: number, closeIn: number) => ({ source: 'KCP2' as const, seq, closeDate: now + closeIn });

describe('to-do reminder plan', () => {
  it('reminds 24 h before the close date: due at the lead, not a millisecond before', () => {
    expect(TODO_REMINDER_LEAD_MS).toBe(24 * H);
    expect(reminderPlan([todo(1, 24 * H)], now)).toEqual({ due: [todo(1, 24 * H)], nextAt: undefined });
    expect(reminderPlan([todo(1, 24 * H + 1)], now)).toEqual({ due: [], nextAt: now + 1 });
  });

  it('a to-do created inside its lead time is due at once; one past its close date is overdue and never reminded', () => {
    expect(reminderPlan([todo(1, 2 * H), todo(2, 0), todo(3, -H)], now)).toEqual({ due: [todo(1, 2 * H)], nextAt: undefined });
  });

  it('times the next reminder by the earliest close date among the rest', () => {
    expect(reminderPlan([todo(1, 72 * H), todo(2, 30 * H), todo(3, 12 * H)], now)).toEqual({ due: [todo(3, 12 * H)], nextAt: now + 6 * H });
  });
});
