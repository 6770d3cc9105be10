import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The comprehensive-evaluation stage (req flow §3.5, §3.6, §3.14–§3.16): to-dos of KCP2 and of the
// high-potential application, the high-potential application, the release form with its supplier-code
// status, and the approvals the product runs for both applications.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flow_todo')
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    // KCP2 (the meeting's to-do list) or HIGH_POTENTIAL (todoType supplier_high_potential).
    .addColumn('source', 'text', (c) => c.notNull())
    // Position in its list: a to-do keeps its row (and task) while the list is edited around it.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('todo_name', 'text', (c) => c.notNull())
    .addColumn('todo_desc', 'text')
    .addColumn('principal_job_number', 'text', (c) => c.notNull())
    .addColumn('principal_name', 'text', (c) => c.notNull())
    .addColumn('close_date', 'timestamptz', (c) => c.notNull())
    .addColumn('task_no', 'text')
    .addColumn('done_at', 'timestamptz')
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('flow_todo_pk', ['flow_no', 'source', 'seq'])
    .execute();
  await db.schema.createIndex('flow_todo_principal_idx').on('flow_todo').columns(['principal_job_number', 'done_at']).execute();

  await db.schema
    .createTable('high_potential_application')
    .addColumn('flow_no', 'text', (c) => c.primaryKey().references('cert_flow.flow_no').onDelete('cascade'))
    .addColumn('description', 'text')
    .addColumn('documents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Approval status: -1 not started, 0 rejected, 10 in progress, 20 finished.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('approval_no', 'text')
    .addColumn('bpm_remark', 'text')
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('supplier_release')
    .addColumn('flow_no', 'text', (c) => c.primaryKey().references('cert_flow.flow_no').onDelete('cascade'))
    // Release status = supplier-code status: 0 new, 10 saved, 20 submitted, 30 rejected, 40 approved
    // (no row: not started).
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form', 'jsonb', (c) => c.notNull())
    .addColumn('supplier_code', 'text')
    // SAP when the code came from the ERP; OTHER when an existing ERP vendor was taken over.
    .addColumn('supplier_source', 'text')
    .addColumn('sap_result', 'text')
    .addColumn('approval_no', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('flow_approval')
    .addColumn('approval_no', 'text', (c) => c.primaryKey())
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    // -1 not started, 0 rejected, 10 in progress, 20 finished.
    .addColumn('status', 'integer', (c) => c.notNull())
    // The approvers' remark (bpmRemark), the last decision's reason or opinion.
    .addColumn('remark', 'text')
    .addColumn('started_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('flow_approval_flow_idx').on('flow_approval').columns(['flow_no', 'kind', 'round']).unique().execute();

  // The life cycle the flow's categories get on admission (1 = high potential, req flow §3.18).
  await db.schema.alterTable('cert_flow').addColumn('life_cycle', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('cert_flow_supplier_code_idx').on('cert_flow').column('supplier_code').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
