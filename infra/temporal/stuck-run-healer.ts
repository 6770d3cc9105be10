import type { Client } from '@temporalio/client';
import type { Db } from '#db/connection.ts';
import { listStuckRuns, resetToLastWorkflowTask, type StuckRun } from './stuck-runs.ts';

/**
 * The causes a run is reset for without a person: after the engine is killed, a run whose next workflow task answers
 * an update it had accepted before is refused on every attempt (`BadUpdateWorkflowExecutionMessage`); its last
 * completed workflow task is a safe place to go on from (every step is idempotent, architecture §4). Other problems (a
 * workflow bug, a worker down) are not healed by a reset and stay for `flows:stuck`.
 */
export const HEALED_CAUSES = ['BadUpdateWorkflowExecutionMessage'] as const;
/** How long a run stays marked before it is reset: the marks of a worker's short absence clear by themselves. */
export const GRACE_MS = 60_000;
const EVERY_MS = 30_000;

/** The healable cause a run is marked with, if any. */
export function healableCause(run: Pick<StuckRun, 'problems'>, causes: readonly string[] = HEALED_CAUSES): string | undefined {
  return causes.find((cause) => run.problems.some((p) => p.startsWith('cause=') && p.endsWith(cause)));
}

/** Whether a run first seen marked at `firstSeenAt` is due for its reset at `now`. */
export function dueForReset(firstSeenAt: number, now: number, graceMs = GRACE_MS): boolean {
  return now - firstSeenAt >= graceMs;
}

export interface HealerOptions {
  everyMs?: number;
  graceMs?: number;
  causes?: readonly string[];
}

/**
 * Every 30 s in a worker process: the runs the server marks with a healable cause, seen so for the grace period, are
 * reset to their last completed workflow task, each logged with its cause and recorded (`stuck_run_reset`, which
 * `flows:stuck` lists). Several workers may look at once: a run already reset is no longer running, and the second
 * reset is refused (`resetToLastWorkflowTask`), so none is reset twice.
 */
export function startStuckRunHealer(deps: { client: Client; db: Db }, log: (line: string) => void, opts: HealerOptions = {}): () => Promise<void> {
  const graceMs = opts.graceMs ?? GRACE_MS;
  const firstSeen = new Map<string, number>();
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    const runs = await listStuckRuns(deps.client);
    const marked = new Set<string>();
    for (const run of runs) {
      const cause = healableCause(run, opts.causes);
      if (!cause) continue;
      marked.add(run.runId);
      const seen = firstSeen.get(run.runId) ?? Date.now();
      firstSeen.set(run.runId, seen);
      if (!dueForReset(seen, Date.now(), graceMs)) continue;
      try {
        const newRunId = await resetToLastWorkflowTask(deps.client, run, `healed: ${cause}`);
        await deps.db
          .insertInto('stuck_run_reset')
          .values({ workflow_id: run.workflowId, run_id: run.runId, new_run_id: newRunId, cause, task_attempt: run.attempt, first_seen_at: new Date(seen) })
          .onConflict((oc) => oc.column('run_id').doNothing())
          .execute();
        log(`healed ${run.workflowId}: run ${run.runId} (${cause}, task attempt ${run.attempt}) reset to its last completed workflow task; new run ${newRunId}`);
      } catch (err) {
        log(`not healed ${run.workflowId} run ${run.runId} (${cause}): ${err instanceof Error ? err.message : String(err)}`);
      }
      firstSeen.delete(run.runId);
    }
    // A mark that cleared by itself starts its grace anew if it comes back.
    for (const runId of firstSeen.keys()) if (!marked.has(runId)) firstSeen.delete(runId);
  };
  // A server that cannot answer (down, or without the search attribute) is said once, not every pass.
  let lastError = '';
  const tick = () => {
    running = running
      .then(pass)
      .then(() => void (lastError = ''))
      .catch((err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        if (message !== lastError) log(`stuck runs not looked at: ${message}`);
        lastError = message;
      });
  };
  const timer = setInterval(tick, opts.everyMs ?? EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** The resets made so, newest first: what `flows:stuck` shows an operator. */
export async function recentResets(db: Db, limit = 20) {
  return db.selectFrom('stuck_run_reset').selectAll().orderBy('reset_at', 'desc').limit(limit).execute();
}
