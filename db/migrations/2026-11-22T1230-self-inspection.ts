import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
export async function up(db: Kysely<any>): Promise<void> {
  // One self-inspection row per inspection dimension of a flow (req flow §3.7), made when the node opens.
  await db.schema
    .createTable('self_inspection_item')
    .addColumn('aid', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    .addColumn('dimension_code', 'text', (c) => c.notNull())
    .addColumn('dimension_desc', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('principal_job_number', 'text', (c) => c.notNull())
    .addColumn('principal_name', 'text', (c) => c.notNull())
    // cert_approve_status: 10 awaiting issue, 20 awaiting the supplier, 30 awaiting audit, 40 rejected, 50 approved.
    .addColumn('approve_status', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('model_name', 'text', (c) => c.notNull())
    .addColumn('model_url', 'text', (c) => c.notNull())
    // The actual template the owner issued to the supplier.
    .addColumn('template_type', 'text')
    .addColumn('template_name', 'text')
    .addColumn('template_url', 'text')
    // The supplier's answer.
    .addColumn('document_name', 'text')
    .addColumn('document_url', 'text')
    .addColumn('self_score', sql`numeric(5,2)`)
    .addColumn('approve_opinion', 'text')
    .addColumn('reject_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('audited_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('self_inspection_item_flow_dimension_uq', ['flow_no', 'dimension_code'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
