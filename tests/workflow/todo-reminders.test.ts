import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { CERT_FLOW_WORKFLOW, certFlowWorkflowId, todosChangedSignal, type CertFlowInput } from '#workflows/definitions.ts';
import { eventually } from '../support/fixtures.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { PATCHES_OF_A_NEW_RUN, patchMarkers, recordHistory } from '../support/histories.ts';
import { startTimeSkippingHarness, type TimeSkippingHarness } from '../support/time-skipping.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * To-do reminders (req flow §3.5, §3.6; docs/decisions/): the flow's workflow mails a to-do's
 * principal 24 h before its close date, with one durable timer, on the time-skipping test server.
 */
describe('to-do reminders', () => {
  let t: TimeSkippingHarness;
  beforeAll(async () => {
    t = await startTimeSkippingHarness();
  });
  afterAll(() => t?.stop());

  const db = () => t.db.db;

  /** A flow whose first node is KCP2 (opened at once), with its workflow running there. */
  async function flowAtKcp2(): Promise<{ flowNo: string; handle: WorkflowHandle }> {
    const plan = STANDARD_PLANS.NEW_SUPPLIER.filter((n) => ['START', 'KCP2', 'PUBLICITY'].includes(n.nodeCode));
    const { flowNo } = await insertAppliedFlow(db(), { plan });
    const input: CertFlowInput = { flowNo, plan };
    const handle = await t.env.client.workflow.start(CERT_FLOW_WORKFLOW, { workflowId: certFlowWorkflowId(flowNo), taskQueue: t.taskQueue, args: [input] });
    await eventually(() => db().selectFrom('cert_task').select('task_no').where('flow_no', '=', flowNo).where('node_code', '=', 'KCP2').executeTakeFirst());
    return { flowNo, handle };
  }

  /** A to-do as the KCP2 list saves it, due `inMs` from the server's (skipped) clock; then the list's change signal. */
  async function addTodo(flowNo: string, handle: WorkflowHandle, seq: number, inMs: number, principal = 'E10020') {
    const closeDate = new Date((await t.env.currentTimeMs()) + inMs);
    await db()
      .insertInto('flow_todo')
      .values({ flow_no: flowNo, source: 'KCP2', seq, todo_name: `整改项${seq}`, principal_job_number: principal, principal_name: '张伟', close_date: closeDate })
      .execute();
    await handle.signal(todosChangedSignal);
    return closeDate;
  }

  const reminderMails = (flowNo: string) =>
    db().selectFrom('mail_outbox').select(['dedupe_key', 'to_address', 'subject']).where('dedupe_key', 'like', `todo-reminder:${flowNo}:%`).orderBy('id').execute();
  const remindedAt = async (flowNo: string, seq: number) =>
    (await db().selectFrom('flow_todo').select('reminded_at').where('flow_no', '=', flowNo).where('seq', '=', seq).executeTakeFirstOrThrow()).reminded_at;

  /** The workflow has handled everything so far: `timers` timers started, no activity pending, its last task completed. */
  async function idle(handle: WorkflowHandle, timers: number) {
    await eventually(async () => {
      const events = (await handle.fetchHistory()).events ?? [];
      const started = events.filter((e) => e.timerStartedEventAttributes).length;
      const pending = (await handle.describe()).raw.pendingActivities?.length ?? 0;
      const lastTask = events.findLastIndex((e) => e.workflowTaskScheduledEventAttributes);
      const lastDone = events.findLastIndex((e) => e.workflowTaskCompletedEventAttributes);
      return started >= timers && pending === 0 && lastDone > lastTask;
    });
  }

  it('a to-do due in 3 days is reminded once, about 24 h before its close date, and not again', async () => {
    const { flowNo, handle } = await flowAtKcp2();
    const closeDate = await addTodo(flowNo, handle, 1, 3 * DAY);
    await idle(handle, 1);

    await t.env.sleep(47 * HOUR);
    await idle(handle, 1);
    expect(await reminderMails(flowNo)).toEqual([]);
    expect(await remindedAt(flowNo, 1)).toBeNull();

    await t.env.sleep(2 * HOUR);
    await eventually(() => remindedAt(flowNo, 1));
    const mails = await reminderMails(flowNo);
    expect(mails).toEqual([{ dedupe_key: `todo-reminder:${flowNo}:KCP2:1:${closeDate.getTime()}`, to_address: expect.stringMatching(/@/), subject: expect.stringContaining('整改项1') }]);

    await t.env.sleep(3 * DAY);
    await idle(handle, 1);
    expect(await reminderMails(flowNo)).toHaveLength(1);
    expect(patchMarkers(historyToJSON(await handle.fetchHistory()))).toEqual(PATCHES_OF_A_NEW_RUN);
    await recordHistory('todo-reminded-before-close', handle);
  });

  it('a to-do done before its reminder is not reminded; one inside its lead time is reminded at once; one past its close date is not', async () => {
    const { flowNo, handle } = await flowAtKcp2();
    await addTodo(flowNo, handle, 1, 3 * DAY);
    await idle(handle, 1);
    await db().updateTable('flow_todo').set({ done_at: new Date() }).where('flow_no', '=', flowNo).where('seq', '=', 1).execute();

    await addTodo(flowNo, handle, 2, 2 * HOUR);
    await eventually(() => remindedAt(flowNo, 2));
    await addTodo(flowNo, handle, 3, -HOUR);

    await t.env.sleep(4 * DAY);
    await idle(handle, 1);
    expect(await remindedAt(flowNo, 1)).toBeNull();
    expect(await remindedAt(flowNo, 3)).toBeNull();
    expect((await reminderMails(flowNo)).map((m) => m.dedupe_key)).toEqual([expect.stringMatching(new RegExp(`^todo-reminder:${flowNo}:KCP2:2:`))]);
  });

  it('a changed close date re-times the reminder', async () => {
    const { flowNo, handle } = await flowAtKcp2();
    await addTodo(flowNo, handle, 1, 3 * DAY);
    await idle(handle, 1);
    const later = new Date((await t.env.currentTimeMs()) + 5 * DAY);
    await db().updateTable('flow_todo').set({ close_date: later }).where('flow_no', '=', flowNo).where('seq', '=', 1).execute();
    await handle.signal(todosChangedSignal);
    await idle(handle, 2);

    // Past the first date's reminder time: nothing, the timer was re-set for the new date.
    await t.env.sleep(49 * HOUR);
    await idle(handle, 2);
    expect(await reminderMails(flowNo)).toEqual([]);

    await t.env.sleep(2 * DAY);
    await eventually(() => remindedAt(flowNo, 1));
    expect((await reminderMails(flowNo)).map((m) => m.dedupe_key)).toEqual([`todo-reminder:${flowNo}:KCP2:1:${later.getTime()}`]);
    await recordHistory('todo-reminder-retimed', handle);
  });
});
