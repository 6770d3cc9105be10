import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Node time limits (docs/decisions/0056-node-time-limits.md): the company's working calendar (holidays, and weekend days
// worked in exchange), and on each flow the due time of its open node, so the list filters and sorts by lateness
// with an index instead of reading tasks.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('working_calendar')
    .ifNotExists()
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('cert_flow').addColumn('current_due_at', 'timestamptz').execute();
  // Open nodes' due times of running flows: the overdue filter and sort.
  await sql`create index if not exists cert_flow_current_due on cert_flow (current_due_at) where current_due_at is not null`.execute(db);
  // Flows open now: their open node's principal task's due time.
  await sql`
    update cert_flow f set current_due_at = t.end_time
    from cert_task t
    where t.flow_no = f.flow_no and t.node_code = f.current_node_code and t.task_type = 'NODE_PRINCIPAL'
      and t.status = 20 and t.end_time is not null and f.stage not in (0, 90)`.execute(db);
}
