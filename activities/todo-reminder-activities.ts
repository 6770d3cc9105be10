import type { TodoToRemind } from '#domain/cert-flow/todo-reminders.ts';
import { remindTodo, todosToRemind } from '#services/cert-flow/todo-reminders.ts';
import { remindNodeDue, type NodeDueReminder } from '#services/cert-flow/node-due-reminders.ts';
import type { CertFlowActivityDeps } from './cert-flow-activities.ts';

/**
 * The reminders the certification workflow times: the to-dos' with its one timer (workflows/todo-reminders.ts),
 * the node principals' due times with a timer per open node (workflows/node-due-reminders.ts).
 */
export function createTodoReminderActivities(deps: CertFlowActivityDeps) {
  return {
    async todosToRemind(input: { flowNo: string }): Promise<TodoToRemind[]> {
      return todosToRemind(deps.db, input.flowNo);
    },
    async remindTodo(input: TodoToRemind & { flowNo: string }): Promise<void> {
      await remindTodo(deps, input);
    },
    async remindNodeDue(input: NodeDueReminder): Promise<void> {
      await remindNodeDue(deps, input);
    },
  };
}

export type TodoReminderActivities = ReturnType<typeof createTodoReminderActivities>;
