import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Requalification (docs/decisions/0055-requalification.md): each requalification flow's trigger and outcome; each
// category's policy (its interval, what a failure does); on the supplier's categories, when they last qualified and
// whether a failed requalification restricted them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('requalification')
    .ifNotExists()
    .addColumn('flow_no', 'text', (c) => c.primaryKey())
    .addColumn('supplier_no', 'text', (c) => c.notNull())
    .addColumn('category_codes', 'jsonb', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    // What the trigger was about: the certificate left ended, or the day the schedule fell due.
    .addColumn('trigger_ref', 'text')
    .addColumn('on_failure', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('running'))
    .addColumn('exit_flow_no', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await sql`create index if not exists requalification_supplier on requalification (supplier_no, outcome)`.execute(db);
  // A certificate left ended starts one requalification, however often the watch looks.
  await sql`create unique index if not exists requalification_certificate_once on requalification (trigger_ref) where trigger = 'certificate'`.execute(db);
  await db.schema
    .createTable('requalification_policy')
    .ifNotExists()
    .addColumn('category_code', 'text', (c) => c.primaryKey())
    .addColumn('interval_months', 'integer')
    .addColumn('on_failure', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('supplier_category').addColumn('qualified_at', 'timestamptz').execute();
  await db.schema.alterTable('supplier_category').addColumn('restricted_at', 'timestamptz').execute();
  await sql`update supplier_category set qualified_at = accessed_at where qualified_at is null`.execute(db);
}
