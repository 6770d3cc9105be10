import { patched, proxyActivities, proxyLocalActivities, type ActivityOptions } from '@temporalio/workflow';

/**
 * The flow's short database steps — opening and closing a node, recording a review or an approver's
 * decision, opening an approval step, ending the flow — run as local activities: in the worker,
 * within the workflow task that asked for them. A node completion then costs one workflow task
 * (the update taken, the node closed, the next one opened, the update answered) instead of three
 * workflow tasks and two activity tasks each queued through the server (docs/decisions.md "Under
 * load"). They stay idempotent (derived keys, conditional updates): a worker that dies in the middle
 * leaves the workflow task to time out, and the next worker runs the step again.
 *
 * Runs that took such steps as (remote) activities replay them as such; `patched` keeps that (STYLE 6),
 * decided at each step, so a run in progress switches at its next step. Next: `deprecatePatch` once
 * no run from before is open.
 */
export const LOCAL_STEPS_PATCH = 'local-db-steps';

/** The activities of `A` for short database steps: local in runs that have the patch, remote in runs from before. */
export function stepActivities<A extends object>(options: ActivityOptions & { startToCloseTimeout: ActivityOptions['startToCloseTimeout'] }) {
  const remote = proxyActivities<A>(options);
  const local = proxyLocalActivities<A>({ startToCloseTimeout: options.startToCloseTimeout, retry: options.retry });
  return (): typeof remote => (patched(LOCAL_STEPS_PATCH) ? local : remote);
}
