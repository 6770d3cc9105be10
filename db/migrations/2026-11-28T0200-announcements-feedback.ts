import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Announcements written by administrators (audience, drafts, scheduled release), read receipts per
// person, and feedback with its answer (req shell §2.7, §3.5, §5.4, §7.6; docs/decisions/0038-announcements.md).
export async function up(db: Kysely<any>): Promise<void> {
  // Rows a publicity push wrote before keep their meaning: published to all staff.
  await db.schema
    .alterTable('announcement')
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('ALL_STAFF'))
    .addColumn('audience_code', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PUBLISHED'))
    .addColumn('published_by', 'text')
    .addColumn('published_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('announcement_visible').on('announcement').columns(['status', 'audience', 'release_time']).execute();

  // One receipt per person and announcement: staff by staff id, suppliers by portal account id.
  await db.schema
    .createTable('announcement_read')
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcement.id').onDelete('cascade'))
    .addColumn('reader_kind', 'text', (c) => c.notNull())
    .addColumn('reader_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('announcement_read_pk', ['announcement_id', 'reader_kind', 'reader_id'])
    .execute();
  await db.schema.createIndex('announcement_read_reader').on('announcement_read').columns(['reader_kind', 'reader_id']).execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('files', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('app_id', 'text')
    .addColumn('open_id', 'text')
    .addColumn('sender_kind', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('sender_email', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
    .addColumn('answer', 'text')
    .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answered_by_name', 'text')
    .addColumn('answered_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('feedback_status').on('feedback').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('feedback_sender').on('feedback').columns(['sender_kind', 'sender_id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
