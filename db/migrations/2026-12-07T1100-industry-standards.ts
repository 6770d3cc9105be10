import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// VDA 6.3 process audits in system certification and PPAP in sample certification (docs/decisions/0058-industry-standards.md):
// the standards a scenario version chooses, the audit catalogue in versions, an audit's experts, answers and action
// items, a PPAP submission with its elements, and the events of an interim approval's watch.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['scenario', 'scenario_version']) {
    await db.schema.alterTable(table).addColumn('standards', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
  }
  await db.schema
    .createTable('vda_catalogue')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('elements', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('vda_audit')
    .addColumn('flow_no', 'text', (c) => c.primaryKey())
    .addColumn('catalogue_version', 'integer', (c) => c.notNull())
    .addColumn('steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('grade', 'text')
    .addColumn('grade_rule', 'text')
    .addColumn('grade_subject', 'text')
    .addColumn('overall', 'integer')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('vda_audit_element')
    .addColumn('flow_no', 'text', (c) => c.notNull())
    .addColumn('element', 'text', (c) => c.notNull())
    .addColumn('expert_job_number', 'text')
    .addColumn('expert_name', 'text')
    .addColumn('submitted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('submitted_at', 'timestamptz')
    .addPrimaryKeyConstraint('vda_audit_element_pk', ['flow_no', 'element'])
    .execute();
  await db.schema
    .createTable('vda_answer')
    .addColumn('flow_no', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('score', 'smallint')
    .addColumn('finding', 'text')
    .addColumn('documents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('vda_answer_pk', ['flow_no', 'question_id', 'step'])
    .execute();
  await db.schema
    .createTable('vda_action')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('flow_no', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('finding', 'text', (c) => c.notNull())
    .addColumn('measure', 'text', (c) => c.notNull())
    .addColumn('owner_name', 'text', (c) => c.notNull())
    .addColumn('owner_email', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
    .addColumn('answer', 'text')
    .addColumn('answer_documents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('return_comment', 'text')
    .addColumn('closed_by', 'text')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('vda_action_finding', ['flow_no', 'question_id', 'step'])
    .execute();
  await db.schema
    .createTable('ppap_submission')
    .addColumn('flow_no', 'text', (c) => c.primaryKey())
    .addColumn('level', 'smallint', (c) => c.notNull())
    .addColumn('part_number', 'text')
    .addColumn('drawing_change_level', 'text')
    .addColumn('reason', 'text')
    .addColumn('reason_other', 'text')
    .addColumn('declaration', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('disposition', 'text')
    .addColumn('interim_until', 'text')
    .addColumn('conditions', 'text')
    .addColumn('comment', 'text')
    .addColumn('approval_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The watch reads interim approvals by their end.
  await sql`create index ppap_interim_until on ppap_submission (interim_until) where approval_status = 'INTERIM'`.execute(db);
  await db.schema
    .createTable('ppap_element')
    .addColumn('flow_no', 'text', (c) => c.notNull())
    .addColumn('element', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('AWAITING'))
    .addColumn('documents', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('return_reason', 'text')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addPrimaryKeyConstraint('ppap_element_pk', ['flow_no', 'element'])
    .execute();
  await db.schema
    .createTable('ppap_interim_event')
    .addColumn('flow_no', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ppap_interim_event_pk', ['flow_no', 'event'])
    .execute();
}
