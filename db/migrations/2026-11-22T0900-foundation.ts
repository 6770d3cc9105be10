import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dict_entry')
    .addColumn('dict_type', 'text', (c) => c.notNull())
    .addColumn('dict_key', 'text', (c) => c.notNull())
    .addColumn('label_zh', 'text', (c) => c.notNull())
    .addColumn('label_en', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra', 'jsonb')
    .addPrimaryKeyConstraint('dict_entry_pk', ['dict_type', 'dict_key'])
    .execute();

  await db.schema
    .createTable('area')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('level', 'text', (c) => c.notNull()) // country | province | city
    .addColumn('parent_code', 'text')
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('area_parent_idx').on('area').columns(['level', 'parent_code']).execute();

  await db.schema
    .createTable('cmt')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('leader_job_number', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('category')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('level', 'integer', (c) => c.notNull()) // 1 large, 2 middle, 3 small
    .addColumn('parent_code', 'text')
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('cmt_code', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10)) // 20 disabled
    .addColumn('life_cycle', 'integer', (c) => c.notNull().defaultTo(0)) // 1 high potential, 2 eliminated
    .execute();
  await db.schema.createIndex('category_parent_idx').on('category').column('parent_code').execute();

  await db.schema
    .createTable('role')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('permissions', 'jsonb', (c) => c.notNull()) // string[] of permission keys and route keys
    .execute();

  await db.schema
    .createTable('staff')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('job_number', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('department_id', 'text')
    .addColumn('department_name', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('roles', 'jsonb', (c) => c.notNull()) // string[] of role codes
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('staff_search_idx')
    .on('staff')
    .expression(sql`lower(name || ' ' || job_number || ' ' || username)`)
    .execute();

  await db.schema
    .createTable('staff_session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'uuid', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('scenario')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('apply_type', 'integer', (c) => c.notNull()) // 1 register, 2 expand
    .addColumn('node_plan', 'jsonb', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createTable('flow_no_seq').addColumn('day', 'text', (c) => c.primaryKey()).addColumn('last', 'integer', (c) => c.notNull()).execute();

  await db.schema
    .createTable('cert_flow')
    .addColumn('flow_no', 'text', (c) => c.primaryKey())
    .addColumn('apply_type', 'integer', (c) => c.notNull())
    .addColumn('supplier_no', 'text')
    .addColumn('supplier_code', 'text')
    .addColumn('supplier_name', 'text', (c) => c.notNull())
    .addColumn('category_list', 'jsonb', (c) => c.notNull()) // [{ code, name }]
    .addColumn('cmt_code', 'text', (c) => c.notNull())
    .addColumn('cert_scenario', 'text', (c) => c.notNull())
    .addColumn('apply_reason', 'text', (c) => c.notNull())
    .addColumn('recommend_job', 'text', (c) => c.notNull())
    .addColumn('recommend_name', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text')
    .addColumn('contact_area_code', 'text', (c) => c.notNull())
    .addColumn('contact_number', 'text', (c) => c.notNull())
    .addColumn('certified_region', 'integer')
    .addColumn('credit_code', 'text')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh'))
    .addColumn('node_plan', 'jsonb', (c) => c.notNull())
    .addColumn('stage', 'integer', (c) => c.notNull())
    .addColumn('current_node_code', 'text', (c) => c.notNull())
    .addColumn('purchase_job_number', 'text', (c) => c.notNull())
    .addColumn('cmt_leader_job_number', 'text', (c) => c.notNull())
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('pass_time', 'timestamptz')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('cert_flow_stage_idx').on('cert_flow').columns(['stage', 'start_time']).execute();
  await db.schema.createIndex('cert_flow_start_idx').on('cert_flow').column('start_time').execute();
  await db.schema.createIndex('cert_flow_purchase_idx').on('cert_flow').column('purchase_job_number').execute();

  await db.schema
    .createTable('cert_flow_node')
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    .addColumn('node_code', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('stage', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull()) // 10 not finished, 11 in progress, 20 finished
    .addColumn('node_required', 'integer', (c) => c.notNull()) // 10 required, 20 optional
    .addColumn('kcp', 'boolean', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addPrimaryKeyConstraint('cert_flow_node_pk', ['flow_no', 'node_code'])
    .execute();

  await db.schema
    .createTable('cert_task')
    .addColumn('task_no', 'text', (c) => c.primaryKey())
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    .addColumn('node_code', 'text', (c) => c.notNull())
    .addColumn('task_type', 'text', (c) => c.notNull())
    .addColumn('task_name', 'text', (c) => c.notNull())
    .addColumn('principal_job_number', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull()) // 10 not started, 20 in progress, 30 finished
    .addColumn('apply_no', 'text')
    .addColumn('end_time', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('cert_task_flow_idx').on('cert_task').columns(['flow_no', 'node_code']).execute();

  await db.schema
    .createTable('rfi_application')
    .addColumn('apply_no', 'text', (c) => c.primaryKey())
    .addColumn('flow_no', 'text', (c) => c.notNull().references('cert_flow.flow_no').onDelete('cascade'))
    .addColumn('temp_hash', 'text', (c) => c.notNull().unique())
    .addColumn('temp_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('invite_seq', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull()) // 10 filling, 20 submitted, 30 returned, 40 passed
    .addColumn('current_step', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sections', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('rfi_application_flow_idx').on('rfi_application').column('flow_no').execute();

  await db.schema
    .createTable('supplier_login_code')
    .addColumn('apply_no', 'text', (c) => c.primaryKey().references('rfi_application.apply_no').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('supplier_session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('apply_no', 'text', (c) => c.notNull().references('rfi_application.apply_no').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('captcha_challenge')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('solved_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('stored_file')
    .addColumn('file_key', 'text', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('owner_kind', 'text', (c) => c.notNull()) // staff | supplier
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // stored | sent | failed
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('mail_outbox_to_idx').on('mail_outbox').columns(['to_address', 'id']).execute();

  await db.schema
    .createTable('operation_history')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('relation_type', 'integer', (c) => c.notNull())
    .addColumn('relation_code', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('operation_history_relation_idx')
    .on('operation_history')
    .columns(['relation_type', 'relation_code', 'id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
