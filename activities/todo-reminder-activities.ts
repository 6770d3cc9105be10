import type { TodoToRemind } from '#domain/cert-flow/todo-reminders.ts';
import { remindTodo, todosToRemind } from '#services/cert-flow/todo-reminders.ts';
import type { CertFlowActivityDeps } from './cert-flow-activities.ts';

/** The to-do reminders the certification workflow times with its one timer (workflows/todo-reminders.ts). */
export function createTodoReminderActivities(deps: CertFlowActivityDeps) {
  return {
    async todosToRemind(input: { flowNo: string }): Promise<TodoToRemind[]> {
      return todosToRemind(deps.db, input.flowNo);
    },
    async remindTodo(input: TodoToRemind & { flowNo: string }): Promise<void> {
      await remindTodo(deps, input);
    },
  };
}

export type TodoReminderActivities = ReturnType<typeof createTodoReminderActivities>;
