import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import type { Worker, WorkflowBundleOption } from '@temporalio/worker';
import type { Config } from './config.ts';
import { listen } from './listen.ts';
import { findTemporalCli } from './temporal/cli.ts';
import { startDevServer, type DevServer } from './temporal/dev-server.ts';
import { ensureSearchAttributes } from './temporal/search-attributes.ts';
import { openDatabase, type DbHandle } from '#db/connection.ts';
import { migrateToLatest } from '#db/migrate.ts';
import { seedAll } from '#db/seeds/index.ts';
import { createFileStore } from '#adapters/files/index.ts';
import { createMailer } from '#adapters/mail/index.ts';
import { createErpClient } from '#adapters/erp/index.ts';
import { createApp } from '#api/app.ts';
import { serveWebApp } from '#api/web-static.ts';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { createTemporalExitGateway } from '#adapters/temporal/exit-gateway.ts';
import { createTemporalCertificateGateway } from '#adapters/temporal/certificate-gateway.ts';
import { createTemporalRoundGateway } from '#adapters/temporal/round-gateway.ts';
import { createTemporalChangeGateway } from '#adapters/temporal/change-gateway.ts';
import { createCertFlowWorker } from '#activities/worker.ts';
import { startOrphanCleanup } from './orphan-cleanup.ts';
import { startOutboxDelivery } from './outbox-delivery.ts';
import { startRequestKeyCleanup } from './request-key-cleanup.ts';
import { startStuckRunHealer } from './temporal/stuck-run-healer.ts';
import { COMPILED, compiledFile } from './compiled.ts';
import { startErpSimulator } from './erp-simulator/child.ts';

export interface RunningStack {
  config: Config;
  db: DbHandle;
  appUrl: string;
  temporalUiUrl: string;
  temporalAddress: string;
  /** The ERP the adapter speaks to: ERP_URL, or the embedded simulator's address. */
  erpUrl: string;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

/**
 * Starts every part of the platform in this process, in dependency order, and returns a stop
 * function that takes them down in reverse. `npm start`, the end-to-end tests and the benchmarks
 * all start the stack through here. `workflowBundle`: workflow code bundled already (a test run bundles it
 * once for all its stacks); without it the compiled server loads its build's bundle and the TypeScript
 * one bundles the workflows at start.
 */
export async function startStack(config: Config, log: Log = console.log, opts: { workflowBundle?: WorkflowBundleOption } = {}): Promise<RunningStack> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((err) => log(`shutdown: ${String(err)}`));
  };
  // The ERP simulator starts beside the Temporal dev server (its own process, its data under DATA_DIR).
  const simulator = config.embeddedErp ? startErpSimulator({ dataDir: path.join(config.dataDir, 'erp-simulator') }) : undefined;
  simulator?.then((s) => stops.push(s.stop), () => undefined);
  try {
    let temporalAddress = config.temporalAddress;
    let temporalUiUrl = config.temporalUiUrl;
    if (config.embeddedTemporal) {
      const dev: DevServer = await startDevServer({
        cli: findTemporalCli(config.TEMPORAL_CLI),
        port: config.TEMPORAL_PORT,
        uiPort: config.TEMPORAL_UI_PORT,
        dbFile: path.join(config.dataDir, 'temporal.sqlite'),
        logFile: path.join(config.dataDir, 'temporal.log'),
        namespace: config.TEMPORAL_NAMESPACE,
      });
      stops.push(dev.stop);
      temporalAddress = dev.address;
      temporalUiUrl = dev.uiUrl;
      log(`Temporal dev server on ${temporalAddress}`);
    }

    const erpUrl = simulator ? (await simulator).url : config.ERP_URL!;
    if (simulator) log(`ERP simulator on ${erpUrl}`);
    const erp = createErpClient(config, erpUrl);

    const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: path.join(config.dataDir, 'pg') });
    stops.push(() => db.close());
    await migrateToLatest(db.db);
    await seedAll(db.db, { demo: config.seedDemo, admin: config.admin, appSecret: config.appSecret });
    log(`Database ready (${db.kind})`);

    const files = createFileStore(config);
    await files.check();
    const mailer = createMailer(config, db.db);

    const connection = await Connection.connect({ address: temporalAddress });
    stops.push(() => connection.close());
    await ensureSearchAttributes(connection, config.TEMPORAL_NAMESPACE);
    const flows = createTemporalFlowGateway({ connection, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE });
    const exits = createTemporalExitGateway({ connection, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE });
    const rounds = createTemporalRoundGateway({ connection, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE });
    const changes = createTemporalChangeGateway({ connection, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE });
    const certificates = createTemporalCertificateGateway({ connection, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.TEMPORAL_TASK_QUEUE });

    if (config.ROLE !== 'api') {
      const { worker, connection: workerConnection } = await createCertFlowWorker({
        address: temporalAddress,
        namespace: config.TEMPORAL_NAMESPACE,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        deps: { db: db.db, mailer, erp, publicUrl: config.publicUrl, appSecret: config.appSecret },
        workflowBundle: opts.workflowBundle ?? (COMPILED ? { codePath: fileURLToPath(compiledFile('workflow-bundle.js')) } : undefined),
      });
      const running = worker.run();
      stops.push(async () => {
        await shutdownWorker(worker, running);
        await workerConnection.close();
      });
      log('Worker polling');
      // Runs the engine's restart left refusing every task are reset by the workers, not by a person.
      stops.push(startStuckRunHealer({ client: new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }), db: db.db }, log));
      // The one certificate watch runs from the first worker on (a second start is the same watch, woken).
      await certificates.certificatesChanged();
    }

    let appUrl = '';
    if (config.ROLE !== 'worker') {
      const app = createApp({ config, db: db.db, files, mailer, flows, exits, changes, rounds, certificates, erp });
      stops.push(startOrphanCleanup({ db: db.db, files }, log));
      stops.push(startOutboxDelivery({ db: db.db, flows }, log));
      stops.push(startRequestKeyCleanup(db.db, log));
      if (!serveWebApp(app, path.resolve('dist/web'))) log('web app not built: run `npm run build` (npm start does it for you)');
      const server = await listen(app, config);
      stops.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
      server.closeIdleConnections?.();
      const port = (server.address() as { port: number }).port;
      appUrl = config.PUBLIC_URL ?? `http://localhost:${port}`;
    }
    return { config, db, appUrl, temporalUiUrl, temporalAddress, erpUrl, stop };
  } catch (err) {
    // A simulator still starting is stopped too.
    await simulator?.catch(() => undefined);
    await stop();
    throw err;
  }
}

async function shutdownWorker(worker: Worker, running: Promise<void>): Promise<void> {
  if (worker.getState() === 'RUNNING') worker.shutdown();
  await running;
}
