import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { flowDriver } from '../support/drive-flow.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

/**
 * What a keyed retry asks the engine when its first attempt's answer was lost (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Request keys"): the outcome of the node's completion by its update id, on a real Temporal server —
 * known while the flow runs and after it has ended, unknown for an update never sent.
 */
describe('the outcome of a completion asked by its update id', () => {
  let h: WorkflowHarness;
  let drive: ReturnType<typeof flowDriver>;
  beforeAll(async () => {
    h = await startWorkflowHarness();
    drive = flowDriver(h);
  });
  afterAll(() => h?.stop());

  it('completed while the flow runs and after it ended; unknown for a completion never sent', async () => {
    const { flowNo, handle } = await drive.start();
    await drive.passRfi(flowNo, handle);
    await drive.complete(flowNo, handle, 'APTITUDE');
    expect(await h.flows.updateOutcome(flowNo, `complete:${flowNo}:APTITUDE`)).toBe('completed');
    expect(await h.flows.updateOutcome(flowNo, `complete:${flowNo}:KCP1`)).toBe('unknown');

    // A failing KCP1 conclusion ends the flow: its completion's outcome is still there to ask.
    expect(await drive.complete(flowNo, handle, 'KCP1', 'fail')).toMatchObject({ stage: STAGE.TERMINATED });
    await handle.result();
    expect(await h.flows.updateOutcome(flowNo, `complete:${flowNo}:KCP1`)).toBe('completed');
    expect(await h.flows.updateOutcome(flowNo, `complete:${flowNo}:SELF_INSPECTION`)).toBe('unknown');
  });
});
