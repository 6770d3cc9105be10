import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// What each approval round was asked to approve, as it stood when the round opened (the release form of a
// supplier-code application, the conclusion and files of a high-potential one): the approval card shows it
// and compares a round with the one before. Rounds opened before have none; the card reads the current form.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table flow_approval add column if not exists subject jsonb`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
