import { TestWorkflowEnvironment } from '@temporalio/testing';
import { createCertFlowWorker } from '#activities/worker.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import type { Db, DbHandle } from '#db/connection.ts';
import { findTemporalTestServer } from '#infra/temporal/cli.ts';
import { searchAttributeTypes } from '#infra/temporal/search-attributes.ts';
import { createTestDb } from './test-db.ts';
import { workflowBundle } from './temporal.ts';
import { TEST_SECRET } from './workflow-harness.ts';
import { testErp } from './erp.ts';

export interface TimeSkippingHarness {
  env: TestWorkflowEnvironment;
  db: DbHandle;
  taskQueue: string;
  stop(): Promise<void>;
}

/**
 * The time-skipping test server (the project's own binary, never a download), a fresh database and
 * a worker with the real activities: for timers of days, tested without sleeping (style 14). Time
 * moves on with `env.sleep` only; activities still see the real clock.
 */
/**
 * The SDK gives the server 5 s to answer on its port; a loaded two-core machine (a database and a bundle
 * being built beside it) sometimes needs longer, so a start that timed out is tried again on a new port.
 */
async function startTestServer(attempts = 3): Promise<TestWorkflowEnvironment> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path: findTemporalTestServer() } } });
    } catch (err) {
      if (attempt >= attempts || !/did not start within/.test(String(err))) throw err;
    }
  }
}

export async function startTimeSkippingHarness(): Promise<TimeSkippingHarness> {
  const db = await createTestDb();
  const engine = await startTimeSkippingEngine(db.db);
  return {
    ...engine,
    db,
    async stop() {
      await engine.stop();
      await db.close();
    },
  };
}

/**
 * The time-skipping server with a worker of the real activities over `db`: a browser test runs its flow here (its
 * timers skipped) while the stack it browses shares the database, so what the flow records is what the screens show.
 */
export async function startTimeSkippingEngine(db: Db, publicUrl = 'http://localhost:3000'): Promise<Omit<TimeSkippingHarness, 'db'>> {
  const taskQueue = `ts-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const env = await startTestServer();
  // The test server lists no search attributes but registers them; the flow upserts its own.
  await env.connection.operatorService.addSearchAttributes({ namespace: env.namespace ?? 'default', searchAttributes: searchAttributeTypes() });
  const { worker } = await createCertFlowWorker({
    address: env.address,
    namespace: env.namespace ?? 'default',
    taskQueue,
    deps: { db, mailer: createOutboxMailer(db), erp: testErp(), publicUrl, appSecret: TEST_SECRET },
    workflowBundle: await workflowBundle(),
  });
  const running = worker.run();
  return {
    env,
    taskQueue,
    async stop() {
      worker.shutdown();
      await running;
      await env.teardown();
    },
  };
}
