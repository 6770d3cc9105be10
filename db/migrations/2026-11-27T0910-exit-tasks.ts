import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The approver of a supplier exit has a task in the one task table (docs/decisions/0032-supplier-exit.md):
// its flow_no is then the exit's number, so the column no longer points at cert_flow only.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table cert_task drop constraint if exists cert_task_flow_no_fkey`.execute(db);
  await db.schema.createIndex('cert_task_principal_idx').on('cert_task').columns(['principal_job_number', 'status']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
