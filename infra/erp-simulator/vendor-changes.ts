import { configurationProblemMessages, configurationProblems } from '#adapters/erp/configuration-check.ts';
import { odataError, vendorChangeSchema, vendorInputOf, organizationNameOf, type BusinessPartnerEntity } from '#adapters/erp/odata-contract.ts';
import { answerOnce, type Repeatability, type SimulatorResponse } from './repeatable.ts';
import { readConfiguration, type SimulatorDb } from './store.ts';

/**
 * Changes of a vendor's master data (an approved supplier information change), as the ERP would take
 * them: the vendor must exist, the payload must match the ERP's configuration; its parts replace the
 * partner's (the tax number stays). One row per change done, so a test can count that a retried request
 * changed once.
 */
export function changeVendor(db: SimulatorDb, payload: unknown, repeatability?: Repeatability): Promise<SimulatorResponse> {
  return answerOnce(db, repeatability, async (trx) => {
    const parsed = vendorChangeSchema.safeParse(payload);
    if (!parsed.success) {
      return { status: 400, body: odataError('SIM/PAYLOAD', parsed.error.issues.map((i) => `${i.path.join('/') || 'payload'}: ${i.message}`)) };
    }
    const { Supplier, ...parts } = parsed.data;
    const problems = configurationProblems(vendorInputOf(parts), await readConfiguration(trx));
    if (problems.length) return { status: 400, body: odataError('SIM/CUSTOMIZING', configurationProblemMessages(problems)) };
    const row = await trx.selectFrom('business_partner').select(['business_partner', 'entity']).where('business_partner', '=', Supplier).forUpdate().executeTakeFirst();
    if (!row) return { status: 400, body: odataError('SIM/NOT_FOUND', [`Supplier ${Supplier} does not exist`]) };
    const before = row.entity as BusinessPartnerEntity;
    const entity: BusinessPartnerEntity = {
      ...before,
      ...parts,
      // The partner keeps its number and tax registration; the supplier parts are replaced.
      BusinessPartner: before.BusinessPartner,
      to_BusinessPartnerTax: before.to_BusinessPartnerTax,
      to_Supplier: { ...parts.to_Supplier, Supplier: before.to_Supplier.Supplier },
    };
    await trx
      .updateTable('business_partner')
      .set({ organization_name: organizationNameOf(entity), entity: JSON.stringify(entity) })
      .where('business_partner', '=', Supplier)
      .execute();
    const change = await trx.insertInto('vendor_change').values({ supplier: Supplier, entity: JSON.stringify(entity) }).returning(['id']).executeTakeFirstOrThrow();
    return { status: 201, body: { d: { ChangeId: String(change.id), Supplier } } };
  });
}

/** The changes recorded for a supplier number, oldest first. */
export async function changesOf(db: SimulatorDb, supplier: string) {
  const rows = await db.selectFrom('vendor_change').select(['id', 'supplier']).where('supplier', '=', supplier).orderBy('id').execute();
  return rows.map((r) => ({ ChangeId: String(r.id), Supplier: r.supplier }));
}
