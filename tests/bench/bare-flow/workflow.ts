import { condition, defineUpdate, setHandler, sleep } from '@temporalio/workflow';

/** One step of the bare flow; answers how many steps are done. */
export const stepUpdate = defineUpdate<number, [number]>('step');
/**
 * Answers once the publicity timer has fired (at once when the run has none): one waiting call per
 * workflow, where polling a query would load the engine and the worker the baseline is measured on.
 */
export const publicityOverUpdate = defineUpdate<boolean>('publicityOver');

/** The flows' publicity period: a timer started once `afterStep` steps are done. */
export interface BarePublicity {
  afterStep: number;
  ms: number;
}

/**
 * The benchmark's baseline: a workflow that takes `steps` Updates and does nothing else — no
 * activity, no database — so its timings are the engine's floor for the same number of updates.
 * With `publicity` it waits a durable timer before the steps after `afterStep`, as a flow's
 * PUBLICITY does before RELEASE.
 */
export async function bareFlow(steps: number, publicity?: BarePublicity): Promise<number> {
  let done = 0;
  let publicityOver = !publicity;
  setHandler(stepUpdate, (n) => {
    done = Math.max(done, n);
    return done;
  });
  setHandler(publicityOverUpdate, async () => {
    await condition(() => publicityOver);
    return true;
  });
  if (publicity) {
    await condition(() => done >= publicity.afterStep);
    await sleep(publicity.ms);
    publicityOver = true;
  }
  await condition(() => done >= steps);
  return done;
}
