import fs from 'node:fs';
import { Kysely, PostgresDialect, sql, type Generated } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { ErpConfiguration } from '#adapters/erp/erp-client.ts';
import { VALUE_HELPS } from '#adapters/erp/odata-contract.ts';
import {
  ERP_COMPANIES,
  ERP_CURRENCIES,
  ERP_INCOTERMS,
  ERP_PAYMENT_METHODS,
  ERP_PAYMENT_TERMS,
  ERP_PURCHASING_ORGS,
  ERP_RECONCILIATION_ACCOUNTS,
  type ErpReferenceEntry,
} from '#domain/erp-reference.ts';

/** The simulator's own tables, in their own schema: they never mix with the platform's. */
const SCHEMA = 'erp_simulator';

export interface SimulatorTables {
  business_partner: {
    business_partner: string;
    tax_number: string;
    organization_name: string;
    /** The partner as created (A_BusinessPartner with its parts), answered as is. */
    entity: unknown;
    created_at: Generated<Date>;
  };
  /** Responses kept per Repeatability-Request-ID, answered again for the same id. */
  repeatable_request: {
    request_id: string;
    first_sent: string | null;
    status: number;
    body: unknown;
    created_at: Generated<Date>;
  };
  /** Purchasing blocks (supplier exits): one row per block done. */
  purchasing_block: {
    id: Generated<number>;
    supplier: string;
    block_scope: string;
    material_groups: unknown;
    created_at: Generated<Date>;
  };
  /** Changes of vendors' master data (information changes): one row per change done. */
  vendor_change: {
    id: Generated<number>;
    supplier: string;
    entity: unknown;
    created_at: Generated<Date>;
  };
  /** The ERP's customising: one row per value of each kind (company code, payment terms, …). */
  config_value: { kind: string; code: string; description: string };
}

export type SimulatorDb = Kysely<SimulatorTables>;

export interface SimulatorStore {
  db: SimulatorDb;
  close(): Promise<void>;
}

/** The customising the simulator starts with: the platform's reference data, so the two agree. */
const SEED: Record<keyof ErpConfiguration, readonly ErpReferenceEntry[]> = {
  companyCodes: ERP_COMPANIES,
  purchasingOrganizations: ERP_PURCHASING_ORGS,
  reconciliationAccounts: ERP_RECONCILIATION_ACCOUNTS,
  paymentTerms: ERP_PAYMENT_TERMS,
  paymentMethods: ERP_PAYMENT_METHODS,
  currencies: ERP_CURRENCIES,
  incoterms: ERP_INCOTERMS,
};

/**
 * PostgreSQL (schema `erp_simulator`) when a database URL is given, else PGlite in `dataDir`.
 * Tables, the supplier-number sequence and the seeded customising are created when missing, so a
 * restart finds its vendors and continues their numbering.
 */
export async function openSimulatorStore(opts: { databaseUrl?: string; dataDir: string }): Promise<SimulatorStore> {
  let root: Kysely<SimulatorTables>;
  let closeClient: () => Promise<void> = async () => undefined;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 5 });
    pool.on('error', (err) => console.warn(`erp-simulator: database connection lost: ${err.message}`));
    root = new Kysely<SimulatorTables>({ dialect: new PostgresDialect({ pool }) });
  } else {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const client = await PGlite.create(opts.dataDir);
    root = new Kysely<SimulatorTables>({ dialect: new PGliteDialect(client) });
    closeClient = async () => {
      if (!client.closed) await client.close();
    };
  }
  const statements = [
    sql`create schema if not exists ${sql.id(SCHEMA)}`,
    // Eight-digit supplier numbers, as an S/4 external number range for vendors.
    sql`create sequence if not exists ${sql.id(SCHEMA, 'supplier_number')} start 10000000 minvalue 10000000 maxvalue 99999999`,
    sql`create table if not exists ${sql.id(SCHEMA, 'business_partner')} (
      business_partner text primary key,
      tax_number text not null unique,
      organization_name text not null,
      entity jsonb not null,
      created_at timestamptz not null default now())`,
    sql`create table if not exists ${sql.id(SCHEMA, 'repeatable_request')} (
      request_id text primary key,
      first_sent text,
      status integer not null,
      body jsonb not null,
      created_at timestamptz not null default now())`,
    sql`create table if not exists ${sql.id(SCHEMA, 'purchasing_block')} (
      id serial primary key,
      supplier text not null,
      block_scope text not null,
      material_groups jsonb not null,
      created_at timestamptz not null default now())`,
    sql`create table if not exists ${sql.id(SCHEMA, 'vendor_change')} (
      id serial primary key,
      supplier text not null,
      entity jsonb not null,
      created_at timestamptz not null default now())`,
    sql`create table if not exists ${sql.id(SCHEMA, 'config_value')} (
      kind text not null,
      code text not null,
      description text not null,
      primary key (kind, code))`,
  ];
  for (const statement of statements) await statement.execute(root);
  const db = root.withSchema(SCHEMA);
  // Values an operator removed or renamed stay as they are; new reference values are added.
  const rows = Object.entries(SEED).flatMap(([kind, entries]) => entries.map((e) => ({ kind, code: e.code, description: e.en })));
  await db.insertInto('config_value').values(rows).onConflict((oc) => oc.columns(['kind', 'code']).doNothing()).execute();
  return {
    db,
    async close() {
      await root.destroy();
      await closeClient();
    },
  };
}

export async function readConfiguration(db: SimulatorDb): Promise<ErpConfiguration> {
  const rows = await db.selectFrom('config_value').select(['kind', 'code']).orderBy('kind').orderBy('code').execute();
  const config = Object.fromEntries(Object.keys(VALUE_HELPS).map((k) => [k, [] as string[]])) as unknown as ErpConfiguration;
  for (const row of rows) config[row.kind as keyof ErpConfiguration]?.push(row.code);
  return config;
}

export async function nextSupplierNumber(db: Kysely<SimulatorTables>): Promise<string> {
  const { rows } = await sql<{ n: string | number }>`select nextval(${`${SCHEMA}.supplier_number`}) as n`.execute(db);
  return String(rows[0].n);
}
