import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
export async function up(db: Kysely<any>): Promise<void> {
  // Who holds each responsibility of a flow (req flow §3.13, §5.13): the node principals come from here.
  await db.schema
    .createTable('cert_flow_role')
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('job_number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('cert_flow_role_pk', ['flow_no', 'role'])
    .execute();
  await db.schema.createIndex('cert_flow_role_person_idx').on('cert_flow_role').column('job_number').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
