import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
export async function up(db: Kysely<any>): Promise<void> {
  // The form of a node screen that holds a summary, a conclusion and attachments (aptitude, meeting
  // conclusions, sample certification): one row per flow and node, rewritten on every save.
  await db.schema
    .createTable('cert_node_form')
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    .addColumn('node_code', 'text', (c) => c.notNull())
    .addColumn('access_status', 'text')
    .addColumn('description', 'text')
    .addColumn('documents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cert_node_form_pk', ['flow_no', 'node_code'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
