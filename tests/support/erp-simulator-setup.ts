import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startErpSimulator } from '#infra/erp-simulator/child.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The ERP simulator of this test run. */
    erpUrl: string;
  }
}

/**
 * Vitest global setup: one ERP simulator process for the whole run, on a free port, with its data in a
 * throw-away folder (or a fresh database on the PostgreSQL of DATABASE_URL, as CI runs). Test files
 * read its address with `inject('erpUrl')`; processes they start (workers) get it as ERP_URL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-simulator-'));
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : undefined;
  const simulator = await startErpSimulator({ dataDir: dir, databaseUrl: database?.url });
  project.provide('erpUrl', simulator.url);
  process.env.ERP_URL = simulator.url;
  return async () => {
    await simulator.stop();
    await database?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

async function createDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `erp_simulator_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
