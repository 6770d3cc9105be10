import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Late flows in the order the dashboard and the flow list show them, most overdue first (docs/decisions/0057-operations-
// dashboard.md): with the flow number in the key the first rows are read off the index in order, instead of every late
// flow read and sorted; the people, scenario and CMT ride along so the scope and filters are checked on the index.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index if not exists cert_flow_overdue on cert_flow (current_due_at, flow_no)
    include (purchase_job_number, cmt_leader_job_number, cert_scenario, cmt_code) where current_due_at is not null`.execute(db);
  await sql`drop index if exists cert_flow_current_due`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
