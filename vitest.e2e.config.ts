import { defineConfig } from 'vitest/config';

/** End-to-end suites: a real stack, a real Chromium; one file at a time (they share ports and CPU). */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One ERP simulator process for the whole run (tests/support/erp-simulator-setup.ts).
    globalSetup: ['tests/support/erp-simulator-setup.ts'],
    fileParallelism: false,
  },
});
