import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** What a repository function takes: the database, or the caller's transaction so its write commits with the caller's. */
export type DbOrTrx = Db | Transaction<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// Postgres returns BIGINT as text by default; our counters fit a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** SQL texts run as named prepared statements on PostgreSQL, with their names (see `preparedStatement`). */
const preparedNames = new Map<string, string>();

/** Registers a text to run as a named prepared statement on every pooled connection (db/prepared-statement.ts). */
export function registerPrepared(text: string): void {
  if (!preparedNames.has(text)) preparedNames.set(text, `prepared_${preparedNames.size + 1}`);
}

/** Makes a pooled client run the registered texts as named statements (kysely passes only text and values). */
function prepareRegistered(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 && Array.isArray(values) ? preparedNames.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  }) as typeof client.query;
}

/**
 * `DATABASE_URL` → node-postgres pool; otherwise PGlite (real Postgres compiled to WASM) in this
 * process, persisted under `dataDir`, or in memory when `dataDir` is 'memory://' (tests).
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server ends (restart, failover, a dropped database) is replaced on the
    // next query; unhandled, node-postgres would raise it as an uncaught exception and end the process.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    // A connection checked out when the server ends it raises 'error' on its client, not the pool: the
    // query in flight fails (and is retried by its caller or Temporal), the process lives on.
    pool.on('connect', (client) => client.on('error', (err) => console.warn(`database connection lost: ${err.message}`)));
    pool.on('connect', prepareRegistered);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dir = opts.dataDir;
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(dir), { recursive: true });
  // pg_trgm serves the "contains" searches (staff, suppliers) with an index, as on Postgres.
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      if (!client.closed) await client.close();
    },
  };
}
