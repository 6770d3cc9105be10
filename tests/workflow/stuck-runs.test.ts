import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { listStuckRuns, resetToLastWorkflowTask } from '#infra/temporal/stuck-runs.ts';
import { startStuckRunHealer } from '#infra/temporal/stuck-run-healer.ts';
import { eventually } from '../support/fixtures.ts';
import { nodeTraces as traces } from '../support/node-traces.ts';
import { flowDriver } from '../support/drive-flow.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

/**
 * What an operator has for a flow that does not move (docs/operations.md "A flow that does not move"): the runs the
 * server reports task problems for, and the reset to the last completed workflow task, which must leave a
 * flow going on as before with nothing done twice.
 */

describe('stuck runs', () => {
  let h: WorkflowHarness;
  beforeAll(async () => {
    h = await startWorkflowHarness();
  }, 120_000);
  afterAll(() => h?.stop());

  it('lists a run whose workflow tasks keep failing, with what the server reports, and not a healthy flow', async () => {
    const drive = flowDriver(h);
    const healthy = await drive.start();
    // No such workflow in the worker's bundle: every task of this run fails on the worker.
    const broken = await h.client.workflow.start('noSuchWorkflow', { taskQueue: h.taskQueue, workflowId: `broken-${h.taskQueue}` });

    const listed = await eventually(async () => (await listStuckRuns(h.client)).find((r) => r.workflowId === broken.workflowId), 60_000);
    expect(listed).toMatchObject({ runId: broken.firstExecutionRunId, type: 'noSuchWorkflow' });
    expect(listed.problems).toEqual(expect.arrayContaining(['category=WorkflowTaskFailed', 'cause=WorkflowTaskFailedCauseWorkflowWorkerUnhandledFailure']));
    expect(listed.attempt).toBeGreaterThanOrEqual(2);
    expect((await listStuckRuns(h.client)).map((r) => r.workflowId)).not.toContain(healthy.handle.workflowId);
    await broken.terminate('test over');
  }, 90_000);

  it('the healer resets only runs marked with its causes, after its grace, and says why it could not', async () => {
    const broken = await h.client.workflow.start('noSuchWorkflow', { taskQueue: h.taskQueue, workflowId: `broken-heal-${h.taskQueue}` });
    const lines: string[] = [];
    // Healing this cause would not cure the run (the workflow is missing): the healer is told to, to see it try.
    const stop = startStuckRunHealer({ client: h.client, db: h.db.db }, (l) => lines.push(l), { everyMs: 500, graceMs: 1_000, causes: ['WorkflowWorkerUnhandledFailure'] });
    const ignoring = startStuckRunHealer({ client: h.client, db: h.db.db }, (l) => lines.push(`other: ${l}`), { everyMs: 500, graceMs: 0 });
    try {
      const line = await eventually(async () => lines.find((l) => l.startsWith(`not healed ${broken.workflowId}`)), 60_000);
      expect(line).toMatch(/WorkflowWorkerUnhandledFailure\): .*has no completed workflow task/);
      // The healer with the default causes (BadUpdateWorkflowExecutionMessage) leaves this run alone.
      expect(lines.filter((l) => l.startsWith('other:'))).toEqual([]);
      expect(await h.db.db.selectFrom('stuck_run_reset').select('run_id').where('workflow_id', '=', broken.workflowId).execute()).toEqual([]);
    } finally {
      await stop();
      await ignoring();
      await broken.terminate('test over');
    }
  }, 90_000);

  it('a flow reset to its last completed workflow task goes on as before, with no task, mail or history row twice', async () => {
    const drive = flowDriver(h);
    const { flowNo, handle } = await drive.start();
    await drive.reach(flowNo, handle, 'KCP1');
    await eventually(async () => (await traces(h.db.db, flowNo, 'KCP1')).mails === 1, 30_000);
    const before = await handle.describe();

    const newRunId = await resetToLastWorkflowTask(h.client, { workflowId: handle.workflowId, runId: before.runId }, 'test');
    expect(newRunId).not.toBe(before.runId);
    // Asked again for the old run, nothing happens: the server would reset the ended run once more.
    await expect(resetToLastWorkflowTask(h.client, { workflowId: handle.workflowId, runId: before.runId }, 'test')).rejects.toThrow(/terminated, not running/);
    expect((await handle.describe()).runId).toBe(newRunId);

    await drive.complete(flowNo, handle, 'KCP1');
    await drive.waitOpen(flowNo, 'SELF_INSPECTION');
    expect(await drive.nodeStatus(flowNo, 'KCP1')).toBe(NODE_STATUS.FINISHED);
    expect(await traces(h.db.db, flowNo, 'APTITUDE')).toEqual({ tasks: 1, mails: 1, opened: 1, closed: 1 });
    expect(await traces(h.db.db, flowNo, 'KCP1')).toEqual({ tasks: 1, mails: 1, opened: 1, closed: 1 });
  }, 120_000);
});
