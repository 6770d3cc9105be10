import type { Db } from '#db/connection.ts';
import { DEFAULT_SUPPLIER_ROLES } from '#domain/supplier-portal/roles.ts';

/**
 * A supplier that has passed the RFI gets a portal account for its contact's e-mail (req flow §4.7:
 * self-inspection needs one), joined to the flow. Idempotent: an existing account (the same contact
 * in an earlier flow) is joined to this flow and keeps its roles. Returns the account id, or
 * undefined when the flow has no contact e-mail (an expansion may have none).
 */
export async function ensureSupplierAccount(db: Db, flowNo: string): Promise<string | undefined> {
  const flow = await db.selectFrom('cert_flow').select(['contact_email', 'supplier_name', 'locale']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  if (!flow.contact_email) return undefined;
  const email = flow.contact_email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('supplier_account')
      .values({ email, supplier_name: flow.supplier_name, locale: flow.locale, roles: JSON.stringify(DEFAULT_SUPPLIER_ROLES) })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    const account = await trx.selectFrom('supplier_account').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await trx
      .insertInto('supplier_account_flow')
      .values({ account_id: account.id, flow_no: flowNo })
      .onConflict((oc) => oc.columns(['account_id', 'flow_no']).doNothing())
      .execute();
    return account.id;
  });
}

/** The portal account of a flow's supplier, with its roles (for the self-inspection warning). */
export async function accountOfFlow(db: Db, flowNo: string) {
  return db
    .selectFrom('supplier_account_flow as f')
    .innerJoin('supplier_account as a', 'a.id', 'f.account_id')
    .select(['a.id', 'a.email', 'a.roles', 'a.active'])
    .where('f.flow_no', '=', flowNo)
    .executeTakeFirst();
}

export { mailNewSupplierAccount } from './account-mail.ts';
