import { z } from 'zod';
import { optionalText, requiredText } from '../fields.ts';
import { withParams } from '../messages.ts';
import { parseWireDateTime, wireDay } from '../date-time.ts';
import { flowNoField } from './flow-no.ts';

/**
 * The to-do lists of the comprehensive evaluation (req flow §3.5, §3.6, §5.6): the second meeting's
 * list (KCP2) and the high-potential application's (todoType supplier_high_potential). Each to-do is a
 * task of its principal until done; docs/decisions/ has the edit rules.
 */

export const TODO_SOURCES = ['KCP2', 'HIGH_POTENTIAL'] as const;
export type TodoSource = (typeof TODO_SOURCES)[number];

/** Req flow §5.6. */
export const TODO_NAME_MAX = 20;
export const TODO_DESC_MAX = 100;
/** Not in the requirements: a bound on one request (each row is a task and a mail). */
export const TODO_ROWS_MAX = 50;

/** Req flow §3.6: the high-potential application's rows carry this todoType. */
export const HIGH_POTENTIAL_TODO_TYPE = 'supplier_high_potential';

/** yyyy-MM-dd HH:mm:ss (domain/date-time.ts). */
const closeDateField = z
  .string({ error: 'chooseCloseDate' })
  .trim()
  .min(1, { error: 'chooseCloseDate' })
  .refine((v) => parseWireDateTime(v) !== undefined, { error: 'invalidDateTime' });

/**
 * A row as a form sends it: `seq` names a saved to-do (absent for a new one); the principal is a job
 * number the server looks up (the name sent along is ignored, the staff table's is kept).
 */
export const todoRow = z.object({
  seq: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(1, { error: 'invalidValue' }).nullish(),
  todoName: requiredText(TODO_NAME_MAX, 'enterTodoName'),
  todoDesc: optionalText(TODO_DESC_MAX),
  principalId: requiredText(64, 'chooseTodoPrincipal'),
  principalName: z.string().max(100).nullish(),
  closeDate: closeDateField,
});
export type TodoRow = z.output<typeof todoRow>;

/** A list of to-do rows (none is fine); a missing list reads as empty. */
export function todoListField<R extends z.ZodType>(row: R) {
  return z.preprocess((v) => v ?? [], z.array(row).max(TODO_ROWS_MAX, { error: withParams('maxRows', { max: TODO_ROWS_MAX }) }));
}

/** A to-do as the screens show it. */
export const todoView = z.object({
  seq: z.number(),
  todoName: z.string(),
  todoDesc: z.string().nullable(),
  principalId: z.string(),
  principalName: z.string(),
  /** yyyy-MM-dd HH:mm:ss. */
  closeDate: z.string(),
  /** supplier_high_potential on the high-potential application's rows, null on the meeting's. */
  todoType: z.string().nullable(),
  taskNo: z.string().nullable(),
  done: z.boolean(),
  doneTime: z.string().nullable(),
  /** The close date has passed and the to-do is not done. */
  overdue: z.boolean(),
  /** This user is the to-do's principal and may mark it done now. */
  canFinish: z.boolean(),
});
export type TodoView = z.infer<typeof todoView>;

export const isOverdue = (closeDate: Date, done: boolean, now: Date): boolean => !done && closeDate.getTime() < now.getTime();

/** What the rules of a list's save compare with: the saved to-dos. */
export type SavedTodo = Pick<TodoView, 'seq' | 'todoName' | 'todoDesc' | 'principalId' | 'closeDate' | 'done'>;

/**
 * The rules of a list that need its saved state (req flow §5.6 and docs/decisions/), as field errors
 * under `field`: a close date before yesterday is refused when new or changed (a kept date that has
 * passed stays: the to-do is overdue, not wrong); a `seq` must name a saved to-do, once; a done to-do
 * can be neither changed nor removed.
 */
export function todoListIssues(field: string, rows: readonly TodoRow[], saved: readonly SavedTodo[], now: Date): Record<string, string> {
  const issues: Record<string, string> = {};
  const yesterday = wireDay(now, -1);
  const seen = new Set<number>();
  rows.forEach((row, i) => {
    const at = `${field}.${i}`;
    const before = row.seq == null ? undefined : saved.find((s) => s.seq === row.seq);
    if (row.seq != null && (!before || seen.has(row.seq))) issues[`${at}.seq`] = 'invalidValue';
    if (row.seq != null) seen.add(row.seq);
    if (before?.done && changed(before, row)) issues[`${at}.todoName`] = 'todoDoneLocked';
    if (before?.closeDate !== row.closeDate && row.closeDate.slice(0, 10) < yesterday) issues[`${at}.closeDate`] = 'closeDateTooEarly';
  });
  if (saved.some((s) => s.done && !seen.has(s.seq))) issues[field] = 'todoDoneLocked';
  return issues;
}

function changed(before: SavedTodo, row: TodoRow): boolean {
  return before.todoName !== row.todoName || (before.todoDesc ?? undefined) !== row.todoDesc || before.principalId !== row.principalId || before.closeDate !== row.closeDate;
}

/** POST /v1/supplier-assessment/finish-todo: the to-do's principal marks it done. */
export const finishTodoRequest = z.object({
  flowNo: flowNoField,
  source: z.enum(TODO_SOURCES, { error: 'invalidValue' }),
  seq: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(1, { error: 'invalidValue' }),
});
export type FinishTodoRequest = z.infer<typeof finishTodoRequest>;
