import { defineConfig } from 'vitest/config';

/**
 * End-to-end suites: a real stack, a real Chromium. Two files at a time, each with its own stack (ports, data
 * folder, dev server, task queue): on two cores that keeps the CPU busy while a file waits on its servers
 * (docs/decisions/0004-layout-and-stack-2-of-2.md "The suites' time").
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One ERP simulator process and one workflow bundle for the whole run (tests/support/*-setup.ts).
    globalSetup: ['tests/support/erp-simulator-setup.ts', 'tests/support/workflow-bundle-setup.ts'],
    maxWorkers: 2,
  },
});
