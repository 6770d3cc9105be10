import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * `npm test`: every suite, in order of cost — unit, API and integration, workflow (real Temporal),
 * then end-to-end in Chromium — and one closing line that sums them all.
 */
interface Suite {
  name: string;
  config: string;
}

const suites: Suite[] = [
  { name: 'unit, API, integration, workflow', config: 'vitest.config.ts' },
  { name: 'end-to-end (Chromium)', config: 'vitest.e2e.config.ts' },
];

const outDir = path.resolve('test-results');
fs.mkdirSync(outDir, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;

for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`);
  const report = path.join(outDir, `${path.basename(suite.config, '.ts')}.json`);
  fs.rmSync(report, { force: true });
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--config', suite.config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
  );
  if (!fs.existsSync(report)) {
    console.error(`${suite.name}: the runner produced no report (exit ${result.status})`);
    broken = true;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
  };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  if (r.numFailedTestSuites > 0 || result.status !== 0) broken = true;
}

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(broken || failed > 0 || passed === 0 ? 1 : 0);
