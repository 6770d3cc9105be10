import type { Transaction } from 'kysely';
import { configurationProblemMessages, configurationProblems } from '#adapters/erp/configuration-check.ts';
import {
  BUSINESS_PARTNER_SERVICE,
  businessPartnerCreateSchema,
  odataError,
  organizationNameOf,
  vendorInputOf,
  type BusinessPartnerEntity,
} from '#adapters/erp/odata-contract.ts';
import { answerOnce, type Repeatability, type SimulatorResponse } from './repeatable.ts';
import { nextSupplierNumber, readConfiguration, type SimulatorDb, type SimulatorTables } from './store.ts';

export type { SimulatorResponse } from './repeatable.ts';


/**
 * Creates a vendor as the ERP would: the payload's form, the ERP's configuration, no second partner
 * for a tax number; then the next supplier number. With a repeatability request id the answer is
 * kept under it, and the same id gets the same answer again — the vendor the first call created, or
 * its refusal — without doing anything twice.
 */
export function createPartner(db: SimulatorDb, payload: unknown, repeatability?: Repeatability): Promise<SimulatorResponse> {
  return answerOnce(db, repeatability, (trx) => decide(trx, payload));
}

async function decide(trx: Transaction<SimulatorTables>, payload: unknown): Promise<SimulatorResponse> {
  const parsed = businessPartnerCreateSchema.safeParse(payload);
  if (!parsed.success) {
    const messages = parsed.error.issues.map((i) => `${i.path.join('/') || 'payload'}: ${i.message}`);
    return refusal('SIM/PAYLOAD', messages);
  }
  const bp = parsed.data;
  const problems = configurationProblems(vendorInputOf(bp), await readConfiguration(trx));
  if (problems.length) return refusal('SIM/CUSTOMIZING', configurationProblemMessages(problems));

  const taxNumber = bp.to_BusinessPartnerTax.results[0].BPTaxNumber;
  const existing = await trx.selectFrom('business_partner').select(['business_partner', 'organization_name']).where('tax_number', '=', taxNumber).executeTakeFirst();
  if (existing) {
    return refusal('SIM/DUPLICATE', [`Tax number ${taxNumber} is already assigned to business partner ${existing.business_partner} (${existing.organization_name})`]);
  }

  // The supplier number is the partner number, as with S/4's synchronised number ranges.
  const number = await nextSupplierNumber(trx);
  const entity: BusinessPartnerEntity = { ...bp, BusinessPartner: number, to_Supplier: { Supplier: number, ...bp.to_Supplier } };
  await trx
    .insertInto('business_partner')
    .values({ business_partner: number, tax_number: taxNumber, organization_name: organizationNameOf(bp), entity: JSON.stringify(entity) })
    .execute();
  return { status: 201, body: { d: withMetadata(entity) } };
}

function refusal(code: string, messages: string[]): SimulatorResponse {
  return { status: 400, body: odataError(code, messages) };
}

export async function findPartnerTaxNumbers(db: SimulatorDb, taxNumber: string) {
  const rows = await db.selectFrom('business_partner').select(['business_partner', 'tax_number', 'entity']).where('tax_number', '=', taxNumber).execute();
  return rows.map((r) => ({
    BusinessPartner: r.business_partner,
    BPTaxType: (r.entity as BusinessPartnerEntity).to_BusinessPartnerTax.results[0].BPTaxType,
    BPTaxNumber: r.tax_number,
  }));
}

/** The partner with the navigation properties `expand` names; the others deferred, as OData V2 answers. */
export async function readPartner(db: SimulatorDb, businessPartner: string, expand: string[]): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom('business_partner').select('entity').where('business_partner', '=', businessPartner).executeTakeFirst();
  if (!row) return undefined;
  const entity = withMetadata(row.entity as BusinessPartnerEntity);
  const uri = `${BUSINESS_PARTNER_SERVICE}/A_BusinessPartner('${businessPartner}')`;
  for (const key of Object.keys(entity)) {
    if (key.startsWith('to_') && !expand.includes(key)) entity[key] = { __deferred: { uri: `${uri}/${key}` } };
  }
  return entity;
}

export async function countPartners(db: SimulatorDb): Promise<number> {
  const { n } = await db.selectFrom('business_partner').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

function withMetadata(entity: BusinessPartnerEntity): Record<string, unknown> {
  const uri = `${BUSINESS_PARTNER_SERVICE}/A_BusinessPartner('${entity.BusinessPartner}')`;
  return { __metadata: { id: uri, uri, type: 'API_BUSINESS_PARTNER.A_BusinessPartnerType' }, ...entity };
}
