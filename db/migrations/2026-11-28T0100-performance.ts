import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Supplier performance (req performance §2.4, §3.3, §7.3; docs/decisions/0036-supplier-performance-1-of-2.md "Supplier performance"): index systems in
// versions and their index tree, plans (period, version, suppliers, reviewers, thresholds, conclusion), the
// review tasks and scores of a round, the figures computed indices score from, and the per-supplier summaries
// with their adjustments.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('perf_index_system')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_by_job_number', 'text', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A plan scores against one version; a version a started plan uses is frozen (a new version is made instead).
  await db.schema
    .createTable('perf_index_version')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('system_code', 'text', (c) => c.notNull().references('perf_index_system.code'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_by_job_number', 'text', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('perf_index_version_uq', ['system_code', 'version'])
    .execute();
  // First-level indices (parent_id null) group the indices under them; only indices (level 2) are scored.
  await db.schema
    .createTable('perf_index')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('version_id', 'text', (c) => c.notNull().references('perf_index_version.id'))
    .addColumn('parent_id', 'uuid', (c) => c.references('perf_index.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('weight', sql`numeric(5,2)`, (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    // MANUAL or COMPUTED on indices; null on first-level indices.
    .addColumn('method', 'text')
    // HIGHER or LOWER is better (the figure's direction for computed indices).
    .addColumn('direction', 'text')
    .addColumn('figure_kind', 'text')
    .addColumn('bands', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('reviewer_role', 'text')
    .addColumn('knock_out', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('perf_index_code_uq', ['version_id', 'code'])
    .execute();
  await db.schema.createIndex('perf_index_parent_idx').on('perf_index').columns(['version_id', 'parent_id', 'sort']).execute();

  await db.schema
    .createTable('perf_plan_no_seq')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('perf_plan')
    .addColumn('plan_no', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('period_type', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('index_version_id', 'text', (c) => c.notNull().references('perf_index_version.id'))
    // draft, running, calculated, approving, concluded, cancelled
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    // CATEGORY: every admitted supplier of category_codes at start; SUPPLIER: the rows of perf_plan_supplier.
    .addColumn('scope_mode', 'text', (c) => c.notNull())
    .addColumn('category_codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('deadline', 'timestamptz', (c) => c.notNull())
    .addColumn('grade_thresholds', 'jsonb', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('owner_job_number', 'text', (c) => c.notNull())
    .addColumn('owner_name', 'text', (c) => c.notNull())
    .addColumn('created_by_job_number', 'text', (c) => c.notNull())
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('calculated_at', 'timestamptz')
    .addColumn('concluded_at', 'timestamptz')
    .addColumn('concluded_by_name', 'text')
    .execute();
  await db.schema.createIndex('perf_plan_status_idx').on('perf_plan').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('perf_plan_version_idx').on('perf_plan').columns(['index_version_id', 'status']).execute();
  await db.schema
    .createTable('perf_plan_supplier')
    .addColumn('plan_no', 'text', (c) => c.notNull().references('perf_plan.plan_no'))
    .addColumn('supplier_no', 'text', (c) => c.notNull().references('supplier.supplier_no'))
    // The plan's categories the supplier is admitted for (empty when chosen one by one).
    .addColumn('category_codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // The conclusion (POST /v1/performance-plan/conclusion): outcome, the grade it was drawn from, a remark.
    .addColumn('outcome', 'text')
    .addColumn('conclusion_grade', 'text')
    .addColumn('conclusion_remark', 'text')
    .addColumn('concluded_by_job_number', 'text')
    .addColumn('concluded_by_name', 'text')
    .addColumn('concluded_at', 'timestamptz')
    .addPrimaryKeyConstraint('perf_plan_supplier_pk', ['plan_no', 'supplier_no'])
    .execute();
  await db.schema.createIndex('perf_plan_supplier_supplier_idx').on('perf_plan_supplier').column('supplier_no').execute();
  await db.schema
    .createTable('perf_plan_reviewer')
    .addColumn('plan_no', 'text', (c) => c.notNull().references('perf_plan.plan_no'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('job_number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('perf_plan_reviewer_pk', ['plan_no', 'role', 'job_number'])
    .execute();

  // A round's work: one task per plan × supplier × role × reviewer; status NOT_START 10, IN_PROGRESS 20, FINISHED 30.
  await db.schema
    .createTable('perf_review_task')
    .addColumn('task_no', 'text', (c) => c.primaryKey())
    .addColumn('plan_no', 'text', (c) => c.notNull().references('perf_plan.plan_no'))
    .addColumn('supplier_no', 'text', (c) => c.notNull().references('supplier.supplier_no'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('reviewer_job_number', 'text', (c) => c.notNull())
    .addColumn('reviewer_name', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('remark', 'text')
    .addColumn('transferred_from_job_number', 'text')
    .addColumn('transferred_from_name', 'text')
    .addColumn('transfer_reason', 'text')
    .addColumn('transferred_at', 'timestamptz')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('perf_review_task_plan_idx').on('perf_review_task').columns(['plan_no', 'supplier_no']).execute();
  await db.schema.createIndex('perf_review_task_reviewer_idx').on('perf_review_task').columns(['reviewer_job_number', 'status']).execute();
  await db.schema
    .createTable('perf_score')
    .addColumn('task_no', 'text', (c) => c.notNull().references('perf_review_task.task_no'))
    .addColumn('index_id', 'uuid', (c) => c.notNull().references('perf_index.id'))
    // null: the reviewer has no basis to score this index for this supplier (no data).
    .addColumn('score', sql`numeric(5,2)`)
    .addColumn('remark', 'text')
    .addColumn('scored_by_job_number', 'text', (c) => c.notNull())
    .addColumn('scored_by_name', 'text', (c) => c.notNull())
    .addColumn('scored_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('perf_score_pk', ['task_no', 'index_id'])
    .execute();

  // Facts about a supplier in a period (PPM, on-time delivery %, disruptions…), shared by every plan and version.
  await db.schema
    .createTable('perf_figure')
    .addColumn('supplier_no', 'text', (c) => c.notNull().references('supplier.supplier_no'))
    .addColumn('period_type', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('figure_kind', 'text', (c) => c.notNull())
    .addColumn('value', sql`numeric(14,4)`, (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('MANUAL'))
    .addColumn('remark', 'text')
    .addColumn('entered_by_job_number', 'text', (c) => c.notNull())
    .addColumn('entered_by_name', 'text', (c) => c.notNull())
    .addColumn('entered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('perf_figure_pk', ['supplier_no', 'period_type', 'period', 'figure_kind'])
    .execute();

  await db.schema
    .createTable('perf_supplier_summary')
    .addColumn('plan_no', 'text', (c) => c.notNull().references('perf_plan.plan_no'))
    .addColumn('supplier_no', 'text', (c) => c.notNull().references('supplier.supplier_no'))
    // null with no_data: nothing was scored or measured for the supplier (never 100).
    .addColumn('calculated_score', sql`numeric(5,2)`)
    .addColumn('no_data', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('knocked_out', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('adjusted_score', sql`numeric(5,2)`)
    .addColumn('adjust_reason', 'text')
    .addColumn('adjusted_by_job_number', 'text')
    .addColumn('adjusted_by_name', 'text')
    .addColumn('adjusted_at', 'timestamptz')
    // The grade of the final score (adjusted, else calculated) under the plan's thresholds and knock-out rule.
    .addColumn('grade', 'text')
    .addColumn('trace', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('calculated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('perf_supplier_summary_pk', ['plan_no', 'supplier_no'])
    .execute();
  await db.schema
    .createTable('perf_score_adjustment')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('plan_no', 'text', (c) => c.notNull().references('perf_plan.plan_no'))
    .addColumn('supplier_no', 'text', (c) => c.notNull())
    .addColumn('score_before', sql`numeric(5,2)`)
    .addColumn('score_after', sql`numeric(5,2)`)
    .addColumn('grade_before', 'text')
    .addColumn('grade_after', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('adjusted_by_job_number', 'text', (c) => c.notNull())
    .addColumn('adjusted_by_name', 'text', (c) => c.notNull())
    .addColumn('adjusted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('perf_score_adjustment_idx').on('perf_score_adjustment').columns(['plan_no', 'supplier_no', 'adjusted_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
