import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Scenarios become a configuration (req scenario §2.5): each save of an applied scenario is a new version
// that keeps its plan and settings; a flow records the version it started under, so its publicity
// period and due days stay those of its version when the scenario changes later (architecture §4).
const DIMENSIONS = [
  { code: 'QUALITY', owner: 'QUALITY_REVIEWER' },
  { code: 'TECHNOLOGY', owner: 'TECHNICAL_REVIEWER' },
  { code: 'PRODUCTION', owner: 'QUALITY_OPERATIONS' },
  { code: 'SUPPLY', owner: 'SUPPLY_REVIEWER' },
  { code: 'BUSINESS', owner: 'BUSINESS_REVIEWER' },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('scenario')
    .addColumn('scenario_type', 'text', (c) => c.notNull().defaultTo('NEW_SUPPLIER'))
    // 0 draft, 10 applied, 20 retired; `active` stays "offered to new flows" (status 10).
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('dimensions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('applied_version', 'integer')
    .addColumn('latest_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('scenario_version')
    .addColumn('scenario_code', 'text', (c) => c.notNull().references('scenario.code').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('scenario_type', 'text', (c) => c.notNull())
    .addColumn('node_plan', 'jsonb', (c) => c.notNull())
    .addColumn('publicity_seconds', 'integer', (c) => c.notNull())
    .addColumn('dimensions', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('applied_at', 'timestamptz')
    .addPrimaryKeyConstraint('scenario_version_pk', ['scenario_code', 'version'])
    .execute();
  await db.schema.alterTable('cert_flow').addColumn('scenario_version', 'integer').execute();

  // The seeded scenarios as they are: version 1, applied; their flows ran under it.
  await sql`update scenario set
      scenario_type = case when code in ('NEW_SUPPLIER', 'TRADING_COMPANY', 'CATEGORY_EXPANSION') then code
                           when apply_type = 2 then 'CATEGORY_EXPANSION' else 'NEW_SUPPLIER' end,
      status = case when active then 10 else 20 end,
      applied_version = 1,
      dimensions = ${JSON.stringify(DIMENSIONS)}::jsonb`.execute(db);
  await sql`insert into scenario_version (scenario_code, version, name_zh, name_en, scenario_type, node_plan, publicity_seconds, dimensions, created_by, applied_at)
      select code, 1, name_zh, name_en, scenario_type, node_plan, publicity_seconds, dimensions, 'system', now() from scenario`.execute(db);
  await sql`update cert_flow set scenario_version = 1`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
