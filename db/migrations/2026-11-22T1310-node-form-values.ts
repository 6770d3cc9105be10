import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// A node form's own structured values beyond the shared summary, conclusion and attachments (such as
// the certificate rows of the CERT node): one JSON object per flow and node, null for forms that
// have none. Any node stores its values here instead of a table of its own.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cert_node_form').addColumn('form_values', 'jsonb').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
