import type { z } from 'zod';
import type { UseFormReturnType } from '@mantine/form';
import { todoListIssues, type TodoRow, type TodoView } from '#domain/cert-flow/todos.ts';
import type { TodoWire } from '#web/api/kcp2.ts';

/** A to-do row of a form: what is sent, and what the screen shows of a saved one. */
export type TodoFormRow = TodoWire & {
  done: boolean;
  overdue: boolean;
  canFinish: boolean;
};

export const todoFormRows = (list: readonly TodoView[]): TodoFormRow[] =>
  list.map((t) => ({
    seq: t.seq,
    todoName: t.todoName,
    todoDesc: t.todoDesc ?? '',
    principalId: t.principalId,
    principalName: t.principalName,
    closeDate: t.closeDate,
    done: t.done,
    overdue: t.overdue,
    canFinish: t.canFinish,
  }));

export const newTodoRow = (): TodoFormRow => ({
  seq: null,
  todoName: '',
  todoDesc: '',
  principalId: '',
  principalName: '',
  closeDate: '',
  done: false,
  overdue: false,
  canFinish: false,
});

/** The rows as sent, without what only the screen shows. */
export const todoWire = (rows: readonly TodoFormRow[], todoType?: string): TodoWire[] =>
  rows.map(({ done: _done, overdue: _overdue, canFinish: _canFinish, ...wire }) => ({ ...wire, ...(todoType ? { todoType } : {}) }));

const isBlank = (r: TodoFormRow) => r.seq == null && !r.todoName.trim() && !r.todoDesc.trim() && !r.principalId && !r.closeDate;

type TodoForm = UseFormReturnType<any>;

/**
 * Checks a form holding a `todoList` before it is sent: added rows left blank are dropped, then the
 * request schema the server parses and the list rules it applies against the saved to-dos
 * (`todoListIssues`). Errors land on the form; answers the request, or undefined when refused.
 */
export function checkTodoForm<W extends { todoList: TodoWire[] }>(form: TodoForm, schema: z.ZodType, toWire: () => W, saved: readonly TodoView[]): W | undefined {
  form.setFieldValue('todoList', (form.getValues().todoList as TodoFormRow[]).filter((r) => !isBlank(r)));
  const wire = toWire();
  const result = schema.safeParse(wire);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  } else {
    Object.assign(errors, todoListIssues('todoList', (result.data as { todoList: TodoRow[] }).todoList, saved, new Date()));
  }
  form.setErrors(errors);
  return Object.keys(errors).length ? undefined : wire;
}
