import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Staff pickers also find a person by e-mail: the search expression gains the address, and its two indexes
// (btree, and trigram where pg_trgm is there) are built again on the new expression.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists staff_search_idx`.execute(db);
  await sql`create index staff_search_idx on staff (lower(name || ' ' || job_number || ' ' || username || ' ' || email))`.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        drop index if exists staff_search_trgm_idx;
        create index staff_search_trgm_idx on staff
          using gin (lower(name || ' ' || job_number || ' ' || username || ' ' || email) gin_trgm_ops);
      end if;
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
