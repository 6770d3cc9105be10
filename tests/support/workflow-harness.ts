import { Client } from '@temporalio/client';
import type { Worker } from '@temporalio/worker';
import { createCertFlowWorker } from '#activities/worker.ts';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { createTemporalExitGateway } from '#adapters/temporal/exit-gateway.ts';
import { createTemporalCertificateGateway } from '#adapters/temporal/certificate-gateway.ts';
import type { CertificateGateway } from '#services/certificates/certificate-gateway.ts';
import { createTemporalChangeGateway } from '#adapters/temporal/change-gateway.ts';
import { createTemporalRoundGateway } from '#adapters/temporal/round-gateway.ts';
import type { RoundGateway } from '#services/assessment/round-gateway.ts';
import type { ChangeGateway } from '#services/supplier-change/change-gateway.ts';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import type { ExitGateway } from '#services/supplier-exit/exit-gateway.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import type { DbHandle } from '#db/connection.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { createTestDb } from './test-db.ts';
import { startTestTemporal, workflowBundle, type TestTemporal } from './temporal.ts';
import { testErp } from './erp.ts';

export const TEST_SECRET = 'test-secret-of-at-least-32-characters!';

export interface WorkflowHarness {
  temporal: TestTemporal;
  db: DbHandle;
  client: Client;
  flows: FlowGateway;
  exits: ExitGateway;
  changes: ChangeGateway;
  rounds: RoundGateway;
  certificates: CertificateGateway;
  taskQueue: string;
  /** Stops the worker (as a crash would, mid-flight) and starts a fresh one on the same queue. */
  restartWorker(): Promise<void>;
  stop(): Promise<void>;
}

/** A real Temporal dev server, a fresh database and a worker with the real activities (the ERP may be replaced). */
export async function startWorkflowHarness(opts: { erp?: ErpClient } = {}): Promise<WorkflowHarness> {
  const taskQueue = `test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const [temporal, db] = await Promise.all([startTestTemporal(), createTestDb()]);
  const bundle = await workflowBundle();
  let worker: Worker;
  let running: Promise<void>;
  const startWorker = async () => {
    const created = await createCertFlowWorker({
      address: temporal.server.address,
      namespace: 'default',
      taskQueue,
      deps: { db: db.db, mailer: createOutboxMailer(db.db), erp: opts.erp ?? testErp(), publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET },
      workflowBundle: bundle,
    });
    worker = created.worker;
    running = worker.run();
  };
  await startWorker();
  return {
    temporal,
    db,
    client: new Client({ connection: temporal.connection }),
    flows: createTemporalFlowGateway({ connection: temporal.connection, namespace: 'default', taskQueue }),
    exits: createTemporalExitGateway({ connection: temporal.connection, namespace: 'default', taskQueue }),
    changes: createTemporalChangeGateway({ connection: temporal.connection, namespace: 'default', taskQueue }),
    rounds: createTemporalRoundGateway({ connection: temporal.connection, namespace: 'default', taskQueue }),
    certificates: createTemporalCertificateGateway({ connection: temporal.connection, namespace: 'default', taskQueue }),
    taskQueue,
    async restartWorker() {
      worker.shutdown();
      await running;
      await startWorker();
    },
    async stop() {
      worker?.shutdown();
      await running;
      await db.close();
      await temporal.stop();
    },
  };
}
