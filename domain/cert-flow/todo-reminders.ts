/**
 * Reminders of the KCP2 and high-potential to-dos (req flow §3.5, §3.6): the principal is mailed a set
 * lead before the close date. Pure, so the workflow times its one timer with it.
 */

/** How long before its close date a to-do is reminded (docs/decisions/0019-to-do-reminders.md). */
export const TODO_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** An open to-do not reminded yet; times in epoch milliseconds. */
export interface TodoToRemind {
  source: 'KCP2' | 'HIGH_POTENTIAL';
  seq: number;
  closeDate: number;
}

/**
 * Which to-dos are due for their reminder at `now`, and when the next one is. A to-do created inside
 * its lead time is due at once; one already past its close date is overdue and not reminded.
 */
export function reminderPlan(todos: readonly TodoToRemind[], now: number): { due: TodoToRemind[]; nextAt: number | undefined } {
  const open = todos.filter((t) => t.closeDate > now);
  const due = open.filter((t) => t.closeDate - TODO_REMINDER_LEAD_MS <= now);
  const later = open.filter((t) => !due.includes(t)).map((t) => t.closeDate - TODO_REMINDER_LEAD_MS);
  return { due, nextAt: later.length ? Math.min(...later) : undefined };
}
