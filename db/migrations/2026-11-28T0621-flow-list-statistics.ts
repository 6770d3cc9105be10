import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The flow list filters by scenario and stage together, and by CMT leader and stage. The two columns of
// each pair depend on each other (a scenario's flows sit in some stages more than others); taken as
// independent, the planner underestimated the pair by a factor of three at a million flows and, combined
// with a supplier name, scanned and sorted instead of walking the pair's page index
// (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Flow list at a million flows"). Statistics of the pairs correct the estimate.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create statistics cert_flow_scenario_stage_stats (dependencies, mcv) on cert_scenario, stage from cert_flow`.execute(db);
  await sql`create statistics cert_flow_leader_stage_stats (dependencies, mcv) on cmt_leader_job_number, stage from cert_flow`.execute(db);
  await sql`analyze cert_flow`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
