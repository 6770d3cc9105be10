import { sql, type Kysely } from 'kysely';

// Frozen in time: never import application code here, never edit after it has shipped.
// Admission (a flow at stage 90): the supplier master keeps the approved release form as the system
// of record for later information changes, and new suppliers get their numbers from a sequence.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('supplier')
    // Basic info, factories (with codes), contacts, banks, purchase data and invoice; null for suppliers
    // taken over from before the platform.
    .addColumn('master', 'jsonb')
    // The flow whose approved release form the master is.
    .addColumn('master_flow_no', 'text')
    .execute();
  // SN + six digits; the demo and taken-over suppliers use numbers below 100000.
  await sql`create sequence if not exists supplier_no_seq start with 100000`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
