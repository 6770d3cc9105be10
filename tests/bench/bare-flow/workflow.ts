import { condition, defineUpdate, setHandler } from '@temporalio/workflow';

/** One step of the bare flow; answers how many steps are done. */
export const stepUpdate = defineUpdate<number, [number]>('step');

/**
 * The benchmark's baseline: a workflow that takes `steps` Updates and does nothing else — no
 * activity, no database — so its timings are the engine's floor for the same number of updates.
 */
export async function bareFlow(steps: number): Promise<number> {
  let done = 0;
  setHandler(stepUpdate, (n) => {
    done = Math.max(done, n);
    return done;
  });
  await condition(() => done >= steps);
  return done;
}
