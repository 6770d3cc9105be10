import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * `npm test`: every suite, in order of cost — unit, API and integration, workflow (real Temporal),
 * then end-to-end in Chromium — and one closing line that sums them all.
 * `TEST_SCOPE=fast` runs only the unit files (no database server, no Temporal server, no browser): CI runs the whole
 * set on Node 24 and this part again on the oldest Node the project supports (docs/decisions/).
 */
interface Suite {
  name: string;
  config: string;
  /** Only these files (paths relative to the repository); all the config includes when absent. */
  files?: string[];
}

const FAST_DIRS = ['tests/unit', 'domain', 'db', 'api', 'services', 'activities', 'adapters', 'workflows', 'infra', 'web'];

/** The unit test files: tests/unit and the *.test.ts(x) beside the source. */
function fastFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(p);
      } else if (/\.test\.tsx?$/.test(entry.name)) found.push(p);
    }
  };
  FAST_DIRS.forEach(walk);
  return found;
}

const scope = process.env.TEST_SCOPE ?? 'all';
if (scope !== 'all' && scope !== 'fast') {
  console.error(`TEST_SCOPE must be all or fast, not ${scope}`);
  process.exit(1);
}
const suites: Suite[] =
  scope === 'fast'
    ? [{ name: 'unit', config: 'vitest.config.ts', files: fastFiles() }]
    : [
        { name: 'unit, API, integration, workflow', config: 'vitest.config.ts' },
        { name: 'end-to-end (Chromium)', config: 'vitest.e2e.config.ts' },
      ];
console.log(`Node ${process.version}, ${scope === 'fast' ? 'unit files only (TEST_SCOPE=fast)' : 'every suite'}`);

const outDir = path.resolve('test-results');
fs.mkdirSync(outDir, { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;
/** The failed tests' names and first message lines, repeated at the very end so a log's tail names them. */
const failures: string[] = [];

for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`);
  const report = path.join(outDir, `${path.basename(suite.config, '.ts')}.json`);
  fs.rmSync(report, { force: true });
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--config', suite.config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...(suite.files ?? [])],
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
    testResults: {
      name: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
  };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  if (r.numFailedTestSuites > 0 || result.status !== 0) broken = true;
  for (const file of r.testResults) {
    const where = path.relative(process.cwd(), file.name);
    if (file.message) failures.push(`${where}: ${firstLine(file.message)}`);
    for (const t of file.assertionResults)
      if (t.status === 'failed') failures.push(`${where} › ${t.fullName}: ${firstLine(t.failureMessages[0] ?? '')}`);
  }
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0].slice(0, 300);
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(broken || failed > 0 || passed === 0 ? 1 : 0);
