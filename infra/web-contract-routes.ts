import path from 'node:path';
import type { Plugin } from 'vite';
import { CONTRACT_FILES } from '../domain/contracts/index.ts';

/** A contract's method and path, or an object of them (an area, or areas by side), recursively. */
function routesOf(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  if ('method' in value && 'path' in value) return { method: value.method, path: value.path };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, routesOf(v)]));
}

/**
 * The web calls an endpoint by its contract (web/api/call.ts), which needs only the method and the path; the
 * schemas stay with the API and the tests. So the build serves each contract file of domain/contracts as its
 * routes alone: the pages do not load zod and the domain's schemas for a call, and the entry stays within its
 * budget (tests/e2e/js-budgets.e2e.ts). Types still come from the real files. The dev server serves them whole.
 */
export function contractRoutes(repoRoot: string): Plugin {
  const dir = path.join(repoRoot, 'domain', 'contracts');
  let building = false;
  return {
    name: 'contract-routes',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    load(id) {
      if (!building || path.dirname(id) !== dir) return undefined;
      const exports = CONTRACT_FILES[path.basename(id, '.ts')];
      if (!exports) return undefined;
      return Object.entries(exports)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(routesOf(value))};`)
        .join('\n');
    },
  };
}
