import type { DbOrTrx } from '#db/connection.ts';
import { RELEASE_LIMITS, highPotentialDocuments, newBankRow, newPurchaseGroupRow, releaseFormSchema, type ReleaseForm, type ReleaseFormValues } from '#domain/release/release-form.ts';
import type { RfiSection } from '#domain/rfi/sections/index.ts';
import type { ReleaseFlow } from './release-context.ts';
import { defaultCompanyAndOrganization } from './release-lookups.ts';

/**
 * The release form a supplier-code application starts with (req flow §4.5, issue: "prefilled from the
 * RFI"): basic info, invoice, factories and contacts from the supplier's questionnaire — for an
 * expansion, whose questionnaire keeps no company steps, basic info and contacts from the supplier
 * master — the default company codes and organisations, one default bank row in the supplier's name,
 * and the high-potential conclusion files when the KCP2 conclusion asks for them.
 */
export async function prefillReleaseForm(db: DbOrTrx, flow: ReleaseFlow, opts: { supplierCode: string | undefined; highPotential: boolean; effectivePurchaseOrgs: readonly string[] }): Promise<ReleaseForm> {
  const sections = await questionnaireSections(db, flow.flowNo);
  const company = (sections.company ?? {}) as Partial<RfiSection<'company'>>;
  const factories = (sections.factories ?? {}) as Partial<RfiSection<'factories'>>;
  const rfiContacts = ((sections.contacts ?? {}) as Partial<RfiSection<'contacts'>>).contactList ?? [];
  const master = flow.applyType === 2 && flow.supplierNo ? await supplierMaster(db, flow.supplierNo) : undefined;
  const defaults = await defaultCompanyAndOrganization(db);
  const supplierName = company.companyChineseName ?? master?.name ?? flow.supplierName;
  const orgs = [...new Set([...defaults.purchasingOrgs, ...opts.effectivePurchaseOrgs])];

  const values: ReleaseFormValues = {
    basicInfo: {
      supplierName,
      supplierCode: opts.supplierCode,
      creditCode: flow.creditCode ?? company.creditCode ?? master?.credit_code,
      supplierType: company.supplierType,
      enterpriseScale: company.enterpriseScale ?? master?.enterprise_scale,
      supplierShortName: clip(company.supplierShortName ?? master?.short_name, RELEASE_LIMITS.supplierShortName),
      countryCode: company.countryCode ?? master?.country_code,
      countryName: company.countryName,
      provinceCode: company.provinceCode ?? master?.province_code,
      provinceName: company.provinceName,
      city: company.city,
      cityCode: master?.city_code,
      address: company.address ?? master?.address,
      legalName: company.legalName ?? master?.legal_name,
      postalCode: company.postalCode ?? master?.postal_code,
      companyPhone: company.companyPhone ?? master?.company_phone,
    },
    factoryInfoDtoList: factories.factoryList ?? [],
    contactList: rfiContacts.length ? rfiContacts : (master?.contacts ?? []),
    bankList: [{ ...newBankRow(true), accountName: clip(supplierName, RELEASE_LIMITS.accountName) }],
    purchase: { companyCodes: defaults.companyCodes, reconcileAccounts: '', paymentMethodCode: '', paymentMethod: '' },
    purchaseGroupList: [newPurchaseGroupRow(orgs)],
    invoice: { bankCardNum: company.bankCardNum, bankName: company.bankName, invoiceAddress: company.invoiceAddress, invoicePhone: company.invoicePhone },
    documentList: opts.highPotential ? await conclusionFiles(db, flow.flowNo) : [],
  };
  return keepValid(values);
}

/**
 * The sources met their own rules, which are not always the form's (a supplier-master contact name may
 * be longer than a release contact's): a value the form's draft rules refuse is left out, so the
 * principal fills it in rather than the application failing.
 */
function keepValid(values: ReleaseFormValues): ReleaseForm {
  const schema = releaseFormSchema('draft');
  for (let pass = 0; pass < 3; pass++) {
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) unset(values as Record<string, unknown>, issue.path);
  }
  return schema.parse(values);
}

function unset(target: Record<string, unknown>, path: readonly PropertyKey[]): void {
  let node: unknown = target;
  for (const key of path.slice(0, -1)) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
  const key = path[path.length - 1]!;
  // A bad row becomes an empty one, so the other rows keep their places.
  if (Array.isArray(node)) node[key as number] = {};
  else if (node && typeof node === 'object') delete (node as Record<PropertyKey, unknown>)[key];
}

const clip = (v: string | null | undefined, max: number) => (v ? v.slice(0, max) : undefined);

async function questionnaireSections(db: DbOrTrx, flowNo: string): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('rfi_application').select('sections').where('flow_no', '=', flowNo).orderBy('created_at', 'desc').executeTakeFirst();
  return row?.sections ?? {};
}

async function supplierMaster(db: DbOrTrx, supplierNo: string) {
  const supplier = await db.selectFrom('supplier').selectAll().where('supplier_no', '=', supplierNo).executeTakeFirst();
  if (!supplier) return undefined;
  const contacts = await db.selectFrom('supplier_contact').select(['name', 'email', 'area_code', 'phone', 'position']).where('supplier_no', '=', supplierNo).orderBy('created_at').limit(10).execute();
  return {
    ...supplier,
    contacts: contacts.map((c) => ({ name: c.name, email: c.email, contactAreaCode: c.area_code, contactNumber: c.phone, position: c.position, categoryCodeList: [] })),
  };
}

/** The high-potential application's conclusion files (documentType meet_conclusion). */
async function conclusionFiles(db: DbOrTrx, flowNo: string) {
  const row = await db.selectFrom('high_potential_application').select('documents').where('flow_no', '=', flowNo).executeTakeFirst();
  return highPotentialDocuments(row?.documents ?? []).map((d) => ({ documentType: d.documentType, documentName: d.documentName, documentUrl: d.documentUrl }));
}
