import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * End-to-end suites: a real stack, a real Chromium. A file per core: each file's stack has its own ports
 * (tests/support/ports.ts), data folder, Temporal dev server and task queue, and one file per core keeps the
 * CPU busy without starving the pages' timings.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: os.availableParallelism(),
    // One ERP simulator process and one workflow bundle for the whole run (tests/support/*-setup.ts).
    globalSetup: ['tests/support/erp-simulator-setup.ts', 'tests/support/workflow-bundle-setup.ts'],
  },
});
