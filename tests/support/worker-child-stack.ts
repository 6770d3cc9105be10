import { afterAll } from 'vitest';
import { Client } from '@temporalio/client';
import type { ChildProcess } from 'node:child_process';
import { createTestDb } from './test-db.ts';
import { startTestTemporal } from './temporal.ts';
import { spawnWorker } from './worker-child.ts';

export type Cleanups = (() => Promise<unknown>)[];

/** Things to stop after the describe block's tests, last started first; a failing one does not stop the rest. */
export function cleanupsAfterAll(): Cleanups {
  const cleanups: Cleanups = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });
  return cleanups;
}

/**
 * What a test that kills its worker outright runs on: a Temporal server and a database of its own (real
 * Postgres, so another process can open it), a task queue named for the test, the options a gateway needs
 * to start workflows there, and `startWorker` to run a worker in its own process on them (tests/support/
 * worker-process.ts; `env` adds its knobs). Everything is stopped by `cleanups`.
 */
export async function startWorkerChildStack(name: string, cleanups: Cleanups) {
  const temporal = await startTestTemporal();
  cleanups.push(() => temporal.stop());
  const dbHandle = await createTestDb();
  cleanups.push(() => dbHandle.close());
  const taskQueue = `${name}-${process.pid}-${Date.now()}`;
  return {
    temporal,
    dbHandle,
    db: dbHandle.db,
    gateway: { connection: temporal.connection, namespace: 'default', taskQueue },
    client: new Client({ connection: temporal.connection }),
    startWorker: (env: Record<string, string> = {}): Promise<ChildProcess> =>
      spawnWorker({ TEMPORAL_ADDRESS: temporal.server.address, TASK_QUEUE: taskQueue, DATABASE_URL: dbHandle.url!, ...env }, cleanups),
  };
}
