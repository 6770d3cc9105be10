import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleWorkflowCode } from '@temporalio/worker';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where the compiled server lives: inside the repository, so its package imports resolve to node_modules. */
export const SERVER_DIST = path.join(ROOT, 'dist/server');

/**
 * The server as plain JavaScript, so that it starts without the TypeScript loader and without bundling
 * workflow code at start-up (the production image; the production shape on one machine).
 * - `serve.js`: the container entry point (API, worker or both by ROLE), our code in one ES module;
 *   packages stay in node_modules (native ones like the Temporal core cannot be bundled).
 * - `serve-cluster.js`: the API in several processes behind one port (the production shape without Docker).
 * - `erp-simulator.js`: the ERP stand-in, which the embedded stack and the compose file start.
 * - `workflow-bundle.js`: the Temporal workflow code as the worker's isolates load it.
 * Files the code reads at run time stay where they are in the repository (db/seeds/templates).
 * Returns the files' sizes.
 */
export async function buildServer(): Promise<string[]> {
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  await build({
    entryPoints: {
      serve: path.join(ROOT, 'infra/serve.ts'),
      'serve-cluster': path.join(ROOT, 'infra/serve-cluster.ts'),
      'erp-simulator': path.join(ROOT, 'infra/erp-simulator/main.ts'),
      'stuck-flows': path.join(ROOT, 'infra/stuck-flows.ts'),
    },
    outdir: SERVER_DIST,
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
  const { code } = await bundleWorkflowCode({ workflowsPath: path.join(ROOT, 'workflows/index.ts'), logger: quietLogger() });
  fs.writeFileSync(path.join(SERVER_DIST, 'workflow-bundle.js'), code);
  return fs
    .readdirSync(SERVER_DIST)
    .filter((f) => f.endsWith('.js'))
    .map((f) => `${f} ${(fs.statSync(path.join(SERVER_DIST, f)).size / 1024).toFixed(0)} KiB`);
}

function quietLogger() {
  const drop = () => undefined;
  return { trace: drop, debug: drop, info: drop, log: drop, warn: console.warn, error: console.error };
}
