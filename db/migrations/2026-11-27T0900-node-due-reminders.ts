import type { Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// A node principal is reminded of the task's due time and once when it is overdue (docs/decisions/0031-node-due-time-reminders.md), in the language the staff member last logged in with.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh')).execute();
  await db.schema
    .alterTable('cert_task')
    .addColumn('due_reminded_at', 'timestamptz')
    .addColumn('overdue_reminded_at', 'timestamptz')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
