import type { z } from 'zod';
import { businessPartnerCreateSchema, businessPartnerOf } from '#adapters/erp/odata-contract.ts';
import { withParams } from '#domain/messages.ts';
import { isEuBank, type ReleaseForm } from '#domain/release/release-form.ts';
import { erpVendorOf } from './erp-release.ts';

/**
 * The release form checked against the ERP's own contract (every length, required field and format the
 * adapter's deep insert is validated by), so nothing the ERP would refuse reaches an approver. Each
 * problem is reported at the form field it comes from, by dot path, as the form's other rules are.
 *
 * - `lengths` (a save): only values too long or malformed for the ERP; an unfinished form is kept.
 * - `all` (a submit, before the approval starts): every problem, missing values included.
 */
export function erpContractErrors(form: ReleaseForm, scope: 'lengths' | 'all'): Record<string, string> {
  const checked = businessPartnerCreateSchema.safeParse(businessPartnerOf(erpVendorOf(form)), { reportInput: true });
  if (checked.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of checked.error.issues) {
    if (scope === 'lengths' && !(issue.code === 'too_big' || (issue.code === 'invalid_format' && issue.input))) continue;
    const field = formPathOf(form, issue.path);
    errors[field] ??= messageOf(issue);
  }
  return errors;
}

function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_big') return withParams('erpMaxLength', { max: Number(issue.maximum) });
  if (issue.code === 'too_small') return 'required';
  return 'erpInvalidValue';
}

/** Where each property of the ERP's partner comes from on the form (services/release/erp-release.ts maps the other way). */
const BASIC_FIELD: Record<string, string> = {
  OrganizationBPName1: 'supplierName',
  OrganizationBPName2: 'supplierName',
  OrganizationBPName3: 'supplierName',
  OrganizationBPName4: 'supplierName',
  SearchTerm1: 'supplierShortName',
  Country: 'countryCode',
  Region: 'provinceCode',
  CityName: 'city',
  StreetName: 'address',
  PostalCode: 'postalCode',
  PhoneNumber: 'companyPhone',
  BPTaxNumber: 'creditCode',
};
const BANK_FIELD: Record<string, string> = {
  BankCountryKey: 'bankCountryCode',
  BankNumber: 'bankSwiftCode',
  BankAccount: 'bankCardNum',
  BankAccountReferenceText: 'bankCardNum',
  IBAN: 'bankIbanno',
  BankAccountHolderName: 'accountName',
  BankName: 'bankName',
};
const COMPANY_FIELD: Record<string, string> = { CompanyCode: 'companyCodes', ReconciliationAccount: 'reconcileAccounts', PaymentMethodsList: 'paymentMethodCode' };
const PURCHASING_ORG_FIELD: Record<string, string> = {
  PurchasingOrganization: 'purchaseGroupCodes',
  PurchaseOrderCurrency: 'purchaseOrderCurrency',
  PaymentTerms: 'paymentTerms',
  IncotermsClassification: 'termsOfTrade',
  IncotermsLocation1: 'portOfShipment',
  IncotermsLocation2: 'portOfArrival',
};

function formPathOf(form: ReleaseForm, path: readonly PropertyKey[]): string {
  const [part, , index, property] = path.map(String);
  const last = String(path.at(-1));
  if (part === 'to_BusinessPartnerBank') {
    // The partner's banks are sent with the default account first (odata-contract.ts).
    const order = form.bankList.map((_, i) => i).sort((a, b) => Number(form.bankList[b]!.defaultAccount === 1) - Number(form.bankList[a]!.defaultAccount === 1));
    const row = order[Number(index)];
    if (row === undefined) return 'bankList';
    const bank = form.bankList[row]!;
    const field = property === 'SWIFTCode' ? (isEuBank(bank) ? 'bankBic' : 'bankSwiftCode') : (BANK_FIELD[property ?? ''] ?? 'bankCardNum');
    return `bankList.${row}.${field}`;
  }
  if (part === 'to_Supplier' && path[1] === 'to_SupplierCompany') return COMPANY_FIELD[last] ? `purchase.${COMPANY_FIELD[last]}` : 'purchase.companyCodes';
  if (part === 'to_Supplier' && path[1] === 'to_SupplierPurchasingOrg') {
    // One ERP purchasing organisation per code of a purchase-group row, in the rows' order.
    const rows = form.purchaseGroupList.flatMap((g, i) => g.purchaseGroupCodes.map(() => i));
    const row = rows[Number(path[3])];
    return row === undefined ? 'purchaseGroupList' : `purchaseGroupList.${row}.${PURCHASING_ORG_FIELD[last] ?? 'purchaseGroupCodes'}`;
  }
  return `basicInfo.${BASIC_FIELD[last] ?? 'supplierName'}`;
}
