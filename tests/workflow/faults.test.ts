import { describe, expect, it } from 'vitest';
import { Client } from '@temporalio/client';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { eventually } from '../support/fixtures.ts';
import { nodeTraces as traces } from '../support/node-traces.ts';
import { flowDriver, PM_ACTOR } from '../support/drive-flow.ts';
import { killWorker, waitForLine } from '../support/worker-child.ts';
import { cleanupsAfterAll, startWorkerChildStack } from '../support/worker-child-stack.ts';
import { startWorkflowHarness } from '../support/workflow-harness.ts';

/**
 * A flow survives the failures operators will see (architecture §4): a worker killed in the middle of
 * a node completion, and a Temporal server stopped and started again on its database. Either way
 * the flow ends where it should, with no second task, mail or history row.
 */

describe('faults during a node completion', () => {
  const cleanups = cleanupsAfterAll();

  // A worker process needs a database another process can open: real Postgres (CI sets DATABASE_URL).
  it.skipIf(!process.env.DATABASE_URL)(
    'a worker killed (SIGKILL) while opening the next node: a new worker finishes the work once',
    async () => {
      const { db, dbHandle, gateway, client, startWorker } = await startWorkerChildStack('faults', cleanups);
      const flows = createTemporalFlowGateway(gateway);
      const drive = flowDriver({ db: dbHandle, flows, client });

      // The KCP1 principal's mail is held for a minute: the worker dies while it waits.
      const first = await startWorker({ SLOW_MAIL_MS: '60000', SLOW_MAIL_MATCH: '-KCP1-NODE_PRINCIPAL' });
      const { flowNo, handle } = await drive.start();
      await drive.passRfi(flowNo, handle);
      const held = waitForLine(first, 'mail-held');
      // The completion answers only once KCP1 is open, which the held mail delays past the call's deadline.
      const asked = flows.completeNode(flowNo, { nodeCode: 'APTITUDE', actor: PM_ACTOR, outcome: 'pass' }, `complete:${flowNo}:APTITUDE`).catch(() => undefined);
      await held;
      await killWorker(first);
      // The node's status and its history row commit together, before its task's mail.
      expect(await traces(db, flowNo, 'KCP1')).toEqual({ tasks: 1, mails: 0, opened: 1, closed: 0 });

      // The new worker takes the workflow task (its step runs as a local activity) once the dead worker's has timed out.
      await asked;
      await startWorker();
      await eventually(async () => (await traces(db, flowNo, 'KCP1')).mails === 1, 90_000);
      expect(await traces(db, flowNo, 'KCP1')).toEqual({ tasks: 1, mails: 1, opened: 1, closed: 0 });
      expect(await traces(db, flowNo, 'APTITUDE')).toMatchObject({ closed: 1 });

      await drive.complete(flowNo, handle, 'KCP1');
      expect(await drive.nodeStatus(flowNo, 'SELF_INSPECTION')).toBe(NODE_STATUS.IN_PROGRESS);
      expect(await traces(db, flowNo, 'KCP1')).toEqual({ tasks: 1, mails: 1, opened: 1, closed: 1 });
    },
    150_000,
  );

  it('the Temporal server stopped and started again mid-completion: the flow goes on from where it was', async () => {
    const h = await startWorkflowHarness();
    cleanups.push(() => h.stop());
    const drive = flowDriver(h);
    const { flowNo, handle } = await drive.start();
    await drive.passRfi(flowNo, handle);

    // The caller may get a 503 while the server is down; it retries with the same update id.
    const asked = h.flows.completeNode(flowNo, { nodeCode: 'APTITUDE', actor: PM_ACTOR, outcome: 'pass' }, `complete:${flowNo}:APTITUDE`).catch(() => undefined);
    await h.temporal.restart();
    await asked;
    const flows = createTemporalFlowGateway({ connection: h.temporal.connection, namespace: 'default', taskQueue: h.taskQueue });
    await eventually(async () => {
      try {
        await flows.completeNode(flowNo, { nodeCode: 'APTITUDE', actor: PM_ACTOR, outcome: 'pass' }, `complete:${flowNo}:APTITUDE`);
        return true;
      } catch {
        return (await drive.nodeStatus(flowNo, 'APTITUDE')) === NODE_STATUS.FINISHED;
      }
    }, 60_000);
    await drive.waitOpen(flowNo, 'KCP1');
    await eventually(async () => (await traces(h.db.db, flowNo, 'KCP1')).opened === 1, 30_000);
    expect(await traces(h.db.db, flowNo, 'APTITUDE')).toEqual({ tasks: 1, mails: 1, opened: 1, closed: 1 });
    expect(await traces(h.db.db, flowNo, 'KCP1')).toEqual({ tasks: 1, mails: 1, opened: 1, closed: 0 });

    const client = new Client({ connection: h.temporal.connection });
    await flows.completeNode(flowNo, { nodeCode: 'KCP1', actor: PM_ACTOR, outcome: 'fail' }, `complete:${flowNo}:KCP1`);
    const state = await client.workflow.getHandle(handle.workflowId).result();
    expect(state).toMatchObject({ terminated: true, stage: 0 });
  }, 120_000);
});
