import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Banks for the release form's bank accounts (req flow §3.16, §7.9 all-head-bank, search-bank): head
// banks and their branches (a branch code is the CNAPS number of a Chinese branch or the BIC of a
// foreign one). Seeded; an installation may load its full bank directory into the same tables.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bank_head')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('bank_branch')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('head_code', 'text', (c) => c.notNull().references('bank_head.code'))
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    // The SWIFT/BIC of the branch where it has one.
    .addColumn('swift_code', 'text')
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('province_name', 'text')
    .addColumn('city_name', 'text')
    .execute();
  await db.schema.createIndex('bank_branch_head_idx').on('bank_branch').columns(['head_code', 'code']).execute();
  // Branch search matches any part of the name (`like '%kw%'`): a trigram index where pg_trgm exists.
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index if not exists bank_branch_search_trgm_idx on bank_branch
          using gin (lower(name_zh || ' ' || name_en || ' ' || code) gin_trgm_ops);
      end if;
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
