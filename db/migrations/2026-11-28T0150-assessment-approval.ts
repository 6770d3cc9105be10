import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The approval rounds of an assessment round's summary (docs/decisions/0044-assessment-rounds.md): who submitted
// it to whom, and the decision with its reason; a rejected summary is submitted again as the next round.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('perf_round_approval')
    .addColumn('plan_no', 'text', (c) => c.notNull().references('perf_plan.plan_no'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('approver_job_number', 'text', (c) => c.notNull())
    .addColumn('approver_name', 'text', (c) => c.notNull())
    .addColumn('submitted_by_job_number', 'text', (c) => c.notNull())
    .addColumn('submitted_by_name', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // null while waiting; approve or reject
    .addColumn('decision', 'text')
    .addColumn('reason', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addPrimaryKeyConstraint('perf_round_approval_pk', ['plan_no', 'round'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
