import { Client, Connection } from '@temporalio/client';
import { loadConfig } from './config.ts';
import { listStuckRuns, resetToLastWorkflowTask } from './temporal/stuck-runs.ts';
import { recentResets } from './temporal/stuck-run-healer.ts';
import { openDatabase } from '#db/connection.ts';

/**
 * `npm run flows:stuck` (the image: `node dist/server/stuck-flows.js`): the running flows, approvals and other
 * workflows whose workflow tasks keep failing or timing out, with what the server reports and since when;
 * `-- --reset <workflow id>` resets one to its last completed workflow task (docs/operations.md "A flow that does not
 * move" says when that is the cure). Reaches the Temporal server of TEMPORAL_ADDRESS, else the embedded one. With
 * DATABASE_URL it also lists the runs the workers healed by themselves (infra/temporal/stuck-run-healer.ts); the
 * embedded database belongs to the running stack, whose worker log has them ("healed …").
 */
const config = loadConfig();
const args = process.argv.slice(2);
const resetId = args[0] === '--reset' ? args[1] : undefined;
if (args.length && !resetId) {
  console.error('usage: stuck-flows [--reset <workflow id>]');
  process.exit(2);
}

const connection = await Connection.connect({ address: config.temporalAddress }).catch((err: unknown) => {
  console.error(`Temporal at ${config.temporalAddress} did not answer (TEMPORAL_ADDRESS): ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
try {
  const runs = await listStuckRuns(client);
  if (resetId) {
    const run = runs.find((r) => r.workflowId === resetId);
    if (!run) throw new Error(`${resetId} is not among the runs the server reports a problem for; nothing reset`);
    const newRunId = await resetToLastWorkflowTask(client, run, 'stuck-flows --reset');
    console.log(`${run.workflowId}: run ${run.runId} reset to its last completed workflow task; new run ${newRunId}`);
  } else if (!runs.length) {
    console.log('No running workflow has a reported problem.');
  } else {
    for (const r of runs) {
      console.log(`${r.workflowId}  ${r.type}  task attempt ${r.attempt}  ${r.problems.join(' ')}  started ${r.startedAt.toISOString()}  run ${r.runId}`);
    }
  }
  if (!resetId) await printHealed();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await connection.close();
}

/** The runs the workers reset by themselves, newest first (PostgreSQL only: see above). */
async function printHealed(): Promise<void> {
  if (!config.DATABASE_URL) {
    console.log('Runs healed by the workers: see their log ("healed …"); listed here with DATABASE_URL.');
    return;
  }
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: '' });
  try {
    const healed = await recentResets(db.db);
    console.log(healed.length ? 'Healed by the workers (newest first):' : 'No run was healed by the workers.');
    for (const r of healed) {
      const took = Math.round((new Date(r.reset_at).getTime() - new Date(r.first_seen_at).getTime()) / 1000);
      console.log(`${r.workflow_id}  ${r.cause}  task attempt ${r.task_attempt}  reset ${new Date(r.reset_at).toISOString()} (${took} s after it was seen)  run ${r.run_id} → ${r.new_run_id}`);
    }
  } finally {
    await db.close();
  }
}
