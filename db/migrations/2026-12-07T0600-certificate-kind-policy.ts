import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// What an ended certificate of a kind does, as the configuration sets it over the dictionary's default
// (docs/decisions/0055-requalification.md): a warning or a block, and the grace days before a requalification starts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificate_kind_policy')
    .ifNotExists()
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('on_expiry', 'text', (c) => c.notNull())
    .addColumn('requalify_after_days', 'integer')
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
