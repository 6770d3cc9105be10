import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The reason a questionnaire was returned (shown to the supplier until resubmitted), and every
// invitation link ever issued, so a replaced or expired link can say whom to ask.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('rfi_application').addColumn('return_reason', 'text').execute();
  await db.schema
    .createTable('rfi_issued_link')
    .addColumn('temp_hash', 'text', (c) => c.primaryKey())
    .addColumn('apply_no', 'text', (c) => c.notNull().references('rfi_application.apply_no').onDelete('cascade'))
    .execute();
  // Links issued before this table existed: the current one of each application.
  await db
    .insertInto('rfi_issued_link')
    .columns(['temp_hash', 'apply_no'])
    .expression(db.selectFrom('rfi_application').select(['temp_hash', 'apply_no']))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
