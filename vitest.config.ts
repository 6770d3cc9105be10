import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,db,api,services,activities,adapters,workflows,infra,web}/**/*.test.{ts,tsx}', 'tests/{api,unit,workflow,integration}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One ERP simulator process for the whole run (tests/support/erp-simulator-setup.ts).
    globalSetup: ['tests/support/erp-simulator-setup.ts'],
  },
});
