import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The runs the stuck-run healer reset by itself (infra/temporal/stuck-run-healer.ts), for `flows:stuck` to list.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stuck_run_reset')
    .addColumn('run_id', 'text', (c) => c.primaryKey())
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('new_run_id', 'text', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('task_attempt', 'integer', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
