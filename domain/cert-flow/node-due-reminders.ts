import { addWorkingDays } from '../calendar/working-days.ts';

/**
 * Reminders of a node principal's due time (the scenario's due days, docs/decisions/0031-node-due-time-reminders.md ("Node due-time
 * reminders")): one a working day before the due time, and one when it has passed, each only while the
 * node is still open. Pure, so the certification workflow times its timers with it.
 */

export const NODE_DUE_REMINDER_KINDS = ['DUE_SOON', 'OVERDUE'] as const;
export type NodeDueReminderKind = (typeof NODE_DUE_REMINDER_KINDS)[number];

/** How long before the due time the first reminder goes: one working day (Monday to Friday, CST). */
export const NODE_DUE_REMINDER_LEAD_WORKING_DAYS = 1;

/**
 * The reminders of a task opened at `openedAt` and due at `endTime` (epoch ms), in time order. A
 * reminder that would fall at or before the opening is left out: the task mail has just told them.
 */
export function nodeDueReminderMoments(openedAt: number, endTime: number): { kind: NodeDueReminderKind; at: number }[] {
  const soon = addWorkingDays(new Date(endTime), -NODE_DUE_REMINDER_LEAD_WORKING_DAYS).getTime();
  return [
    { kind: 'DUE_SOON' as const, at: soon },
    { kind: 'OVERDUE' as const, at: endTime },
  ].filter((r) => r.at > openedAt);
}
