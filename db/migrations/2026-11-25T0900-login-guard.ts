import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Failed staff logins per account (the back-off survives restarts and is shared by every API
// process), and one audit row per refused login of any kind.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_backoff')
    .addColumn('account', 'text', (c) => c.primaryKey()) // login kind + normalised username
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('blocked_until', 'timestamptz')
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('login_audit')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull()) // staff | rfi | portal
    .addColumn('subject', 'text') // the username or e-mail tried, as sent
    .addColumn('ip', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_audit_created_idx').on('login_audit').column('created_at').execute();
}
