import { condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { TodoReminderActivities } from '#activities/todo-reminder-activities.ts';
import { reminderPlan } from '#domain/cert-flow/todo-reminders.ts';
import { todosChangedSignal } from './definitions.ts';
import type { HasPatch } from './run-patches.ts';

const acts = proxyActivities<TodoReminderActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/**
 * Flows that reached KCP2 before reminders existed replay without them (style 6); such a flow still
 * running starts them with its next to-do change. Next: `deprecatePatch` once no such flow is open.
 */
const TODO_REMINDERS_PATCH = 'todo-reminders';

/**
 * Reminders of the flow's to-dos (KCP2 and high-potential lists, req flow §3.5, §3.6): one durable
 * timer to the earliest reminder due, re-timed whenever the lists change, running until the flow
 * ends. Started when KCP2 opens, or by the first change signal.
 */
export function todoReminders(flowNo: string, ended: () => boolean, has: HasPatch) {
  let changed = false;
  let loop: Promise<void> | undefined;

  const start = () => {
    if (loop || ended() || !has(TODO_REMINDERS_PATCH)) return;
    loop = run();
  };

  setHandler(todosChangedSignal, () => {
    changed = true;
    start();
  });

  async function run(): Promise<void> {
    while (!ended()) {
      changed = false;
      const todos = await acts.todosToRemind({ flowNo });
      const now = Date.now();
      const { due, nextAt } = reminderPlan(todos, now);
      for (const todo of due) await acts.remindTodo({ flowNo, ...todo });
      if (due.length) continue;
      const wake = () => changed || ended();
      if (nextAt === undefined) await condition(wake);
      else await condition(wake, nextAt - now);
    }
  }

  return {
    start,
    /** Resolves once the loop has seen the flow end (at once if it never started). */
    stopped: (): Promise<void> => loop ?? Promise.resolve(),
  };
}
