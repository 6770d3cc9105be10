import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Supplier information change (req change §2.1, §2.2, §3.1, §7.1): one row per change with its snapshot
// (before) and new version (after), its approval steps, and a version on the supplier master so an
// approved change is applied only to the master it was compared against.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('supplier')
    // Incremented by every write of supplier.master.
    .addColumn('master_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('supplier_change_no_seq')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('supplier_change')
    .addColumn('flow_no', 'text', (c) => c.primaryKey())
    .addColumn('supplier_no', 'text', (c) => c.notNull().references('supplier.supplier_no'))
    // all, contact, invoice, factory
    .addColumn('modify_type', 'text', (c) => c.notNull())
    // supplier (portal) or staff (internal edit)
    .addColumn('side', 'text', (c) => c.notNull())
    // saved, approving, conflict, applying, finished, rejected, cancelled
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('saved'))
    // The submitter: a portal account id or a staff job number, with the name shown.
    .addColumn('submitter_id', 'text', (c) => c.notNull())
    .addColumn('submitter_name', 'text', (c) => c.notNull())
    .addColumn('modify_reason', 'text')
    // The master when the change was started (before) and the edited record (after), as JSON.
    .addColumn('snapshot', 'jsonb', (c) => c.notNull())
    .addColumn('new_version', 'jsonb', (c) => c.notNull())
    .addColumn('documents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('master_version', 'integer', (c) => c.notNull())
    .addColumn('bank_change', 'boolean', (c) => c.notNull().defaultTo(false))
    // Each submission is a new round of approval (a rejected change can be submitted again).
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('erp_message', 'text')
    .addColumn('erp_sent_at', 'timestamptz')
    .addColumn('applied_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // One open change per supplier (saved, approving, conflict or applying), enforced by the database too.
  await sql`create unique index supplier_change_one_open_idx on supplier_change (supplier_no) where status in ('saved', 'approving', 'conflict', 'applying')`.execute(db);
  await db.schema.createIndex('supplier_change_supplier_idx').on('supplier_change').columns(['supplier_no', 'created_at']).execute();
  await db.schema.createIndex('supplier_change_created_idx').on('supplier_change').column('created_at').execute();
  await db.schema
    .createTable('supplier_change_step')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('flow_no', 'text', (c) => c.notNull().references('supplier_change.flow_no'))
    .addColumn('round', 'integer', (c) => c.notNull())
    // 1: the purchasing manager; 2: the second approval of a bank change.
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('approver_job_number', 'text', (c) => c.notNull())
    .addColumn('approver_name', 'text', (c) => c.notNull())
    // Approval status (req change §3.4): -1 not started, 10 in progress, 20 approved, 0 rejected.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('decided_by_job_number', 'text')
    .addColumn('decided_by_name', 'text')
    .addColumn('reason', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('supplier_change_step_round_seq_key', ['flow_no', 'round', 'seq'])
    .execute();

  // The comparison capabilities (req change §2.1, req shell §2.6: the comparison opens without login by its code): each a
  // random code given once (to a mail, to the submitter), stored as its sha256, expiring.
  await db.schema
    .createTable('supplier_change_comparison')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('flow_no', 'text', (c) => c.notNull().references('supplier_change.flow_no'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('supplier_change_comparison_flow_idx').on('supplier_change_comparison').column('flow_no').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
