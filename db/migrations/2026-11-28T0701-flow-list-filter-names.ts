import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The flow list's supplier name search combined with an equality filter (purchasing manager, CMT leader and
// stage, scenario and stage, stage) walks that filter's page-order index testing names: with the name in the
// index the walk reads no table rows (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Flow list at a million flows"). Page 200 of a
// common two-character term within a scenario and stage read 4,000 rows from the table, one at random each.
export async function up(db: Kysely<any>): Promise<void> {
  const indexes: Array<[string, string]> = [
    ['cert_flow_purchase_list_idx', 'purchase_job_number, start_time desc, flow_no desc'],
    ['cert_flow_leader_list_idx', 'cmt_leader_job_number, stage, start_time desc, flow_no desc'],
    ['cert_flow_scenario_list_idx', 'cert_scenario, stage, start_time desc, flow_no desc'],
    ['cert_flow_stage_list_idx', 'stage, start_time desc, flow_no desc'],
  ];
  for (const [name, columns] of indexes) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on cert_flow (${sql.raw(columns)}) include (supplier_name)`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
