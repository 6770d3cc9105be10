import { performance } from 'node:perf_hooks';
import { buildServer } from './server-build.ts';

/** `npm run build:server`: the compiled server in `dist/server/` (infra/server-build.ts says what is in it). */
const started = performance.now();
const sizes = await buildServer();
console.log(`server built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${sizes.join(', ')}`);
