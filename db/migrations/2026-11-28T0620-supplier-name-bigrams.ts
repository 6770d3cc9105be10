import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// A two-character supplier name search (req flow §2.1, "contains") has no trigram, so the trigram index
// cannot narrow it. Each flow keeps the distinct two-character pieces of its lower-cased supplier name in
// a generated column with a GIN index: a name contains a two-character term exactly when the term is
// one of its pieces. The page index carries the supplier name, so a common term (a city that starts a
// tenth of the names) is found walking that index in page order without reading the table
// (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Flow list at a million flows").
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function supplier_name_bigrams(name text) returns text[]
    language sql immutable parallel safe strict
    return array(select distinct substr(lower(name), i, 2) from generate_series(1, char_length(name) - 1) as i)`.execute(db);
  await sql`alter table cert_flow add column supplier_name_bigrams text[] generated always as (supplier_name_bigrams(supplier_name)) stored`.execute(db);
  await sql`create index cert_flow_supplier_bigram_idx on cert_flow using gin (supplier_name_bigrams)`.execute(db);
  await sql`drop index cert_flow_list_idx`.execute(db);
  await sql`create index cert_flow_list_idx on cert_flow (start_time desc, flow_no desc) include (supplier_name)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
