import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A certification worker in its own process (tests/support/worker-process.ts), for the fault tests
 * that kill it outright. Resolves once it is polling; `env` adds to the test process's environment.
 */
export async function spawnWorker(env: Record<string, string>, cleanups: (() => Promise<unknown>)[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/worker-process.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => child.kill('SIGKILL'));
  await waitForLine(child, 'worker-ready');
  return child;
}

/** Resolves when the child prints the line (its stdout is line-oriented). */
export function waitForLine(child: ChildProcess, prefix: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.split('\n').some((l) => l.startsWith(prefix))) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before "${prefix}"`)));
  });
}

/** Kills the worker (SIGKILL, no grace) and resolves once it is gone. */
export async function killWorker(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}
