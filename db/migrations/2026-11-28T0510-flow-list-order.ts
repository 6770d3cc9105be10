import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The flow list (req flow §2.1) pages newest first by (start_time, flow_no): with both columns in the
// index, in that order, a page — also page 200 — is read off the index without a sort, and each equality
// filter has its own such index, so its page and its bounded count are index-only scans at a million
// flows (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Flow list at a million flows"). The indexes on the leading columns alone
// are superseded by them.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index cert_flow_list_idx on cert_flow (start_time desc, flow_no desc)`.execute(db);
  await sql`create index cert_flow_purchase_list_idx on cert_flow (purchase_job_number, start_time desc, flow_no desc)`.execute(db);
  await sql`create index cert_flow_leader_list_idx on cert_flow (cmt_leader_job_number, stage, start_time desc, flow_no desc)`.execute(db);
  await sql`create index cert_flow_scenario_list_idx on cert_flow (cert_scenario, stage, start_time desc, flow_no desc)`.execute(db);
  await sql`create index cert_flow_stage_list_idx on cert_flow (stage, start_time desc, flow_no desc)`.execute(db);
  for (const old of ['cert_flow_start_idx', 'cert_flow_purchase_idx', 'cert_flow_leader_idx', 'cert_flow_scenario_idx', 'cert_flow_stage_idx']) {
    await sql`drop index if exists ${sql.id(old)}`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
