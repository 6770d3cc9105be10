import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import { STANDARD_PLANS, type NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import { nodeDueReminderMoments } from '#domain/cert-flow/node-due-reminders.ts';
import { CERT_FLOW_WORKFLOW, certFlowWorkflowId, completeNodeUpdate, type CertFlowInput } from '#workflows/definitions.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { remindNodeDue } from '#services/cert-flow/node-due-reminders.ts';
import { listMyOpenTasks } from '#services/cert-flow/my-tasks.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { PM_ACTOR } from '../support/drive-flow.ts';
import { eventually } from '../support/fixtures.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { recordHistory } from '../support/histories.ts';
import { startTimeSkippingHarness, type TimeSkippingHarness } from '../support/time-skipping.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Node due-time reminders (docs/decisions/0031-node-due-time-reminders.md): the node principal of a node
 * with due days is mailed a working day before the due time and once when it has passed, while the node
 * is open, in their language; once overdue, the flow's CMT leader is escalated to (docs/decisions/0056-node-time-limits.md ("Node time
 * limits")); on the time-skipping test server.
 */
describe('node due-time reminders', () => {
  let t: TimeSkippingHarness;
  beforeAll(async () => {
    t = await startTimeSkippingHarness();
  });
  afterAll(() => t?.stop());

  const db = () => t.db.db;
  // APTITUDE's principal is the purchasing manager (E10002); three working days to do it.
  const plan: NodePlanEntry[] = STANDARD_PLANS.NEW_SUPPLIER.filter((n) => ['START', 'APTITUDE', 'KCP1'].includes(n.nodeCode)).map((n) =>
    n.nodeCode === 'APTITUDE' ? { ...n, dueDays: 3 } : n,
  );

  /** A flow whose first node is APTITUDE, opened by its workflow; answers the task's due time and reminder moments. */
  async function flowAtAptitude() {
    const { flowNo } = await insertAppliedFlow(db(), { plan });
    const input: CertFlowInput = { flowNo, plan };
    const handle = await t.env.client.workflow.start(CERT_FLOW_WORKFLOW, { workflowId: certFlowWorkflowId(flowNo), taskQueue: t.taskQueue, args: [input] });
    const task = await eventually(() =>
      db().selectFrom('cert_task').select('end_time').where('flow_no', '=', flowNo).where('node_code', '=', 'APTITUDE').executeTakeFirst(),
    );
    const end = new Date(task.end_time!).getTime();
    // Three working days from the opening on the server's (skipped) clock.
    expect(end - (await t.env.currentTimeMs())).toBeGreaterThan(3 * DAY - HOUR);
    const [soon, overdue] = nodeDueReminderMoments(0, end);
    return { flowNo, handle, end, soon: soon.at, overdue: overdue.at };
  }

  const mails = (flowNo: string) =>
    db()
      .selectFrom('mail_outbox')
      .select(['dedupe_key', 'to_address', 'subject', 'locale'])
      .where('dedupe_key', 'like', `node-due-reminder:${flowNo}-%`)
      .orderBy('id')
      .execute();

  /** The workflow has handled everything so far: no activity pending and its last task completed. */
  async function idle(handle: WorkflowHandle) {
    await eventually(async () => {
      const events = (await handle.fetchHistory()).events ?? [];
      const pending = (await handle.describe()).raw.pendingActivities?.length ?? 0;
      const lastTask = events.findLastIndex((e) => e.workflowTaskScheduledEventAttributes);
      const lastDone = events.findLastIndex((e) => e.workflowTaskCompletedEventAttributes);
      return pending === 0 && lastDone > lastTask;
    });
  }

  /** Moves the server's clock to `at` (epoch ms) and lets the workflow act on it. */
  async function sleepUntil(handle: WorkflowHandle, at: number) {
    const left = at - (await t.env.currentTimeMs());
    if (left > 0) await t.env.sleep(left);
    await idle(handle);
  }

  it('reminds the principal a working day before the due time and once overdue, in their language, never twice', async () => {
    await db().updateTable('staff').set({ locale: 'en' }).where('job_number', '=', 'E10002').execute();
    const { flowNo, handle, end, soon, overdue } = await flowAtAptitude();
    expect(overdue).toBe(end);
    const pm = await db().selectFrom('staff').select('email').where('job_number', '=', 'E10002').executeTakeFirstOrThrow();

    await sleepUntil(handle, soon - HOUR);
    expect(await mails(flowNo)).toEqual([]);

    await sleepUntil(handle, soon + HOUR);
    await eventually(async () => (await mails(flowNo)).length === 1);
    expect(await mails(flowNo)).toEqual([
      { dedupe_key: `node-due-reminder:${flowNo}-APTITUDE-NODE_PRINCIPAL:DUE_SOON`, to_address: pm.email, subject: expect.stringMatching(/^Reminder: Qualification matching/), locale: 'en' },
    ]);

    // A retried activity (the mail sent, the mark lost or not) sends nothing twice.
    await remindNodeDue({ db: db(), mailer: createOutboxMailer(db()), publicUrl: 'http://localhost:3000' }, { flowNo, nodeCode: 'APTITUDE', visit: 1, kind: 'DUE_SOON', endTime: new Date(end).toISOString() });
    expect(await mails(flowNo)).toHaveLength(1);

    await sleepUntil(handle, overdue + HOUR);
    await eventually(async () => (await mails(flowNo)).length === 2);
    expect((await mails(flowNo))[1]).toMatchObject({ dedupe_key: `node-due-reminder:${flowNo}-APTITUDE-NODE_PRINCIPAL:OVERDUE`, subject: expect.stringMatching(/^Overdue:/) });

    await sleepUntil(handle, overdue + 5 * DAY);
    expect(await mails(flowNo)).toHaveLength(2);
    const log = await db().selectFrom('operation_history').select('action').where('relation_code', '=', flowNo).where('action', '=', 'NODE_DUE_REMINDED').execute();
    expect(log).toHaveLength(2);
    await recordHistory('node-due-reminded-then-overdue', handle);
    await db().updateTable('staff').set({ locale: 'zh' }).where('job_number', '=', 'E10002').execute();
  });

  it('a principal who logged in in Chinese is reminded in Chinese', async () => {
    const { flowNo, handle, soon } = await flowAtAptitude();
    await sleepUntil(handle, soon + HOUR);
    await eventually(async () => (await mails(flowNo)).length === 1);
    expect(await mails(flowNo)).toEqual([expect.objectContaining({ locale: 'zh', subject: expect.stringMatching(/^到期提醒：资质匹配/) })]);
  });

  it('a node completed before its reminders is not reminded', async () => {
    const { flowNo, handle, overdue } = await flowAtAptitude();
    await handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode: 'APTITUDE', actor: PM_ACTOR, outcome: 'pass' }] });
    await eventually(() => db().selectFrom('cert_task').select('task_no').where('flow_no', '=', flowNo).where('node_code', '=', 'KCP1').executeTakeFirst());
    await sleepUntil(handle, overdue + DAY);
    expect((await mails(flowNo)).filter((m) => m.dedupe_key.includes('-APTITUDE-'))).toEqual([]);
    await recordHistory('node-due-completed-before-reminder', handle);
  });

  it("once overdue, the flow's CMT leader is escalated to once: a task in their list, a mail, a line in the log; the task closes with the node", async () => {
    const { flowNo, handle, overdue } = await flowAtAptitude();
    const leader = (await db().selectFrom('cert_flow_role').select('job_number').where('flow_no', '=', flowNo).where('role', '=', 'CMT_LEADER').executeTakeFirstOrThrow()).job_number;
    const escalationNo = `${flowNo}-APTITUDE-NODE_OVERDUE`;
    await sleepUntil(handle, overdue - HOUR);
    expect(await db().selectFrom('cert_task').select('task_no').where('task_no', '=', escalationNo).execute()).toEqual([]);

    await sleepUntil(handle, overdue + HOUR);
    const task = await eventually(() => db().selectFrom('cert_task').select(['task_type', 'principal_job_number', 'status']).where('task_no', '=', escalationNo).executeTakeFirst());
    expect(task).toEqual({ task_type: 'NODE_OVERDUE', principal_job_number: leader, status: TASK_STATUS.IN_PROGRESS });
    const listed = (await listMyOpenTasks(db(), leader, 'zh')).find((x) => x.flowNo === flowNo);
    expect(listed).toMatchObject({ taskName: '节点已超过时限：请督办', link: flowDetailPath(flowNo, 'APTITUDE') });
    const escalationMails = () => db().selectFrom('mail_outbox').select(['to_address', 'subject']).where('dedupe_key', '=', `node-escalation:${escalationNo}`).execute();
    expect(await escalationMails()).toEqual([{ to_address: expect.any(String), subject: expect.stringContaining('节点已超过时限') }]);
    const log = () => db().selectFrom('operation_history').select('description').where('relation_code', '=', flowNo).where('action', '=', 'NODE_ESCALATED').execute();
    expect(await log()).toEqual([{ description: expect.stringMatching(/^节点超过时限，已上报CMT负责人.+：资质匹配/) }]);

    // A repeated overdue activity (a retry after a lost answer) escalates nothing twice.
    await remindNodeDue({ db: db(), mailer: createOutboxMailer(db()), publicUrl: 'http://localhost:3000' }, { flowNo, nodeCode: 'APTITUDE', visit: 1, kind: 'OVERDUE', endTime: new Date(overdue).toISOString() });
    await sleepUntil(handle, overdue + 3 * DAY);
    expect(await escalationMails()).toHaveLength(1);
    expect(await log()).toHaveLength(1);

    await handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode: 'APTITUDE', actor: PM_ACTOR, outcome: 'pass' }] });
    expect((await db().selectFrom('cert_task').select('status').where('task_no', '=', escalationNo).executeTakeFirstOrThrow()).status).toBe(TASK_STATUS.FINISHED);
  });
});
