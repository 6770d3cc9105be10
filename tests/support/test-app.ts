import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '#infra/config.ts';
import { listen } from '#infra/listen.ts';
import { createApp } from '#api/app.ts';
import type { AppDeps } from '#api/deps.ts';
import { createLocalFileStore } from '#adapters/files/local-file-store.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { noWorkflowEngine } from './recording-flows.ts';
import { noExitEngine } from './recording-exits.ts';
import { noChangeEngine } from './recording-changes.ts';
import { noCertificateEngine } from './recording-certificates.ts';
import { noRoundEngine } from './recording-rounds.ts';
import { createTestDb } from './test-db.ts';
import { testErp } from './erp.ts';

export interface TestApp {
  deps: AppDeps;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real Express app on a fresh database, listening on a free loopback port. With `db` given (a
 * workflow harness's), the app uses that database and leaves closing it to its owner, so the app
 * and a worker share one database. `port` is for an app whose own address must be known before it
 * starts (an identity provider registers its callback).
 */
export async function startTestApp(overrides: Partial<AppDeps> = {}, opts: { port?: number } = {}): Promise<TestApp> {
  const dbHandle = overrides.db ? undefined : await createTestDb();
  const db = overrides.db ?? dbHandle!.db;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'supplier-files-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dir, PORT: '0' });
  const deps: AppDeps = {
    config,
    db,
    files: createLocalFileStore(path.join(dir, 'files')),
    mailer: createOutboxMailer(db),
    flows: noWorkflowEngine(),
    exits: noExitEngine(),
    changes: noChangeEngine(),
    rounds: noRoundEngine(),
    certificates: noCertificateEngine(),
    erp: testErp(),
    ...overrides,
  };
  const app = createApp(deps);
  const server = await listen(app, { PORT: opts.port ?? 0, HOST: '127.0.0.1' });
  const { port } = server.address() as AddressInfo;
  return {
    deps,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await dbHandle?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
