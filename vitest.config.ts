import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,db,api,services,activities,adapters,workflows,infra,web}/**/*.test.{ts,tsx}', 'tests/{api,unit,workflow,integration}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Twice the cores: most files spend much of their time waiting on a server they started (the Temporal dev
    // server, a database being created, a worker's timers), and with one file per core the CPU stood half idle.
    maxWorkers: os.availableParallelism() * 2,
    // One ERP simulator process and one workflow bundle for the whole run (tests/support/*-setup.ts).
    globalSetup: ['tests/support/erp-simulator-setup.ts', 'tests/support/workflow-bundle-setup.ts'],
  },
});
