import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The publicity period is a setting of the scenario (req flow §4.6); a node returned to is opened
// again, so each opening of a node is counted (its task numbers and log keys carry the count).
export async function up(db: Kysely<any>): Promise<void> {
  // Seven days by default (docs/decisions/); seconds, so a test scenario can shorten it.
  await db.schema.alterTable('scenario').addColumn('publicity_seconds', 'integer', (c) => c.notNull().defaultTo(7 * 24 * 3600)).execute();
  await db.schema.alterTable('cert_flow_node').addColumn('visit', 'integer', (c) => c.notNull().defaultTo(1)).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
