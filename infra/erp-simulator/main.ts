import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { openSimulatorStore } from './store.ts';
import { createSimulatorServer } from './server.ts';

/**
 * The ERP simulator: a stand-in for S/4HANA in development, tests and the compose stack — not part
 * of the product. It speaks the adapter's HTTP contract (adapters/erp/odata-contract.ts), keeps its
 * vendors in its own tables and numbers supplier codes from its own sequence. See README.md here.
 *
 * Env: ERP_SIMULATOR_PORT (0: any free port), ERP_SIMULATOR_HOST (127.0.0.1), ERP_SIMULATOR_DATA_DIR
 * (data/erp-simulator, PGlite), ERP_SIMULATOR_DATABASE_URL (PostgreSQL instead, schema erp_simulator),
 * ERP_SIMULATOR_USER and ERP_SIMULATOR_PASSWORD (basic auth). `--exit-with-parent`: end when stdin
 * closes, so a parent that dies outright leaves no simulator behind holding the data folder.
 * Prints `erp-simulator ready <url>` once it answers.
 */
const env = process.env;
const store = await openSimulatorStore({
  databaseUrl: env.ERP_SIMULATOR_DATABASE_URL || undefined,
  dataDir: path.resolve(env.ERP_SIMULATOR_DATA_DIR || 'data/erp-simulator'),
});
const server = createSimulatorServer(store.db, { user: env.ERP_SIMULATOR_USER || undefined, password: env.ERP_SIMULATOR_PASSWORD });
const host = env.ERP_SIMULATOR_HOST || '127.0.0.1';
await new Promise<void>((resolve) => server.listen(Number(env.ERP_SIMULATOR_PORT ?? 0), host, resolve));
const { port } = server.address() as AddressInfo;
process.stdout.write(`erp-simulator ready http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}\n`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await store.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
if (process.argv.includes('--exit-with-parent')) {
  process.stdin.on('close', () => void stop());
  process.stdin.resume();
}
