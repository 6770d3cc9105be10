import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { Connection } from '@temporalio/client';
import { searchAttributeFlags } from './search-attributes.ts';

export interface DevServer {
  process: ChildProcess;
  address: string;
  uiUrl: string;
  stop(): Promise<void>;
}

type DevServerOptions = {
  cli: string;
  port: number;
  uiPort: number | null;
  dbFile: string;
  logFile: string;
  namespace?: string;
};

/** Start-up attempts when the server loses a race for a port (see `startDevServer`). */
const PORT_RACE_ATTEMPTS = 3;

/**
 * The Temporal CLI dev server as a child process, persisting to a SQLite file (so flows survive a
 * restart), with its web UI. Resolves once the frontend answers.
 *
 * The CLI picks its internal services' ports itself (free when it asks, bound a moment later), so
 * on a busy machine another process can take one in between and the server exits at once with
 * "address already in use": that exit is retried, anything else is reported with the log's tail.
 */
export async function startDevServer(opts: DevServerOptions): Promise<DevServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts);
    } catch (err) {
      if (!(err instanceof StartUpExit) || !err.portTaken || attempt >= PORT_RACE_ATTEMPTS) throw err;
    }
  }
}

class StartUpExit extends Error {
  constructor(
    logFile: string,
    readonly logTail: string,
  ) {
    super(`Temporal dev server exited during start-up; see ${logFile}:\n${logTail}`);
  }
  get portTaken(): boolean {
    return /address already in use/i.test(this.logTail);
  }
}

async function startOnce(opts: DevServerOptions): Promise<DevServer> {
  fs.mkdirSync(path.dirname(opts.dbFile), { recursive: true });
  const pidFile = `${opts.dbFile}.pid`;
  stopStale(pidFile);
  const logStart = fs.existsSync(opts.logFile) ? fs.statSync(opts.logFile).size : 0;
  const log = fs.openSync(opts.logFile, 'a');
  const args = [
    'server',
    'start-dev',
    '--ip', '127.0.0.1',
    '--port', String(opts.port),
    '--db-filename', opts.dbFile,
    '--log-level', 'warn',
    ...(opts.uiPort === null ? ['--headless'] : ['--ui-port', String(opts.uiPort), '--ui-disable-news-fetch']),
    ...searchAttributeFlags(),
    ...REPORT_TASK_PROBLEMS,
    ...(untuned() ? ['--dynamic-config-value', 'system.enableActivityEagerExecution=true'] : tuningFlags()),
    ...(opts.namespace && opts.namespace !== 'default' ? ['--namespace', opts.namespace] : []),
  ];
  const child = spawn(opts.cli, args, { stdio: ['ignore', log, log] });
  fs.closeSync(log);
  if (child.pid) fs.writeFileSync(pidFile, String(child.pid));
  const address = `127.0.0.1:${opts.port}`;
  let exited = false;
  child.once('exit', () => {
    exited = true;
    fs.rmSync(pidFile, { force: true });
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new StartUpExit(opts.logFile, logTail(opts.logFile, logStart));
    try {
      // A deadline, since whatever else holds the port may accept the connection and never answer.
      const connection = await Connection.connect({ address, connectTimeout: 1000 });
      try {
        await connection.withDeadline(Date.now() + 2000, () => connection.workflowService.getSystemInfo({}));
      } finally {
        await connection.close();
      }
      break;
    } catch (err) {
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        throw new Error(`Temporal dev server did not answer on ${address} within 60 s; see ${opts.logFile}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  return {
    process: child,
    address,
    uiUrl: opts.uiPort === null ? '' : `http://localhost:${opts.uiPort}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/** The last lines this start wrote to the log (the log is appended to across restarts). */
function logTail(logFile: string, from: number): string {
  try {
    const text = fs.readFileSync(logFile).subarray(from).toString('utf8');
    return text.trim().split('\n').slice(-10).join('\n');
  } catch {
    return '';
  }
}

/**
 * A run whose workflow tasks fail or time out twice in a row is marked with the system search attribute
 * `TemporalReportedProblems` until a task succeeds: the Temporal UI's "Task Failures" view and
 * `npm run flows:stuck` find stuck runs by it (docs/operations.md "A flow that does not move"). Off unless configured.
 */
const REPORT_TASK_PROBLEMS = ['--dynamic-config-value', 'system.numConsecutiveWorkflowTaskProblemsToTriggerSearchAttribute=2'];

/**
 * The dev server tuned for one machine running one worker process (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Under load", "The
 * Temporal server and the worker tuned"); the values that apply to a real server are in dynamicconfig.yaml too.
 */
const SERVER_DYNAMIC_CONFIG: Readonly<Record<string, boolean | number>> = {
  // A workflow task that schedules an activity gets the activity handed back with its completion when the
  // worker has a free slot, instead of through the task queue and a poll.
  'system.enableActivityEagerExecution': true,
  // One partition per task queue: with one worker process (two in compose) more partitions only forward
  // tasks and polls between them.
  'matching.numTaskqueueReadPartitions': 1,
  'matching.numTaskqueueWritePartitions': 1,
  // The dev server has one history shard, whose cache of workflow states holds 512 by default: with 1,000
  // flows, their approvals and other workflows each task of an evicted one reloads it from the database.
  'history.cacheMaxSize': 8192,
};

/**
 * SQLite in write-ahead-log mode, synced at checkpoints rather than at every commit: a commit is in the
 * log file (the OS's page cache) before it returns, so it survives the server's process being killed
 * (kill -9, the fault loop); an OS crash or power loss may lose the last commits, not corrupt the file.
 */
const SQLITE_PRAGMAS = ['journal_mode=wal', 'synchronous=normal'];

function tuningFlags(): string[] {
  return [
    ...SQLITE_PRAGMAS.flatMap((p) => ['--sqlite-pragma', p]),
    ...Object.entries(SERVER_DYNAMIC_CONFIG).flatMap(([key, value]) => ['--dynamic-config-value', `${key}=${JSON.stringify(value)}`]),
  ];
}

/** `TEMPORAL_DEV_UNTUNED=1`: the CLI's defaults (eager activities only), to compare in the benchmarks. */
function untuned(): boolean {
  return process.env.TEMPORAL_DEV_UNTUNED === '1';
}

/**
 * A server left running by a process that was killed outright (no chance to stop its child)
 * would hold the SQLite file and the ports: end it before starting anew.
 */
function stopStale(pidFile: string): void {
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  fs.rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmdline.includes('start-dev')) process.kill(pid, 'SIGKILL');
  } catch {
    // not running any more
  }
}
