import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#infra/config.ts';
import { startStack, type RunningStack } from '#infra/stack.ts';
import { freePort } from './ports.ts';
import { prebuiltWorkflowBundle } from './temporal.ts';

/**
 * The whole embedded stack as `npm start` runs it (dev server, PGlite, worker, API, built web app),
 * on free ports (or the app on `port`, an address an identity provider must know first) with a
 * throw-away data folder. Used by the end-to-end suites and the benchmarks.
 */
export async function startTestStack(
  opts: { dataDir?: string; keepData?: boolean; port?: number; env?: Record<string, string> } = {},
): Promise<RunningStack & { dataDir: string }> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-stack-'));
  const [port, temporalPort] = await Promise.all([opts.port ?? freePort(), freePort()]);
  const config = loadConfig({
    ...process.env,
    // As `npm start` runs: the secret is generated once and kept in the data folder.
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    TEMPORAL_PORT: String(temporalPort),
    TEMPORAL_UI_PORT: String(await freePort()),
    // The embedded default on purpose, whatever the surrounding environment sets.
    DATABASE_URL: '',
    TEMPORAL_ADDRESS: '',
    S3_ENDPOINT: '',
    SMTP_URL: '',
    // The test run's ERP simulator when there is one (erp-simulator-setup.ts); else the stack starts its own.
    ERP_URL: process.env.ERP_URL ?? '',
    PUBLIC_URL: `http://localhost:${port}`,
    TEMPORAL_TASK_QUEUE: `stack-${process.pid}`,
    // What a suite configures besides (the company identity provider's OIDC_ variables).
    ...opts.env,
  });
  const stack = await startStack(config, () => undefined, { workflowBundle: prebuiltWorkflowBundle() });
  return {
    ...stack,
    dataDir,
    async stop() {
      await stack.stop();
      if (!opts.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
