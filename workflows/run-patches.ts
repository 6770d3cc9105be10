import { patched } from '@temporalio/workflow';

/**
 * Whether a run has a change guarded by `patched()` (style 6) — asked once, in the run's first workflow task.
 *
 * The engine tells a replaying worker of a patch marker only in the workflow task that recorded it. A
 * `patched()` asked right after a local step's result (local-steps.ts) is asked, on replay, in the task that
 * recorded the step; in the original run it may have been asked in the task after it (a worker killed in
 * between, a busy engine), so the replay sees the patch absent, sends no marker and fails as nondeterministic
 * — the flow is stuck until its code changes (docs/decisions/0046-patches-asked-at-a-run-s-start.md). The first
 * task is the same task in every replay.
 *
 * Runs that start with this patch have every change guarded before it. Runs from before ask each of those
 * where they asked it then, so they replay as recorded. A new change asks its own `patched()` here, beside
 * this one, never later in the run. Next: `deprecatePatch` of the old ids once no run from before is open.
 */
const PATCHES_AT_START = 'patches-at-start';

/** Whether the run has the change `patchId` guarded (one from before `patches-at-start`). */
export type HasPatch = (patchId: string) => boolean;

/** Asks, in the run's first task, whether it started with every earlier change; call first in a workflow. */
export function runPatches(): HasPatch {
  const fromStart = patched(PATCHES_AT_START);
  return (patchId) => fromStart || patched(patchId);
}
