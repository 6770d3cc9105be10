import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// A write sent with an Idempotency-Key header is remembered per caller and key with its first outcome
// (status and envelope), so the same request sent again after a lost answer is answered again instead of
// being run a second time (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Request keys"). A row without a status is an attempt still
// running, held until its lease ends; rows expire after a day and are deleted by the API's cleanup pass.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('request_key')
    .addColumn('caller', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('answer', 'jsonb')
    .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_key_pk', ['caller', 'key'])
    .execute();
  await sql`create index request_key_expires_idx on request_key (expires_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
