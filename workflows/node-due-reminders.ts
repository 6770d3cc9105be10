import { condition, proxyActivities } from '@temporalio/workflow';
import type { TodoReminderActivities } from '#activities/todo-reminder-activities.ts';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import { nodeDueReminderMoments } from '#domain/cert-flow/node-due-reminders.ts';
import type { HasPatch } from './run-patches.ts';

const acts = proxyActivities<TodoReminderActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/**
 * Runs from before the reminders opened their nodes without the workflow's time and remind nobody;
 * `patched` keeps their replay (style 6). Next: `deprecatePatch` once no such run is open.
 */
const NODE_DUE_REMINDERS_PATCH = 'node-due-reminders';

/**
 * Reminders of the open node's due time (the scenario's due days, docs/decisions/0031-node-due-time-reminders.md ("Node due-time
 * reminders")): a durable timer per reminder of the node's opening, which ends with the node. The
 * mailing activity checks again that the task is open and not reminded, and sends under a derived key.
 */
export function nodeDueReminders(flowNo: string, has: HasPatch) {
  const running: Promise<void>[] = [];

  async function remind(node: { nodeCode: NodeCode; visit: number; openedAt: number; endTime: string }, closed: () => boolean): Promise<void> {
    for (const { kind, at } of nodeDueReminderMoments(node.openedAt, Date.parse(node.endTime))) {
      const left = at - Date.now();
      if (left > 0) await condition(closed, left);
      if (closed()) return;
      await acts.remindNodeDue({ flowNo, nodeCode: node.nodeCode, visit: node.visit, kind, endTime: node.endTime });
    }
  }

  return {
    /** Whether this run reminds: asked before a node with due days opens, so the opening passes its time. */
    on: (): boolean => has(NODE_DUE_REMINDERS_PATCH),
    /** Reminds of the node's due time until `closed()` says it is no longer the open one. */
    watch(node: { nodeCode: NodeCode; visit: number; openedAt: number; endTime: string }, closed: () => boolean): void {
      running.push(remind(node, closed));
    },
    /** Resolves once every node's reminders have ended (each ends with its node). */
    stopped: async (): Promise<void> => {
      await Promise.all(running);
    },
  };
}
