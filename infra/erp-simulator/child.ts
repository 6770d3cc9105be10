import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import readline from 'node:readline';
import { COMPILED, compiledFile } from '../compiled.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// From source it runs under the TypeScript loader; the compiled server starts its compiled copy.
const MAIN = fileURLToPath(COMPILED ? compiledFile('erp-simulator.js') : new URL('./main.ts', import.meta.url));
const NODE_ARGS = COMPILED ? [MAIN] : ['--import', 'tsx', MAIN];

export interface RunningErpSimulator {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The ERP simulator as a child process (main.ts), resolved once it answers. `npm start` and the
 * test run start it this way; it ends with its parent.
 */
export async function startErpSimulator(opts: { dataDir?: string; databaseUrl?: string; user?: string; password?: string; port?: number }): Promise<RunningErpSimulator> {
  const child = spawn(process.execPath, [...NODE_ARGS, '--exit-with-parent'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ERP_SIMULATOR_DATA_DIR: opts.dataDir ?? '',
      ERP_SIMULATOR_DATABASE_URL: opts.databaseUrl ?? '',
      ERP_SIMULATOR_USER: opts.user ?? '',
      ERP_SIMULATOR_PASSWORD: opts.password ?? '',
      ERP_SIMULATOR_PORT: String(opts.port ?? 0),
      ERP_SIMULATOR_HOST: '127.0.0.1',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('The ERP simulator did not start within 60 s'));
    }, 60_000);
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const ready = /^erp-simulator ready (\S+)/.exec(line);
      if (!ready) return;
      clearTimeout(timer);
      lines.close();
      child.stdout!.resume();
      resolve(ready[1]);
    });
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error('The ERP simulator exited during start-up (its error is printed above)'));
    });
  });

  return {
    url,
    pid: child.pid!,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(killer);
    },
  };
}
