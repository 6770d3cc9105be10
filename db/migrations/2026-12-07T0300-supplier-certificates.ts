import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The certificates of an admitted supplier with their validity (docs/decisions/0053-certificates-kept-valid.md):
// the master's current ones and those they replaced; the events of each (reminders, its end), recorded once;
// the supplier's renewals, approved by its purchasing manager.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('supplier_certificate')
    .ifNotExists()
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('supplier_no', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text')
    .addColumn('certificate_no', 'text')
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('file_name', 'text')
    .addColumn('file_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('valid'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('replaced_by', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index if not exists supplier_certificate_supplier on supplier_certificate (supplier_no, kind)`.execute(db);
  // The watch reads the current dated certificates by their end.
  await sql`create index if not exists supplier_certificate_watch on supplier_certificate (valid_until) where status = 'valid' and valid_until is not null`.execute(db);
  await db.schema
    .createTable('certificate_event')
    .ifNotExists()
    .addColumn('certificate_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('certificate_event_pk', ['certificate_id', 'event'])
    .execute();
  await db.schema
    .createTable('certificate_renewal')
    .ifNotExists()
    .addColumn('renewal_no', 'text', (c) => c.primaryKey())
    .addColumn('supplier_no', 'text', (c) => c.notNull())
    .addColumn('certificate_id', 'integer', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('certificate_no', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('approving'))
    .addColumn('submitted_by', 'text', (c) => c.notNull())
    .addColumn('submitted_by_email', 'text', (c) => c.notNull())
    .addColumn('approver_job_number', 'text', (c) => c.notNull())
    .addColumn('approver_name', 'text', (c) => c.notNull())
    .addColumn('decided_by_name', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('certificate_renewal_no_seq')
    .ifNotExists()
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();
  // One renewal in approval per certificate.
  await sql`create unique index if not exists certificate_renewal_open on certificate_renewal (certificate_id) where status = 'approving'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
