import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The flow list (req flow §2.1) filters on "contains" for flow number and supplier name (trigram GIN
// indexes serve `ilike '%x%'`), on category codes (a GIN index on the category list serves `@>`)
// and on equality for CMT, CMT leader and scenario; purchasing manager and stage have btree indexes.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('cert_flow_leader_idx').on('cert_flow').columns(['cmt_leader_job_number', 'start_time']).execute();
  await db.schema.createIndex('cert_flow_scenario_idx').on('cert_flow').columns(['cert_scenario', 'start_time']).execute();
  await db.schema.createIndex('cert_flow_cmt_idx').on('cert_flow').columns(['cmt_code', 'start_time']).execute();
  await sql`create index cert_flow_category_idx on cert_flow using gin (category_list jsonb_path_ops)`.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index if not exists cert_flow_supplier_trgm_idx on cert_flow using gin (supplier_name gin_trgm_ops);
        create index if not exists cert_flow_no_trgm_idx on cert_flow using gin (flow_no gin_trgm_ops);
      end if;
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
