import cluster from 'node:cluster';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { COMPILED, compiledFile } from './compiled.ts';

/**
 * The API in several processes behind one port (node:cluster): a Node process answers on one thread,
 * so the API scales on a machine by processes, as containers scale it by replicas. `API_PROCESSES`
 * processes (the machine's cores by default) each run `serve.ts` with ROLE=api; the first is started
 * alone, so only one runs the migrations and seeds on a fresh database. A process that dies is
 * replaced. Prints `ready: role=api processes=<n> app=<url>` once all listen. Compiled
 * (`dist/server/serve-cluster.js`), it forks the compiled `serve.js`; from source, `serve.ts` under the
 * loader it was itself started with.
 */
if (cluster.isPrimary) {
  cluster.setupPrimary({
    exec: fileURLToPath(COMPILED ? compiledFile('serve.js') : new URL('./serve.ts', import.meta.url)),
    execArgv: [...process.execArgv, ...youngGeneration()],
  });
  const wanted = Math.max(1, Number(process.env.API_PROCESSES) || os.availableParallelism());
  let stopping = false;
  let ready = 0;
  let appLine = '';
  const fork = () =>
    new Promise<void>((resolve) => {
      const child = cluster.fork({ ROLE: 'api' });
      child.once('listening', () => resolve());
      child.once('exit', (code, signal) => {
        if (stopping) return;
        console.error(`api process ${child.process.pid} ended (${signal ?? code}); starting another`);
        void fork();
      });
    });
  cluster.on('message', (_child, message: unknown) => {
    if (typeof message === 'object' && message && 'appUrl' in message) appLine = String((message as { appUrl: string }).appUrl);
  });
  await fork();
  ready++;
  await Promise.all(Array.from({ length: wanted - 1 }, () => fork().then(() => ready++)));
  console.log(`ready: role=api processes=${ready}${appLine ? ` app=${appLine}` : ''}`);
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const child of Object.values(cluster.workers ?? {})) child?.kill('SIGTERM');
    const exits = Object.values(cluster.workers ?? {}).map((c) => new Promise((r) => c?.once('exit', r)));
    void Promise.all(exits).then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * `API_SEMI_SPACE_MB`: the API processes' young generation (V8's `--max-semi-space-size`, in MiB), to
 * measure; V8's default when unset or 0 (a larger one measured no better, docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Under load").
 * A value V8 would refuse stops the start here with a message, rather than every API process exiting
 * with code 9.
 */
function youngGeneration(): string[] {
  const value = process.env.API_SEMI_SPACE_MB ?? '0';
  if (!/^\d+$/.test(value)) throw new Error(`API_SEMI_SPACE_MB must be a whole number of MiB (0: V8's default), not '${value}'`);
  return value === '0' ? [] : [`--max-semi-space-size=${value}`];
}
