import { describe, expect, it } from 'vitest';
import { Client, type WorkflowHandle } from '@temporalio/client';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import type { Db } from '#db/connection.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { eventually } from '../support/fixtures.ts';
import { flowDriver } from '../support/drive-flow.ts';
import { killWorker } from '../support/worker-child.ts';
import { cleanupsAfterAll, startWorkerChildStack } from '../support/worker-child-stack.ts';
import { startWorkflowHarness } from '../support/workflow-harness.ts';

/**
 * The publicity period is a durable timer (req flow §4.6, architecture §4): when its end comes while the
 * worker or the Temporal server is down, the flow moves on once they are back — once: one PUBLICITY
 * completion, one RELEASE opening with one task and one mail. Periods of a few seconds, by the scenario.
 */
const PERIOD_SECONDS = 8;
const plan = STANDARD_PLANS.NEW_SUPPLIER.filter((n) => ['START', 'RFI', 'KCP2', 'PUBLICITY', 'RELEASE'].includes(n.nodeCode));

/** What moving on from PUBLICITY leaves behind; each must be there exactly once. */
async function traces(db: Db, flowNo: string) {
  const logged = async (key: string) => (await db.selectFrom('operation_history').select('id').where('dedupe_key', '=', key).execute()).length;
  const tasks = await db.selectFrom('cert_task').select('task_no').where('flow_no', '=', flowNo).where('node_code', '=', 'RELEASE').where('task_type', '=', 'NODE_PRINCIPAL').execute();
  const mails = await db.selectFrom('mail_outbox').select('id').where('dedupe_key', 'like', `task:${flowNo}-RELEASE-NODE_PRINCIPAL%`).execute();
  return { publicityClosed: await logged(`close:${flowNo}:PUBLICITY`), releaseOpened: await logged(`open:${flowNo}:RELEASE`), releaseTasks: tasks.length, releaseMails: mails.length };
}
const ONCE = { publicityClosed: 1, releaseOpened: 1, releaseTasks: 1, releaseMails: 1 };

async function publicityEnd(db: Db, flowNo: string): Promise<number> {
  const task = await db.selectFrom('cert_task').select('end_time').where('task_no', '=', `${flowNo}-PUBLICITY-NODE_PRINCIPAL`).executeTakeFirstOrThrow();
  return new Date(task.end_time!).getTime();
}

/** When the flow's timers fired, as the server recorded it. */
async function timersFired(handle: WorkflowHandle): Promise<number[]> {
  const events = (await handle.fetchHistory()).events ?? [];
  return events.filter((e) => e.timerFiredEventAttributes).map((e) => Number(e.eventTime!.seconds) * 1000 + Math.floor((e.eventTime!.nanos ?? 0) / 1e6));
}

describe('a publicity timer across restarts', () => {
  const cleanups = cleanupsAfterAll();

  it('the Temporal server stopped during the period and started after its end on the same database: the flow moves on after the restart, once', async () => {
    const h = await startWorkflowHarness();
    cleanups.push(() => h.stop());
    const drive = flowDriver(h);
    const { flowNo, handle } = await drive.start(plan);
    await drive.shortenPublicity(flowNo, PERIOD_SECONDS);
    await drive.reach(flowNo, handle, 'KCP2');
    await drive.complete(flowNo, handle, 'KCP2');
    const end = await publicityEnd(h.db.db, flowNo);

    const stopping = Date.now();
    expect(stopping).toBeLessThan(end);
    // Down from now until 3 s past the period's end.
    const downMs = end - stopping + 3_000;
    await h.temporal.restart(downMs);
    await eventually(async () => (await drive.nodeStatus(flowNo, 'RELEASE')) === NODE_STATUS.IN_PROGRESS, 60_000);

    const client = new Client({ connection: h.temporal.connection });
    const fired = await timersFired(client.workflow.getHandle(handle.workflowId));
    expect(fired).toHaveLength(1);
    expect(fired[0]).toBeGreaterThanOrEqual(stopping + downMs - 1_000);
    expect(await drive.nodeStatus(flowNo, 'PUBLICITY')).toBe(NODE_STATUS.FINISHED);
    // The opening's mail is written after its status: waited for, then counted once.
    await eventually(async () => (await traces(h.db.db, flowNo)).releaseMails > 0);
    expect(await traces(h.db.db, flowNo)).toEqual(ONCE);
  }, 120_000);

  // A worker process needs a database another process can open: real Postgres (CI sets DATABASE_URL).
  it.skipIf(!process.env.DATABASE_URL)(
    'the worker killed during the period and a new one started after its end: the flow moves on once',
    async () => {
      const { db, dbHandle, gateway, client, startWorker } = await startWorkerChildStack('publicity', cleanups);
      const flows = createTemporalFlowGateway(gateway);
      const drive = flowDriver({ db: dbHandle, flows, client });

      const first = await startWorker();
      const { flowNo, handle } = await drive.start(plan);
      await drive.shortenPublicity(flowNo, PERIOD_SECONDS);
      await drive.reach(flowNo, handle, 'KCP2');
      await drive.complete(flowNo, handle, 'KCP2');
      const end = await publicityEnd(db, flowNo);
      expect(Date.now()).toBeLessThan(end);
      await killWorker(first);

      // The period ends with no worker: the server fires the timer, nobody acts on it yet.
      await new Promise((r) => setTimeout(r, end - Date.now() + 2_000));
      await eventually(async () => (await timersFired(handle)).length === 1);
      expect(await drive.nodeStatus(flowNo, 'PUBLICITY')).toBe(NODE_STATUS.IN_PROGRESS);
      expect(await drive.nodeStatus(flowNo, 'RELEASE')).toBe(NODE_STATUS.NOT_FINISH);

      await startWorker();
      await eventually(async () => (await drive.nodeStatus(flowNo, 'RELEASE')) === NODE_STATUS.IN_PROGRESS, 60_000);
      expect(await drive.nodeStatus(flowNo, 'PUBLICITY')).toBe(NODE_STATUS.FINISHED);
      expect(await timersFired(handle)).toHaveLength(1);
      await eventually(async () => (await traces(db, flowNo)).releaseMails > 0);
      expect(await traces(db, flowNo)).toEqual(ONCE);
    },
    120_000,
  );
});
