import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// The supplier master: suppliers accepted by a released flow, the categories each is accessed for
// and its contacts. The expand apply reads it; the release node writes it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('supplier')
    .addColumn('supplier_no', 'text', (c) => c.primaryKey())
    .addColumn('supplier_code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text')
    .addColumn('short_name', 'text')
    .addColumn('credit_code', 'text', (c) => c.notNull())
    // 10 mainland, 20 Hong Kong/Macao/Taiwan, 30 overseas (req rfi §3).
    .addColumn('certified_region', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('country_code', 'text')
    .addColumn('province_code', 'text')
    .addColumn('city_code', 'text')
    .addColumn('address', 'text')
    .addColumn('legal_name', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('company_phone', 'text')
    .addColumn('enterprise_scale', 'text')
    // 10 active, 20 disabled (an exited supplier stays for history).
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
    // The flow that released it (null for suppliers taken over from before the platform).
    .addColumn('source_flow_no', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('supplier_credit_code_idx').on('supplier').column('credit_code').execute();

  await db.schema
    .createTable('supplier_category')
    .addColumn('supplier_no', 'text', (c) => c.notNull().references('supplier.supplier_no').onDelete('cascade'))
    .addColumn('category_code', 'text', (c) => c.notNull().references('category.code'))
    // Req flow §3.18: status 20 = disabled; life cycle 1 = high potential, 2 = eliminated (0 = neither).
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('life_cycle', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flow_no', 'text')
    .addColumn('accessed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('supplier_category_pk', ['supplier_no', 'category_code'])
    .execute();

  await db.schema
    .createTable('supplier_contact')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('supplier_no', 'text', (c) => c.notNull().references('supplier.supplier_no').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('area_code', 'text', (c) => c.notNull().defaultTo('+86'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('position', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('supplier_contact_supplier_idx').on('supplier_contact').column('supplier_no').execute();

  // The apply drawer searches by any part of name or code; a trigram index serves `ilike '%x%'`
  // where pg_trgm exists (see the staff search migration), else the search scans.
  await sql`
    do $$
    begin
      if exists (select 1 from pg_extension where extname = 'pg_trgm') then
        create index if not exists supplier_search_trgm_idx on supplier
          using gin (lower(name || ' ' || supplier_code) gin_trgm_ops);
      end if;
    end $$`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
