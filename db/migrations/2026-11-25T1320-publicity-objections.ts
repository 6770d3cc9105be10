import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
export async function up(db: Kysely<any>): Promise<void> {
  // Objections raised during a flow's publicity (req flow §3.12): rows of the flow, kept across a return
  // to KCP2 and a second period. One attachment per row, as the requirements’ row holds one name and URL.
  await db.schema
    .createTable('publicity_objection')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('proposer_job_number', 'text', (c) => c.notNull())
    .addColumn('proposer_name', 'text', (c) => c.notNull())
    .addColumn('document_name', 'text')
    .addColumn('document_url', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('publicity_objection_flow').on('publicity_objection').column('flow_no').execute();

  // Announcements the shell lists (req shell §3); a publicity push writes one per flow and publicity visit.
  await db.schema
    .createTable('announcement')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('release_time', 'timestamptz', (c) => c.notNull())
    .addColumn('is_pop_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('file_url', 'text')
    .addColumn('file_url_name', 'text')
    .addColumn('source_flow_no', 'text', (c) => c.references('cert_flow.flow_no').onDelete('set null'))
    .addColumn('source_visit', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A repeated push of the same publicity period publishes nothing new.
  await db.schema.createIndex('announcement_source').on('announcement').columns(['source_flow_no', 'source_visit']).unique().execute();
  await db.schema.createIndex('announcement_release_time').on('announcement').column('release_time').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
