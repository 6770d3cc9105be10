import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Supplier exit (req exit §2.3, §3.2, §7.2): the exit applications, their per-day numbers, and the
// supplier's exit history (req flow §3.19), written once when an exit is approved.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('supplier_exit_no_seq')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('supplier_exit')
    .addColumn('flow_no', 'text', (c) => c.primaryKey())
    .addColumn('supplier_no', 'text', (c) => c.notNull().references('supplier.supplier_no'))
    // SUPPLIER: the whole supplier; CATEGORY: the categories in category_codes.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('category_codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('exit_category', 'text')
    .addColumn('exit_types', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('reason', 'text')
    .addColumn('documents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('sponsor_job_number', 'text', (c) => c.notNull())
    .addColumn('sponsor_name', 'text', (c) => c.notNull())
    .addColumn('approver_job_number', 'text')
    .addColumn('approver_name', 'text')
    // draft, submitted, approved, rejected, terminated
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('decided_by_name', 'text')
    .addColumn('decision_reason', 'text')
    // The ERP's refusal of the purchasing block, when it refused (the block is then done by hand).
    .addColumn('erp_message', 'text')
    .addColumn('erp_blocked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('supplier_exit_supplier_idx').on('supplier_exit').columns(['supplier_no', 'status']).execute();
  await db.schema.createIndex('supplier_exit_created_idx').on('supplier_exit').column('created_at').execute();
  await db.schema
    .createTable('supplier_exit_history')
    .addColumn('flow_no', 'text', (c) => c.primaryKey().references('supplier_exit.flow_no'))
    .addColumn('supplier_no', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('category_codes', 'jsonb', (c) => c.notNull())
    .addColumn('exit_category', 'text', (c) => c.notNull())
    .addColumn('exit_types', 'jsonb', (c) => c.notNull())
    .addColumn('sponsor_job_number', 'text', (c) => c.notNull())
    .addColumn('sponsor_name', 'text', (c) => c.notNull())
    .addColumn('finish_time', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('supplier_exit_history_supplier_idx').on('supplier_exit_history').columns(['supplier_no', 'finish_time']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
