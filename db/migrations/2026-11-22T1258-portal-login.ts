import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
export async function up(db: Kysely<any>): Promise<void> {
  // Portal login state per typed e-mail address (an HMAC of it), kept whether or not an account has
  // that address: unknown addresses then go through the same code, resend and captcha rules as known
  // ones and answer alike. The code itself is mailed only to active accounts.
  await db.schema
    .createTable('supplier_portal_login')
    .addColumn('email_key', 'text', (c) => c.primaryKey())
    .addColumn('code_hash', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
