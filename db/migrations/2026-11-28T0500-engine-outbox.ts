import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Signals to workflows decided inside a transaction (the questionnaire's submit) are written here in
// that transaction and sent after its commit, by the request and, should that fail, by a delivery pass
// (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Signals after commit"): no engine call holds a transaction open, and none is lost.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('engine_outbox')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('flow_no', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
