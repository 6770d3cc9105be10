import { type Kysely, sql } from 'kysely';
import type { Db } from '../connection.ts';
import type { Database } from '../schema.ts';

const CHUNK = 400;

/**
 * Multi-row insert that adds missing rows and, for rows already there, rewrites only `update`
 * columns and only when one of them differs — so a start-up against a seeded database writes
 * nothing. Columns not named in `update` (for example a category's status, a scenario's node plan)
 * keep whatever operators changed them to.
 */
export async function upsertRows<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly Record<string, unknown>[],
  opts: { key: readonly string[]; update: readonly string[] },
): Promise<void> {
  const anyDb = db as unknown as Kysely<any>;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    await anyDb
      .insertInto(table)
      .values(chunk as Record<string, unknown>[])
      .onConflict((oc) => {
        const target = oc.columns(opts.key as string[]);
        if (opts.update.length === 0) return target.doNothing();
        const set: Record<string, unknown> = Object.fromEntries(opts.update.map((c) => [c, sql.ref(`excluded.${c}`)]));
        const current = sql.join(opts.update.map((c) => sql.ref(`${table}.${c}`)));
        const incoming = sql.join(opts.update.map((c) => sql.ref(`excluded.${c}`)));
        return target.doUpdateSet(set as never).where(sql<boolean>`(${current}) is distinct from (${incoming})`);
      })
      .execute();
  }
}
