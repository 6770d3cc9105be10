import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { bundleWorkflowCode } from '@temporalio/worker';

/**
 * `npm run build:server`: the server as plain JavaScript for the production image, so that it starts
 * without the TypeScript loader and without bundling workflow code at start-up.
 * - `dist/server/serve.js`: the container entry point (API, worker or both by ROLE), our code in one ES
 *   module; packages stay in node_modules (native ones like the Temporal core cannot be bundled).
 * - `dist/server/erp-simulator.js`: the ERP stand-in, which the embedded stack and the compose file start.
 * - `dist/server/workflow-bundle.js`: the Temporal workflow code as the worker's isolates load it.
 * Files the code reads at run time stay where they are in the repository (db/seeds/templates).
 */
const OUT = path.resolve('dist/server');
const started = performance.now();
fs.rmSync(OUT, { recursive: true, force: true });

await build({
  entryPoints: { serve: 'infra/serve.ts', 'erp-simulator': 'infra/erp-simulator/main.ts' },
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  // Stack traces name our functions in production logs.
  keepNames: true,
  define: { __SERVER_BUILD__: 'true' },
  logLevel: 'warning',
});

const { code } = await bundleWorkflowCode({ workflowsPath: path.resolve('workflows/index.ts'), logger: quietLogger() });
fs.writeFileSync(path.join(OUT, 'workflow-bundle.js'), code);

const sizes = fs
  .readdirSync(OUT)
  .filter((f) => f.endsWith('.js'))
  .map((f) => `${f} ${(fs.statSync(path.join(OUT, f)).size / 1024).toFixed(0)} KiB`);
console.log(`server built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${sizes.join(', ')}`);

function quietLogger() {
  const drop = () => undefined;
  return { trace: drop, debug: drop, info: drop, log: drop, warn: console.warn, error: console.error };
}
