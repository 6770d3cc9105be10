import { z } from 'zod';
import type { ErpConfiguration, ErpVendor, ErpVendorInput } from './erp-client.ts';

/**
 * The HTTP contract between the platform and the ERP, spoken by the HTTP adapter and by the ERP
 * simulator alike. Shaped on S/4HANA's OData V2 services (JSON format):
 *
 * - `API_BUSINESS_PARTNER`: a deep insert of `A_BusinessPartner` with its address, tax number, bank,
 *   role, supplier, supplier-company and supplier-purchasing-org parts creates the vendor;
 *   `A_BusinessPartnerTaxNumber?$filter=BPTaxNumber eq '…'` and `A_BusinessPartner('…')` find it again.
 * - A value-help service for the customising the payload must match, one entity set per kind, named
 *   after S/4's standard value helps (`I_CompanyCodeVH`, …). S/4 publishes no single released API for
 *   these, so an installation exposes its value-help views through one custom service of this shape.
 */
export const BUSINESS_PARTNER_SERVICE = '/sap/opu/odata/sap/API_BUSINESS_PARTNER';
export const VALUE_HELP_SERVICE = '/sap/opu/odata/sap/ZSUPPLIER_ONBOARDING_VH_SRV';

/** Each kind of the ERP's configuration: its entity set, key property and text property. */
export const VALUE_HELPS: Record<keyof ErpConfiguration, { entitySet: string; key: string; text: string }> = {
  companyCodes: { entitySet: 'I_CompanyCodeVH', key: 'CompanyCode', text: 'CompanyCodeName' },
  purchasingOrganizations: { entitySet: 'I_PurchasingOrganizationVH', key: 'PurchasingOrganization', text: 'PurchasingOrganizationName' },
  reconciliationAccounts: { entitySet: 'I_ReconciliationAccountVH', key: 'ReconciliationAccount', text: 'GLAccountName' },
  paymentTerms: { entitySet: 'I_PaymentTermsVH', key: 'PaymentTerms', text: 'PaymentTermsName' },
  paymentMethods: { entitySet: 'I_PaymentMethodVH', key: 'PaymentMethod', text: 'PaymentMethodName' },
  currencies: { entitySet: 'I_CurrencyVH', key: 'Currency', text: 'CurrencyName' },
  incoterms: { entitySet: 'I_IncotermsClassificationVH', key: 'IncotermsClassification', text: 'IncotermsClassificationName' },
};

/** SAP's repeatable-request headers: the same request id answers the first call's response again. */
export const REPEATABILITY_REQUEST_ID = 'Repeatability-Request-ID';
export const REPEATABILITY_FIRST_SENT = 'Repeatability-First-Sent';
export const REPEATABILITY_RESULT = 'Repeatability-Result';
export const CSRF_TOKEN = 'x-csrf-token';

/** The business partner roles of a vendor: FI supplier and purchasing supplier. */
export const SUPPLIER_ROLES = ['FLVN00', 'FLVN01'];
/** The partner's first bank details; the default account takes it. */
export const DEFAULT_BANK_ID = '0001';
const NAME_LENGTH = 40;
const BANK_ACCOUNT_LENGTH = 18;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();
/** An OData V2 to-many navigation property in a deep insert. */
const many = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item).min(1) });

/**
 * The purchasing block of a vendor (a supplier exit). S/4 keeps the block on `A_Supplier`
 * (PurchasingIsBlocked) for the whole vendor; a block of only some material groups has no released
 * API, so an installation exposes both through one custom service of this shape.
 */
export const PURCHASING_BLOCK_SERVICE = '/sap/opu/odata/sap/ZSUPPLIER_PURCHASING_BLOCK_SRV';
export const purchasingBlockSchema = z.object({
  Supplier: text(10),
  /** ALL: PurchasingIsBlocked on the vendor; MATERIAL_GROUP: only the listed material groups. */
  BlockScope: z.enum(['ALL', 'MATERIAL_GROUP']),
  to_MaterialGroup: z.object({ results: z.array(z.object({ MaterialGroup: text(9) })) }),
});
export type PurchasingBlock = z.infer<typeof purchasingBlockSchema>;

/**
 * A change of a vendor's master data (an approved supplier information change): the vendor by its
 * supplier number, and its parts as the deep insert has them, replacing what the ERP holds. S/4 changes
 * these through several entity PATCHes with no transaction across them, so an installation exposes the
 * change as one custom service of this shape (like the purchasing block), applied as one unit.
 */
export const VENDOR_CHANGE_SERVICE = '/sap/opu/odata/sap/ZSUPPLIER_MASTER_CHANGE_SRV';

/** The deep insert of one vendor: what the ERP validates (field lengths as in S/4). */
export const businessPartnerCreateSchema = z.object({
  BusinessPartnerCategory: z.literal('2'),
  OrganizationBPName1: text(NAME_LENGTH),
  OrganizationBPName2: optionalText(NAME_LENGTH),
  OrganizationBPName3: optionalText(NAME_LENGTH),
  OrganizationBPName4: optionalText(NAME_LENGTH),
  SearchTerm1: text(20),
  to_BusinessPartnerRole: many(z.object({ BusinessPartnerRole: text(6) })),
  to_BusinessPartnerAddress: many(
    z.object({
      Country: z.string().regex(/^[A-Z]{2}$/),
      Region: optionalText(10),
      CityName: text(40),
      StreetName: text(60),
      PostalCode: text(10),
      to_PhoneNumber: z.object({ results: z.array(z.object({ PhoneNumber: text(30) })) }).optional(),
    }),
  ),
  to_BusinessPartnerTax: many(z.object({ BPTaxType: text(4), BPTaxNumber: text(20) })),
  to_BusinessPartnerBank: many(
    z
      .object({
        BankIdentification: z.string().regex(/^\d{4}$/),
        BankCountryKey: z.string().regex(/^[A-Z]{2}$/),
        BankNumber: optionalText(15),
        BankAccount: optionalText(BANK_ACCOUNT_LENGTH),
        /** The rest of an account number longer than 18 characters (common in China). */
        BankAccountReferenceText: optionalText(20),
        IBAN: optionalText(34),
        SWIFTCode: optionalText(11),
        BankAccountHolderName: text(60),
        BankName: text(60),
      })
      .refine((b) => b.BankAccount || b.IBAN, { error: 'enter an account number or an IBAN' }),
  ),
  to_Supplier: z.object({
    to_SupplierCompany: many(z.object({ CompanyCode: text(4), ReconciliationAccount: text(10), PaymentMethodsList: text(10) })),
    to_SupplierPurchasingOrg: many(
      z.object({
        PurchasingOrganization: text(4),
        PurchaseOrderCurrency: text(5),
        PaymentTerms: text(4),
        IncotermsClassification: optionalText(3),
        IncotermsLocation1: optionalText(70),
        IncotermsLocation2: optionalText(70),
      }),
    ),
  }),
});
export type BusinessPartnerCreate = z.infer<typeof businessPartnerCreateSchema>;

/** The body of a vendor change: the supplier number and the vendor's parts (the tax number stays the ERP's). */
export const vendorChangeSchema = businessPartnerCreateSchema.extend({ Supplier: text(10) });
export type VendorChange = z.infer<typeof vendorChangeSchema>;

/** The created or read partner as the ERP answers it (`d` of the OData response). */
export interface BusinessPartnerEntity extends BusinessPartnerCreate {
  BusinessPartner: string;
  to_Supplier: BusinessPartnerCreate['to_Supplier'] & { Supplier: string };
}

/** S/4's tax number category: China's unified social credit code, else the country's VAT number. */
export function taxTypeOf(country: string): string {
  return country === 'CN' ? 'CN5' : `${country}0`;
}

/** The vendor as the deep insert the ERP takes. */
export function businessPartnerOf(input: ErpVendorInput): BusinessPartnerCreate {
  const [name1, name2, name3, ...rest] = chunks(input.organizationName, NAME_LENGTH);
  const { address } = input;
  // The default account first, so it gets the partner's first bank id.
  const banks = [...input.banks].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return {
    BusinessPartnerCategory: '2',
    OrganizationBPName1: name1 ?? '',
    ...(name2 ? { OrganizationBPName2: name2 } : {}),
    ...(name3 ? { OrganizationBPName3: name3 } : {}),
    ...(rest.length ? { OrganizationBPName4: rest.join('') } : {}),
    SearchTerm1: input.searchTerm,
    to_BusinessPartnerRole: { results: SUPPLIER_ROLES.map((BusinessPartnerRole) => ({ BusinessPartnerRole })) },
    to_BusinessPartnerAddress: {
      results: [
        {
          Country: address.country,
          ...(address.region ? { Region: address.region } : {}),
          CityName: address.cityName,
          StreetName: address.streetName,
          PostalCode: address.postalCode,
          ...(address.phoneNumber ? { to_PhoneNumber: { results: [{ PhoneNumber: address.phoneNumber }] } } : {}),
        },
      ],
    },
    to_BusinessPartnerTax: { results: [{ BPTaxType: taxTypeOf(address.country), BPTaxNumber: input.taxNumber }] },
    to_BusinessPartnerBank: {
      results: banks.map((b, i) => {
        const [account, reference] = b.bankAccount ? [b.bankAccount.slice(0, BANK_ACCOUNT_LENGTH), b.bankAccount.slice(BANK_ACCOUNT_LENGTH)] : [];
        return {
          BankIdentification: String(i + 1).padStart(4, '0'),
          BankCountryKey: b.bankCountryKey,
          ...(b.bankNumber ? { BankNumber: b.bankNumber } : {}),
          ...(account ? { BankAccount: account } : {}),
          ...(reference ? { BankAccountReferenceText: reference } : {}),
          ...(b.iban ? { IBAN: b.iban } : {}),
          ...(b.swiftCode ? { SWIFTCode: b.swiftCode } : {}),
          BankAccountHolderName: b.bankAccountHolderName,
          BankName: b.bankName,
        };
      }),
    },
    to_Supplier: {
      to_SupplierCompany: {
        results: input.companies.map((c) => ({ CompanyCode: c.companyCode, ReconciliationAccount: c.reconciliationAccount, PaymentMethodsList: c.paymentMethodsList })),
      },
      to_SupplierPurchasingOrg: {
        results: input.purchasingOrgs.map((p) => ({
          PurchasingOrganization: p.purchasingOrganization,
          PurchaseOrderCurrency: p.purchaseOrderCurrency,
          PaymentTerms: p.paymentTerms,
          ...(p.incotermsClassification ? { IncotermsClassification: p.incotermsClassification } : {}),
          ...(p.incotermsLocation1 ? { IncotermsLocation1: p.incotermsLocation1 } : {}),
          ...(p.incotermsLocation2 ? { IncotermsLocation2: p.incotermsLocation2 } : {}),
        })),
      },
    },
  };
}

/** The deep insert read back as the vendor input (the ERP side checks its configuration on it). */
export function vendorInputOf(bp: BusinessPartnerCreate): ErpVendorInput {
  const address = bp.to_BusinessPartnerAddress.results[0];
  const phoneNumber = address.to_PhoneNumber?.results[0]?.PhoneNumber;
  return {
    organizationName: organizationNameOf(bp),
    searchTerm: bp.SearchTerm1,
    taxNumber: bp.to_BusinessPartnerTax.results[0].BPTaxNumber,
    address: {
      country: address.Country,
      ...(address.Region ? { region: address.Region } : {}),
      cityName: address.CityName,
      streetName: address.StreetName,
      postalCode: address.PostalCode,
      ...(phoneNumber ? { phoneNumber } : {}),
    },
    banks: bp.to_BusinessPartnerBank.results.map((b) => {
      const bankAccount = `${b.BankAccount ?? ''}${b.BankAccountReferenceText ?? ''}`;
      return {
        bankCountryKey: b.BankCountryKey,
        ...(b.BankNumber ? { bankNumber: b.BankNumber } : {}),
        ...(bankAccount ? { bankAccount } : {}),
        ...(b.IBAN ? { iban: b.IBAN } : {}),
        ...(b.SWIFTCode ? { swiftCode: b.SWIFTCode } : {}),
        bankAccountHolderName: b.BankAccountHolderName,
        bankName: b.BankName,
        isDefault: b.BankIdentification === DEFAULT_BANK_ID,
      };
    }),
    companies: bp.to_Supplier.to_SupplierCompany.results.map((c) => ({
      companyCode: c.CompanyCode,
      reconciliationAccount: c.ReconciliationAccount,
      paymentMethodsList: c.PaymentMethodsList,
    })),
    purchasingOrgs: bp.to_Supplier.to_SupplierPurchasingOrg.results.map((p) => ({
      purchasingOrganization: p.PurchasingOrganization,
      purchaseOrderCurrency: p.PurchaseOrderCurrency,
      paymentTerms: p.PaymentTerms,
      ...(p.IncotermsClassification ? { incotermsClassification: p.IncotermsClassification } : {}),
      ...(p.IncotermsLocation1 ? { incotermsLocation1: p.IncotermsLocation1 } : {}),
      ...(p.IncotermsLocation2 ? { incotermsLocation2: p.IncotermsLocation2 } : {}),
    })),
  };
}

export function organizationNameOf(bp: Pick<BusinessPartnerCreate, `OrganizationBPName${1 | 2 | 3 | 4}`>): string {
  return [bp.OrganizationBPName1, bp.OrganizationBPName2, bp.OrganizationBPName3, bp.OrganizationBPName4].filter(Boolean).join('');
}

/** The vendor the platform keeps: its supplier code, name and tax number. */
export function vendorOf(entity: BusinessPartnerEntity): ErpVendor {
  return {
    supplier: entity.to_Supplier.Supplier,
    organizationName: organizationNameOf(entity),
    taxNumber: entity.to_BusinessPartnerTax.results[0].BPTaxNumber,
  };
}

/** An OData V2 error body: `error.message.value`, with one detail per problem. */
export interface ODataError {
  error: {
    code: string;
    message: { lang: string; value: string };
    innererror?: { errordetails?: { code: string; message: string; severity: string }[] };
  };
}

export function odataError(code: string, messages: string[]): ODataError {
  return {
    error: {
      code,
      message: { lang: 'en', value: messages.join('; ') },
      innererror: { errordetails: messages.map((message) => ({ code, message, severity: 'error' })) },
    },
  };
}

/** An OData string literal: single quotes doubled. */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Splits by characters (a Chinese name counts one per character, as in a Unicode ERP). */
function chunks(value: string, size: number): string[] {
  const chars = Array.from(value);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
