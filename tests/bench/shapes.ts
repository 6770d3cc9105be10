import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RunningStack } from '#infra/stack.ts';
import { startProductionShape, type ProductionShape } from '#infra/production-shape.ts';
import { startTestStack } from '../support/stack.ts';
import { freePort } from '../support/ports.ts';

/**
 * The two shapes the benchmarks run in: `embedded` (API, worker, PGlite and the workflow isolates in
 * one Node process, as `npm start`) and `production` (API processes, a worker process, PostgreSQL and
 * the Temporal dev server, as docker-compose; infra/production-shape.ts).
 */
export type Shape = 'embedded' | 'production';

export interface BenchStack extends RunningStack {
  shape: Shape;
  /** Only in the production shape: its processes, for the fault loop. */
  processes?: Pick<ProductionShape, 'worker' | 'temporal' | 'apiProcesses' | 'databaseVia' | 'compiled'>;
}

export function describeShape(stack: BenchStack): string {
  return stack.shape === 'embedded'
    ? `embedded: ${stack.db.kind}, API and worker in one process`
    : `production shape: ${stack.db.kind} over ${stack.processes?.databaseVia}, ${stack.processes?.apiProcesses} API processes, worker process, ${stack.processes?.compiled ? 'compiled server' : 'TypeScript source under tsx'}`;
}

export async function startShape(shape: Shape): Promise<BenchStack> {
  if (shape === 'embedded') return { ...(await startTestStack()), shape };
  // BENCH_DATABASE keeps the production shape's database between runs (the flow list's million flows).
  return startProductionBench({ keepDatabase: process.env.BENCH_DATABASE });
}

/**
 * The production shape on a database of its own (created on the server of DATABASE_URL and dropped
 * at the end), a throw-away data folder and free ports.
 */
export async function startProductionBench(opts: { keepDatabase?: string } = {}): Promise<
  BenchStack & {
    processes: Pick<ProductionShape, 'worker' | 'temporal' | 'apiProcesses' | 'databaseVia' | 'compiled'>;
  }
> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('The production shape needs DATABASE_URL (a PostgreSQL, started as .ci/run starts it)');
  const name = opts.keepDatabase ?? `bench_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-shape-'));
  const shape = await startProductionShape({
    databaseUrl: dbUrl.toString(),
    dataDir,
    port: await freePort(),
    temporalPort: await freePort(),
    // SHAPE_SOURCE=1 runs the TypeScript source instead of the compiled server, SHAPE_TCP=1 keeps loopback TCP
    // (to compare); API_PROCESSES sets the API's processes.
    compiled: process.env.SHAPE_SOURCE !== '1',
    unixSocket: process.env.SHAPE_TCP !== '1',
    apiProcesses: process.env.API_PROCESSES ? Number(process.env.API_PROCESSES) : undefined,
    env: {
      TEMPORAL_TASK_QUEUE: `shape-${process.pid}`,
      APP_ENV: 'dev',
      NODE_ENV: 'development',
      ...(process.env.ERP_URL ? {} : { ERP_URL: '' }),
    },
    log: () => undefined,
  });
  return {
    ...shape,
    shape: 'production',
    processes: shape,
    async stop() {
      await shape.stop();
      // BENCH_KEEP_DATA=1 leaves the data folder (the Temporal server's SQLite file, the logs) to inspect the run.
      if (process.env.BENCH_KEEP_DATA === '1') console.log(`The production shape's data is kept in ${dataDir}`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
      if (opts.keepDatabase) return;
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
