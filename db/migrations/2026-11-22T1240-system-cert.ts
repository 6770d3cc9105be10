import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
export async function up(db: Kysely<any>): Promise<void> {
  // System certification (req flow §3.8): one approve item per inspection dimension of a flow, made
  // when the node opens; the purchasing manager assigns an expert, who scores the on-site targets.
  await db.schema
    .createTable('system_cert_item')
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    .addColumn('index_code', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('self_score', sql`numeric(5,2)`)
    .addColumn('approve_expert_id', 'text')
    .addColumn('approve_expert_name', 'text')
    // [{ targetCode, score }]: the targets themselves are defined in the domain, per dimension.
    .addColumn('target_list', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('risk_desc', 'text')
    .addColumn('expert_conclusion_status', 'integer')
    .addColumn('expert_conclusion_score', sql`numeric(5,2)`)
    .addColumn('document_list', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('submitted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('system_cert_item_pk', ['flow_no', 'index_code'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
