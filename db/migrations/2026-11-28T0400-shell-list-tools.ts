import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// A staff member's choice of columns per list (req shell §2.6 "table field editor"), kept on the server
// so it follows them from browser to browser. Keyed by job number, like every other staff reference.
// And the staff member's factory location, which the shell's factory tag names (dictionary factory_location).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('factory_location', 'text').execute();
  await db.schema
    .createTable('list_preference')
    .addColumn('job_number', 'text', (c) => c.notNull())
    .addColumn('list_key', 'text', (c) => c.notNull())
    .addColumn('hidden_columns', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('list_preference_pk', ['job_number', 'list_key'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
