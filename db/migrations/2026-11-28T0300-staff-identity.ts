import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Staff identity (docs/decisions/0040-staff-identity.md): the second factor of local accounts (TOTP key
// encrypted under APP_SECRET, the last accepted time step against replay, single-use recovery codes
// stored hashed), the half-finished logins waiting for their second step, and which sessions came
// from the company's identity provider (their logout ends the provider's session too).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled_at', 'timestamptz')
    .addColumn('totp_last_step', 'integer') // unix time / 30 fits until 2500
    .execute();
  await db.schema
    .createTable('staff_recovery_code')
    .addColumn('staff_id', 'uuid', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('staff_recovery_code_pk', ['staff_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('staff_login_step')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'uuid', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) => c.notNull()) // totp | enrolTotp
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locale', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('staff_session').addColumn('federated', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await sql`create index staff_session_staff_idx on staff_session (staff_id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
