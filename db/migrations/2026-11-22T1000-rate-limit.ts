import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Request counters of the rate limits live in the database, not in process memory, so every API
// process of a scaled-out deployment counts against the same window (architecture §2).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hit')
    .addColumn('key', 'text', (c) => c.primaryKey()) // limiter prefix + client key (IP)
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hit_reset_idx').on('rate_limit_hit').column('reset_at').execute();
}
