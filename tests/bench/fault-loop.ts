import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { sql } from 'kysely';
import { BUSINESS_PARTNER_SERVICE } from '#adapters/erp/odata-contract.ts';
import { listStuckRuns } from '#infra/temporal/stuck-runs.ts';
import { driveFlows } from './concurrent-flows.ts';
import { startProductionBench } from './shapes.ts';
import { printTable } from './stats.ts';

/**
 * `DATABASE_URL=… npx tsx tests/bench/fault-loop.ts` (not in `npm test`; docs/operations.md "The production shape without Docker"):
 * in the production shape, while 50 flows are driven to stage 90, the worker process is killed
 * (SIGKILL) 20 times at random moments and started again, then the Temporal dev server is killed -9 and
 * started again, then PostgreSQL is restarted. The driver retries what failed meanwhile as the web client
 * does: every write carries an Idempotency-Key, the same on its retries, so a retry whose first attempt went
 * through is answered like it (one answered otherwise fails the loop). Afterwards every flow's tasks, mails, history rows and ERP vendors are counted against a flow
 * driven the same way before the faults: none may be missing, none doubled. Exits 1 otherwise.
 * The loop resets nothing itself: a run the engine's restart leaves refusing its tasks is healed by the worker
 * (infra/temporal/stuck-run-healer.ts); the loop prints how many were, how long each took from its mark to its reset,
 * and the runs still marked at the end (none may be).
 */
const FLOWS = Number(process.env.FAULT_FLOWS ?? 50);
const WORKER_KILLS = Number(process.env.FAULT_WORKER_KILLS ?? 20);
/**
 * The Debian cluster of DATABASE_URL, restarted in place (`<version> <name>`). On a machine others share,
 * give the loop a cluster of its own (docs/operations.md "The production shape without Docker"): restarting theirs breaks their work.
 */
const PG_CLUSTER = (process.env.FAULT_PG_CLUSTER ?? '15 main').split(/[ /]/);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${line}`);

// The loop's own connections to PostgreSQL die with its restart; one that dies while checked out and idle
// is raised by node-postgres as an unhandled 'error'. The reads that used it are retried (driveFlows).
process.on('uncaughtException', (err) => {
  if (/Connection terminated|ECONNRESET|terminating connection/.test(String(err))) log(`database connection lost: ${String(err)}`);
  else throw err;
});

// The API processes note why a keyed attempt ended without a recorded outcome (api/http/request-keys.ts);
// printed below for the retries answered otherwise only.
process.env.REQUEST_KEY_TRACE ??= '1';
// BENCH_DATABASE keeps the run's database to inspect afterwards, as BENCH_KEEP_DATA keeps its data folder.
const stack = await startProductionBench({ keepDatabase: process.env.BENCH_DATABASE });
let failed = false;
try {
  const { worker, temporal } = stack.processes;
  log(`production shape up: ${stack.processes.apiProcesses} API processes, worker ${worker.pid}, Temporal ${stack.temporalAddress}`);
  const reference = await driveFlows(stack, { count: 1, requestKeys: true });
  log(`reference flow ${reference.flows[0]} admitted without faults`);

  const faults = async () => {
    for (let i = 1; i <= WORKER_KILLS; i++) {
      await sleep(1_000 + Math.random() * 4_000);
      const pid = worker.pid;
      await worker.kill('SIGKILL');
      await worker.restart();
      log(`worker killed (${i}/${WORKER_KILLS}, pid ${pid}) and started again (pid ${worker.pid})`);
    }
    await sleep(2_000);
    await temporal.kill('SIGKILL');
    await temporal.restart();
    log('Temporal dev server killed -9 and started again');
    await sleep(5_000);
    // As CI starts it (.ci/run): Debian's cluster, restarted in place.
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', ...PG_CLUSTER, 'restart'], { stdio: 'inherit' });
    log('PostgreSQL restarted');
  };
  const started = Date.now();
  const driven = await driveFlows(stack, { count: FLOWS, tolerant: true, requestKeys: true, during: faults });
  const healed = await stack.db.db.selectFrom('stuck_run_reset').selectAll().where('reset_at', '>=', new Date(started)).orderBy('reset_at').execute();
  const stillStuck = await stillMarked(stack.temporalAddress);
  log(`${driven.admitted} of ${FLOWS} flows admitted in ${((Date.now() - started) / 1000).toFixed(0)} s; ${driven.retried} calls retried while parts were down`);

  const apiLog = fs.readFileSync(path.join(stack.config.dataDir, 'api.log'), 'utf8').split('\n');
  /** Keyed attempts that ended without a recorded outcome, by why, and the retries that ran after them. */
  const leftNoOutcome = (what: RegExp) => apiLog.filter((l) => / request key /.test(l) && what.test(l)).length;
  if (driven.answeredDifferentlyKeys.length) {
    console.log('\nThe API processes on the keys of the retries answered otherwise:');
    for (const key of driven.answeredDifferentlyKeys) console.log(apiLog.filter((l) => l.includes(key)).map((l) => `  ${l}`).join('\n'));
  }
  // What became of the attempts that left no outcome (the first few): the retry's answer after each.
  const ranAgain = [...new Set(apiLog.filter((l) => /runs again/.test(l)).map((l) => / request key (\S+) /.exec(l)?.[1]))].slice(0, 12);
  if (ranAgain.length) {
    console.log('\nKeyed attempts that left no outcome, and their retries (API processes):');
    for (const key of ranAgain) console.log(apiLog.filter((l) => key && l.includes(key)).map((l) => `  ${l}`).join('\n'));
  }
  const counts = await countPerFlow([...reference.flows, ...driven.flows]);
  const expected = counts.get(reference.flows[0])!;
  const measures = ['tasks', 'mails', 'history', 'erpVendors'] as const;
  const rows: Array<[string, string]> = [['reference flow (no faults)', measures.map((m) => `${m} ${expected[m]}`).join(', ')]];
  let lostFlows = 0;
  let doubledFlows = 0;
  for (const m of measures) {
    const values = driven.flows.map((f) => counts.get(f)![m]);
    const lost = values.filter((v) => v < expected[m]).length;
    const doubled = values.filter((v) => v > expected[m]).length;
    lostFlows += lost;
    doubledFlows += doubled;
    rows.push([`${m} per flow`, `min ${Math.min(...values)}, max ${Math.max(...values)} — flows with some lost: ${lost}, doubled: ${doubled}`]);
  }
  if (lostFlows || doubledFlows || driven.answeredDifferently || driven.admitted !== FLOWS || stillStuck.length) failed = true;
  rows.push(['flows admitted', `${driven.admitted} of ${FLOWS}`]);
  rows.push(['keyed retries answered otherwise than the first attempt', String(driven.answeredDifferently)]);
  const took = healed.map((h) => Math.round((new Date(h.reset_at).getTime() - new Date(h.first_seen_at).getTime()) / 1000));
  rows.push(['runs healed by the worker (seen marked → reset)', `${healed.length}${healed.length ? `: ${healed.map((h, i) => `${h.workflow_id} ${h.cause} ${took[i]} s`).join('; ')}` : ''}`]);
  rows.push(['runs reset by the loop', '0']);
  rows.push(['runs still marked at the end', `${stillStuck.length}${stillStuck.length ? `: ${stillStuck.join('; ')}` : ''}`]);
  rows.push([
    'keyed attempts without a recorded outcome',
    `${leftNoOutcome(/no outcome, key released/)} released after a 5xx, ${leftNoOutcome(/not recorded/)} outcomes not recorded; ` +
      `${leftNoOutcome(/runs again/)} retries ran again after them`,
  ]);
  rows.push(['load (uptime)', os.loadavg().map((l) => l.toFixed(2)).join(' ')]);
  printTable(`Faults in a loop: ${FLOWS} flows, ${WORKER_KILLS} worker kills, Temporal killed -9, PostgreSQL restarted`, rows);
  console.log('\nPer flow (tasks / mails / history rows / ERP vendors):');
  console.log(driven.flows.map((f) => `  ${f} ${measures.map((m) => counts.get(f)![m]).join(' / ')}`).join('\n'));
  const offHistory = driven.flows.filter((f) => counts.get(f)!.history !== expected.history);
  if (offHistory.length) {
    console.log('\nHistory rows of the flows whose count differs, against the reference flow (action: reference → flow):');
    const wanted = await historyActions(reference.flows[0]);
    for (const flowNo of offHistory) {
      const actions = await historyActions(flowNo);
      const names = [...new Set([...wanted.keys(), ...actions.keys()])].filter((a) => wanted.get(a) !== actions.get(a));
      console.log(`  ${flowNo}: ${names.map((a) => `${a} ${wanted.get(a) ?? 0} → ${actions.get(a) ?? 0}`).join(', ')}`);
    }
  }
  console.log(
    `\n${failed ? 'FAIL' : 'PASS'}: ${FLOWS} flows, ${driven.admitted} admitted; lost in ${lostFlows}, doubled in ${doubledFlows} (flow × measure); ` +
      `${driven.answeredDifferently} keyed retries answered otherwise; ${driven.retried} calls retried; ${healed.length} runs healed by the worker, ` +
      `0 reset by the loop, ${stillStuck.length} still marked`,
  );
} finally {
  await stack.stop();
}
process.exit(failed ? 1 : 0);

/** The runs the server still reports task problems for, as the loop ends. */
async function stillMarked(address: string): Promise<string[]> {
  const connection = await Connection.connect({ address });
  try {
    return (await listStuckRuns(new Client({ connection }))).map((r) => `${r.workflowId} (${r.problems.join(' ')})`);
  } finally {
    await connection.close();
  }
}

/** How many history rows a flow has of each action (its questionnaire's rows included). */
async function historyActions(flowNo: string): Promise<Map<string, number>> {
  const db = stack.db.db;
  const app = await db.selectFrom('rfi_application').select('apply_no').where('flow_no', '=', flowNo).executeTakeFirst();
  const rows = await db
    .selectFrom('operation_history')
    .select(['action', (eb) => eb.fn.countAll<number>().as('n')])
    .where('relation_code', 'in', [flowNo, app?.apply_no ?? flowNo])
    .groupBy('action')
    .execute();
  return new Map(rows.map((r) => [r.action, Number(r.n)]));
}

/** Each flow's tasks, the mails about it, its history rows and the ERP vendors with its release form's tax number. */
async function countPerFlow(flows: string[]): Promise<Map<string, Record<'tasks' | 'mails' | 'history' | 'erpVendors', number>>> {
  const db = stack.db.db;
  const out = new Map<string, Record<'tasks' | 'mails' | 'history' | 'erpVendors', number>>();
  for (const flowNo of flows) {
    const tasks = await db.selectFrom('cert_task').select((eb) => eb.fn.countAll<number>().as('n')).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    // Mails are keyed by what they are about: the flow's number, or a task or approval number starting with it.
    const mails = await db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<boolean>`dedupe_key ~ ${`(^|[^0-9A-Za-z])${flowNo}([^0-9]|$)`}`)
      .executeTakeFirstOrThrow();
    const app = await db.selectFrom('rfi_application').select('apply_no').where('flow_no', '=', flowNo).executeTakeFirst();
    const history = await db
      .selectFrom('operation_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('relation_code', 'in', [flowNo, app?.apply_no ?? flowNo])
      .executeTakeFirstOrThrow();
    const release = await db.selectFrom('supplier_release').select(sql<string>`form->'basicInfo'->>'creditCode'`.as('tax')).where('flow_no', '=', flowNo).executeTakeFirst();
    const url = `${stack.erpUrl}${BUSINESS_PARTNER_SERVICE}/A_BusinessPartnerTaxNumber?$filter=${encodeURIComponent(`BPTaxNumber eq '${release?.tax ?? ''}'`)}`;
    const erp = (await (await fetch(url, { headers: { accept: 'application/json' } })).json()) as { d: { results: unknown[] } };
    out.set(flowNo, { tasks: Number(tasks.n), mails: Number(mails.n), history: Number(history.n), erpVendors: erp.d.results.length });
  }
  return out;
}
