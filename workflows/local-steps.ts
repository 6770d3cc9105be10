import { proxyActivities, proxyLocalActivities, type ActivityOptions } from '@temporalio/workflow';
import type { HasPatch } from './run-patches.ts';

/**
 * The flow's short database steps — opening a node, opening a review or an approval step, applying an
 * approval's outcome, ending or admitting the flow — run as local activities: in the worker, within the
 * workflow task that asked for them, instead of an activity task queued through the server and a
 * workflow task to take its result (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Under load"). They stay idempotent (derived
 * keys, conditional updates): a worker that dies in the middle leaves the workflow task to time out,
 * and the next worker runs the step again.
 *
 * The first step an update asks for stays a (remote) activity: an update is durable only once the
 * workflow task that accepts it completes, and a local step runs before that — were that task lost (a
 * starved worker missing its deadline), the database would show the step done while the workflow never
 * took the update. Scheduling the activity commits the acceptance; what follows its result runs locally.
 *
 * Runs that took every step as an activity replay them as such; the patch keeps that (style 6, run-patches.ts),
 * asked at each step in runs from before, so such a run switched at its next step. Next: `deprecatePatch` once no run from
 * before is open.
 */
export const LOCAL_STEPS_PATCH = 'local-db-steps';

/**
 * The activities of `A`: `remote` for the first step of an update, `step()` for the others — local in
 * runs that have the patch, remote in runs from before.
 */
export function stepActivities<A extends object>(options: ActivityOptions & { startToCloseTimeout: ActivityOptions['startToCloseTimeout'] }) {
  const remote = proxyActivities<A>(options);
  const local = proxyLocalActivities<A>({ startToCloseTimeout: options.startToCloseTimeout, retry: options.retry });
  return { remote, step: (has: HasPatch): typeof remote => (has(LOCAL_STEPS_PATCH) ? local : remote) };
}
