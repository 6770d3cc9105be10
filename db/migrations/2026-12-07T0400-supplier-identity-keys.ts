import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The duplicate check before an invitation (docs/decisions/0054-a-duplicate-check-at-the-door.md): a company name's key —
// full-width folded to half-width (NFKC), lower case, punctuation as spaces, the legal-form suffix dropped (有限公司,
// 股份有限公司, Co., Ltd., Inc., GmbH …), spaces dropped — kept beside every supplier and flow, indexed with the credit
// code, so a new application is compared with 100,000 of them by index.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function supplier_name_key(name text) returns text
    language sql immutable parallel safe as $$
      select regexp_replace(
        regexp_replace(
          regexp_replace(
            btrim(regexp_replace(lower(normalize(coalesce(name, ''), NFKC)), '[[:punct:]。、·・]+', ' ', 'g')),
            '([[:space:]]+(co[[:space:]]+ltd|co[[:space:]]+limited|company[[:space:]]+limited|ltd|limited|inc|incorporated|corp|corporation|company|gmbh|llc|ag|plc|s[[:space:]]*a|b[[:space:]]*v|co))+$', ''),
          '(股份有限公司|有限责任公司|有限公司|公司)$', ''),
        '[[:space:]]+', '', 'g')
    $$`.execute(db);
  await sql`alter table supplier add column if not exists name_key text generated always as (supplier_name_key(name)) stored`.execute(db);
  await sql`alter table cert_flow add column if not exists name_key text generated always as (supplier_name_key(supplier_name)) stored`.execute(db);
  await sql`create index if not exists supplier_name_key_idx on supplier (name_key)`.execute(db);
  await sql`create index if not exists supplier_credit_code_idx on supplier (credit_code)`.execute(db);
  await sql`create index if not exists cert_flow_name_key_idx on cert_flow (name_key)`.execute(db);
  await sql`create index if not exists cert_flow_credit_code_idx on cert_flow (credit_code)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
