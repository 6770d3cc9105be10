import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DbHandle } from '#db/connection.ts';
import { migrateToLatest } from '#db/migrate.ts';
import { seedAll } from '#db/seeds/index.ts';

/**
 * A fresh, migrated and seeded database per test file: in-memory PGlite by default, or a new
 * database on the real Postgres of DATABASE_URL (dropped again on close).
 */
export async function createTestDb(opts: { seed?: boolean } = {}): Promise<DbHandle & { url?: string }> {
  const url = process.env.DATABASE_URL;
  let handle: DbHandle;
  let drop: (() => Promise<void>) | undefined;
  let ownUrl: string | undefined;
  if (url) {
    const name = `test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    ownUrl = testUrl.toString();
    handle = await openDatabase({ databaseUrl: ownUrl, dataDir: '' });
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    handle = await openDatabase({ dataDir: 'memory://' });
  }
  await migrateToLatest(handle.db);
  // Seeded as a developer's install: the demo staff and suppliers are the suites' cast.
  if (opts.seed !== false) await seedAll(handle.db, { demo: true });
  return {
    ...handle,
    // Another process (a worker under test) can open the same database.
    url: ownUrl,
    async close() {
      await handle.close();
      await drop?.();
    },
  };
}
