import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { bundleWorkflowCode, type WorkflowBundle, type WorkflowBundleOption, type WorkflowBundlePath } from '@temporalio/worker';
import { findTemporalCli } from '#infra/temporal/cli.ts';
import { startDevServer, type DevServer } from '#infra/temporal/dev-server.ts';
import { ensureSearchAttributes } from '#infra/temporal/search-attributes.ts';
import { WORKFLOWS_PATH } from '#activities/worker.ts';
import { freePort } from './ports.ts';

export interface TestTemporal {
  server: DevServer;
  connection: Connection;
  dbFile: string;
  /** Stops the server and starts it again on the same port and SQLite file, after `downMs` with none running. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A real Temporal dev server (headless) on a free port with its own SQLite file. */
export async function startTestTemporal(): Promise<TestTemporal> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'temporal-'));
  const port = await freePort();
  const opts = {
    cli: findTemporalCli(),
    port,
    uiPort: null,
    dbFile: path.join(dir, 'temporal.sqlite'),
    logFile: path.join(dir, 'temporal.log'),
  };
  let server = await startDevServer(opts);
  let connection = await Connection.connect({ address: server.address });
  await ensureSearchAttributes(connection, 'default');
  const handle: TestTemporal = {
    server,
    connection,
    dbFile: opts.dbFile,
    async restart(downMs = 0) {
      await connection.close();
      await server.stop();
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      server = await startDevServer(opts);
      connection = await Connection.connect({ address: server.address });
      handle.server = server;
      handle.connection = connection;
    },
    async stop() {
      await connection.close().catch(() => undefined);
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return handle;
}

/** The workflow code bundled, as the worker takes it. */
export async function bundleWorkflows(): Promise<WorkflowBundle> {
  const { code } = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} } as never });
  return { code };
}

/** The run's workflow bundle (tests/support/workflow-bundle-setup.ts), when the run made one. */
export function prebuiltWorkflowBundle(): WorkflowBundlePath | undefined {
  const codePath = process.env.TEST_WORKFLOW_BUNDLE;
  return codePath ? { codePath } : undefined;
}

let bundle: Promise<WorkflowBundleOption> | undefined;

/** The run's workflow bundle, or the code bundled once per test process when there is none (style 14). */
export function workflowBundle(): Promise<WorkflowBundleOption> {
  bundle ??= Promise.resolve(prebuiltWorkflowBundle() ?? bundleWorkflows());
  return bundle;
}
