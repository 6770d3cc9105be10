import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Staff search matches any part of name, job number or username (`like '%kw%'`), which a btree
// cannot serve; a trigram GIN index can. pg_trgm ships with Postgres; where it is not available
// (an embedded database started without the extension) the search falls back to a scan.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm not available: %', sqlerrm;
    end $$`.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index if not exists staff_search_trgm_idx on staff
          using gin (lower(name || ' ' || job_number || ' ' || username) gin_trgm_ops);
      end if;
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
