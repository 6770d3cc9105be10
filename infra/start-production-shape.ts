import path from 'node:path';
import { startProductionShape } from './production-shape.ts';

/**
 * `npx tsx infra/start-production-shape.ts`: the production shape on this machine without Docker
 * (docs/operations.md "The production shape without Docker"): the Temporal dev server, the ERP simulator, one
 * worker process and API_PROCESSES API processes on PORT, against the PostgreSQL of DATABASE_URL.
 * Ctrl-C stops every part.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required: the PostgreSQL the API and the worker share (docs/operations.md "The production shape without Docker")');
  process.exit(1);
}
const shape = await startProductionShape({
  databaseUrl,
  dataDir: path.resolve(process.env.DATA_DIR ?? 'data-production-shape'),
  port: Number(process.env.PORT ?? 3000),
  temporalPort: Number(process.env.TEMPORAL_PORT ?? 7233),
  apiProcesses: process.env.API_PROCESSES ? Number(process.env.API_PROCESSES) : undefined,
  compiled: process.env.SHAPE_SOURCE !== '1',
  unixSocket: process.env.SHAPE_TCP !== '1',
  log: (line) => console.log(`  · ${line}`),
});
console.log(
  `\nRunning: app ${shape.appUrl} (${shape.apiProcesses} API processes), worker pid ${shape.worker.pid}, Temporal ${shape.temporalAddress}. Ctrl-C stops it.\n`,
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await shape.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
