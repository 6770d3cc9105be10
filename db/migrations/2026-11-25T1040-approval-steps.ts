import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The steps of an approval (who decides in which order, what they decided and why) for the approval
// record card (req flow §2.4), and how an approval ended.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flow_approval_step')
    .addColumn('approval_no', 'text', (c) => c.notNull().references('flow_approval.approval_no').onDelete('cascade'))
    .addColumn('step', 'integer', (c) => c.notNull())
    // The flow responsibility the approver held when the approval opened (e.g. CMT_LEADER).
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('job_number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // Set when the step's turn comes and its task opens.
    .addColumn('task_no', 'text')
    .addColumn('opened_at', 'timestamptz')
    // 'pass' | 'reject', null while pending.
    .addColumn('decision', 'text')
    .addColumn('reason', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addPrimaryKeyConstraint('flow_approval_step_pk', ['approval_no', 'step'])
    .execute();
  // approved | rejected | withdrawn (the flow ended first); null while the approval runs.
  await db.schema.alterTable('flow_approval').addColumn('outcome', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
