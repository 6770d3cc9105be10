import { condition } from '@temporalio/workflow';
import type { HasPatch } from './run-patches.ts';

/**
 * PUBLICITY completes by itself when its period ends (req flow §4.6, architecture §4): a durable timer to the
 * end its opening activity stored, unless the node is returned or the flow terminated first. A worker or
 * server down at that moment only delays it: the timer fires when they are back, once.
 *
 * Runs that opened PUBLICITY before this change waited for a completion; `patched` keeps their replay
 * and lets such a run still be completed by hand (style 6). Next: `deprecatePatch` once none is open.
 */
const PUBLICITY_TIMER_PATCH = 'publicity-timer';

export function publicityRunsOnTimer(has: HasPatch): boolean {
  return has(PUBLICITY_TIMER_PATCH);
}

/**
 * Sleeps until `endTime` (workflow time, so replays agree) or until `interrupted()`; true when the
 * period ran out without an interruption.
 */
export async function publicityPeriodEnded(endTime: string, interrupted: () => boolean): Promise<boolean> {
  const left = Date.parse(endTime) - Date.now();
  if (left > 0) await condition(interrupted, left);
  return !interrupted();
}
