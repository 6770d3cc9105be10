import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
export async function up(db: Kysely<any>): Promise<void> {
  // A supplier's portal account: made for its contact once the RFI has passed; logs in by e-mailed code.
  await db.schema
    .createTable('supplier_account')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('supplier_name', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh'))
    .addColumn('roles', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The flows an account takes part in (one supplier may be certified for several category sets).
  await db.schema
    .createTable('supplier_account_flow')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('supplier_account.id').onDelete('cascade'))
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    .addPrimaryKeyConstraint('supplier_account_flow_pk', ['account_id', 'flow_no'])
    .execute();
  await db.schema.createIndex('supplier_account_flow_flow_idx').on('supplier_account_flow').column('flow_no').execute();
  await db.schema
    .createTable('supplier_portal_session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('supplier_account.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
