import type { DbOrTrx } from '#db/connection.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';

/** The purchasing manager of the supplier's latest admitted flow, while on staff: they follow its certificates. */
export async function supplierPurchaser(db: DbOrTrx, supplierNo: string): Promise<{ jobNumber: string; name: string; email: string | null; locale: string } | undefined> {
  const row = await db
    .selectFrom('cert_flow as f')
    .innerJoin('staff as s', 's.job_number', 'f.purchase_job_number')
    .select(['s.job_number', 's.name', 's.email', 's.locale'])
    .where('f.supplier_no', '=', supplierNo)
    .where('f.stage', '=', STAGE.FINISHED)
    .where('s.active', '=', true)
    .orderBy('f.pass_time', 'desc')
    .orderBy('f.flow_no', 'desc')
    .executeTakeFirst();
  return row && { jobNumber: row.job_number, name: row.name, email: row.email, locale: row.locale };
}

/** The supplier's active portal accounts (those of its flows), each in its own language. */
export async function supplierPortalContacts(db: DbOrTrx, supplierNo: string): Promise<{ email: string; locale: string; supplierName: string }[]> {
  return db
    .selectFrom('supplier_account as a')
    .innerJoin('supplier_account_flow as af', 'af.account_id', 'a.id')
    .innerJoin('cert_flow as f', 'f.flow_no', 'af.flow_no')
    .select(['a.email', 'a.locale', 'a.supplier_name as supplierName'])
    .where('f.supplier_no', '=', supplierNo)
    .where('a.active', '=', true)
    .distinct()
    .execute();
}
