import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.ts';
import type { RunningStack } from './stack.ts';
import { findTemporalCli } from './temporal/cli.ts';
import { startDevServer, type DevServer } from './temporal/dev-server.ts';
import { startErpSimulator } from './erp-simulator/child.ts';
import { openDatabase } from '#db/connection.ts';
import { buildServer, SERVER_DIST } from './server-build.ts';
import { preferLocalSocket } from './local-socket.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** One process of the shape, started again after a crash by whoever drives it (the fault loop). */
export interface ShapeProcess {
  readonly pid: number;
  /** Sends the signal and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts it anew (after a kill) and waits until it is ready. */
  restart(): Promise<void>;
}

export interface ProductionShape extends RunningStack {
  worker: ShapeProcess;
  temporal: ShapeProcess;
  apiProcesses: number;
  /** How the API and worker reach PostgreSQL ('tcp' or the Unix socket's path and role). */
  databaseVia: string;
  /** Whether the API and worker run the compiled server. */
  compiled: boolean;
}

export interface ShapeOptions {
  /** The PostgreSQL the API and worker share; reached over its Unix socket when it is on this machine (infra/local-socket.ts). */
  databaseUrl: string;
  /** Logs, the Temporal dev server's SQLite file, the app secret, stored files. */
  dataDir: string;
  port: number;
  temporalPort: number;
  /** API processes behind the one port (node:cluster); the machine's cores by default. */
  apiProcesses?: number;
  /**
   * Run the compiled server (built into dist/server at start, as the production image runs it) rather than
   * the TypeScript source under the tsx loader. True by default.
   */
  compiled?: boolean;
  /** Reach a PostgreSQL on this machine over its Unix socket when admitted there. True by default. */
  unixSocket?: boolean;
  /** Extra variables for the API and worker (TEMPORAL_TASK_QUEUE, APP_ENV, …). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/**
 * The production shape on one machine without Docker, as docker-compose wires it: the Temporal dev
 * server (unless TEMPORAL_ADDRESS names a cluster), the ERP simulator (unless ERP_URL names the ERP),
 * one worker process (ROLE=worker) and the API in several processes behind one port (ROLE=api,
 * serve-cluster.ts), all against the PostgreSQL of `databaseUrl`. The worker starts first and migrates
 * and seeds the database; the API processes find it ready. The API and worker run the compiled server,
 * built first (about 10 s), unless `compiled: false`.
 */
export async function startProductionShape(opts: ShapeOptions): Promise<ProductionShape> {
  const log = opts.log ?? console.log;
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((err: unknown) => log(`shutdown: ${String(err)}`));
  };
  fs.mkdirSync(opts.dataDir, { recursive: true });
  try {
    const external = opts.env?.TEMPORAL_ADDRESS ?? process.env.TEMPORAL_ADDRESS;
    let dev: DevServer | undefined;
    const startTemporal = async () => {
      dev = await startDevServer({
        cli: findTemporalCli(),
        port: opts.temporalPort,
        uiPort: null,
        dbFile: path.join(opts.dataDir, 'temporal.sqlite'),
        logFile: path.join(opts.dataDir, 'temporal.log'),
      });
    };
    if (!external) {
      await startTemporal();
      stops.push(() => dev!.stop());
      log(`Temporal dev server on ${dev!.address}`);
    }
    const temporalAddress = external ?? dev!.address;

    let erpUrl = opts.env?.ERP_URL ?? process.env.ERP_URL;
    if (!erpUrl) {
      const erp = await startErpSimulator({
        dataDir: path.join(opts.dataDir, 'erp-simulator'),
      });
      stops.push(erp.stop);
      erpUrl = erp.url;
      log(`ERP simulator on ${erpUrl}`);
    }

    const database = (opts.unixSocket ?? true) ? await preferLocalSocket(opts.databaseUrl) : { url: opts.databaseUrl, via: 'tcp' };
    log(`PostgreSQL over ${database.via}`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      APP_SECRET: process.env.APP_SECRET ?? appSecret(opts.dataDir),
      ...opts.env,
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: temporalAddress,
      ERP_URL: erpUrl,
      DATA_DIR: opts.dataDir,
      PORT: String(opts.port),
      PUBLIC_URL: opts.env?.PUBLIC_URL ?? process.env.PUBLIC_URL ?? `http://localhost:${opts.port}`,
      API_PROCESSES: String(opts.apiProcesses ?? ''),
    };
    const config = loadConfig({ ...env, ROLE: 'all' });

    const compiled = opts.compiled ?? true;
    if (compiled) {
      await buildServer();
      log(`Server built into ${SERVER_DIST}`);
    }
    const entry = (name: string) => (compiled ? path.join(SERVER_DIST, `${name}.js`) : path.join(ROOT, `infra/${name}.ts`));
    const worker = supervised('worker', entry('serve'), { ...env, ROLE: 'worker' }, path.join(opts.dataDir, 'worker.log'), /^ready: role=worker/);
    await worker.restart();
    stops.push(() => worker.kill('SIGTERM'));
    const workerProcess: ShapeProcess = {
      get pid() {
        return worker.pid;
      },
      kill: (signal) => worker.kill(signal),
      restart: async () => void (await worker.restart()),
    };
    log(`Worker process ${worker.pid}`);
    const api = supervised('api', entry('serve-cluster'), { ...env, ROLE: 'api' }, path.join(opts.dataDir, 'api.log'), /^ready: role=api processes=/);
    const apiReady = await api.restart();
    stops.push(() => api.kill('SIGTERM'));
    const apiProcesses = Number(/processes=(\d+)/.exec(apiReady)?.[1] ?? 1);
    log(`API: ${apiProcesses} processes on ${config.publicUrl}`);

    const db = await openDatabase({
      databaseUrl: database.url,
      dataDir: '',
    });
    stops.push(() => db.close());

    const temporal: ShapeProcess = {
      get pid() {
        return dev?.process.pid ?? 0;
      },
      async kill(signal) {
        const child = dev?.process;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        await exited;
      },
      async restart() {
        if (external) throw new Error('The Temporal cluster at TEMPORAL_ADDRESS is not this shape’s to restart');
        await startTemporal();
      },
    };

    return {
      config,
      db,
      appUrl: config.publicUrl,
      temporalAddress,
      temporalUiUrl: '',
      erpUrl,
      worker: workerProcess,
      temporal,
      apiProcesses,
      databaseVia: database.via,
      compiled,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A child started on demand, its output appended to a log file; resolves `restart` with its ready line. */
interface Supervised {
  readonly pid: number;
  kill(signal: NodeJS.Signals): Promise<void>;
  restart(): Promise<string>;
}

function supervised(name: string, script: string, env: NodeJS.ProcessEnv, logFile: string, ready: RegExp): Supervised {
  let child: ChildProcess | undefined;
  const running = () => child && child.exitCode === null && child.signalCode === null;
  return {
    get pid() {
      return child?.pid ?? 0;
    },
    async kill(signal) {
      if (!child || !running()) return;
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill(signal);
      const killer = setTimeout(() => child?.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
    restart() {
      const out = fs.openSync(logFile, 'a');
      child = spawn(process.execPath, script.endsWith('.ts') ? ['--import', 'tsx', script] : [script], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', out],
      });
      const started = child;
      return new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} did not get ready within 120 s; see ${logFile}`)), 120_000);
        const lines = readline.createInterface({ input: started.stdout! });
        lines.on('line', (line) => {
          fs.appendFileSync(logFile, `${line}\n`);
          if (ready.test(line)) {
            clearTimeout(timer);
            resolve(line);
          }
        });
        started.once('exit', (code, signal) => {
          clearTimeout(timer);
          fs.closeSync(out);
          reject(new Error(`${name} ended during start-up (${signal ?? code}); see ${logFile}`));
        });
      });
    },
  };
}

/** Kept beside the shape's data, so links mailed in one run still open in the next. */
function appSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (!fs.existsSync(file))
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), {
      mode: 0o600,
    });
  return fs.readFileSync(file, 'utf8').trim();
}
