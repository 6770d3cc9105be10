import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import {
  BANK_TYPE,
  HIGH_POTENTIAL_DOCUMENT_TYPE,
  hasOverseasOrders,
  highPotentialDocuments,
  newBankRow,
  newPurchaseGroupRow,
  newReleaseContactRow,
  PURCHASE_GROUP_ROWS,
  BANK_ROWS,
  type ReleaseForm,
} from '#domain/release/release-form.ts';
import { CONTACT_ROWS } from '#domain/rfi/sections/contacts.ts';
import { emptyFactoryRow } from '#web/rfi/steps/step-06-rows.ts';
import { rowsOver } from '#web/rfi/steps/step-fill.ts';
import { fill } from '#web/rfi/values.ts';

/**
 * The release form (req flow §3.16) as its inputs hold it: every input defined ('' for texts, null for
 * selects), at least one bank row (the default account), one purchase-group row and one contact.
 * Pure, so the screen's row rules are testable without a browser.
 */

type Row = Record<string, unknown>;

const basicInfoTemplate = () => ({
  supplierName: '',
  supplierCode: '',
  creditCode: '',
  supplierType: null as string | null,
  enterpriseScale: '',
  supplierShortName: '',
  countryCode: null as string | null,
  countryName: '',
  provinceCode: null as string | null,
  provinceName: '',
  city: '',
  cityCode: '',
  address: '',
  legalName: '',
  postalCode: '',
  companyPhone: '',
});

export function emptyBankRow(defaultAccount = false) {
  return {
    ...newBankRow(defaultAccount),
    bankGroup: '',
    bankCountryCode: null as string | null,
    bankCountry: '',
    bankProvinceCode: null as string | null,
    bankProvince: '',
    bankCityCode: '',
    bankCity: '',
    bankAddress: '',
  };
}

export const emptyPurchaseGroupRow = () => newPurchaseGroupRow();

export function emptyDocumentRow(documentType = '') {
  return { templateName: '', templateUrl: '', documentName: '', documentUrl: '', documentType };
}

const purchaseTemplate = () => ({ companyCodes: [] as string[], reconcileAccounts: null as string | null, paymentMethodCode: null as string | null, paymentMethod: '' });
const invoiceTemplate = () => ({ bankCardNum: '', bankName: '', invoiceAddress: '', invoicePhone: '' });

export type ReleaseValues = {
  basicInfo: ReturnType<typeof basicInfoTemplate>;
  factoryInfoDtoList: ReturnType<typeof emptyFactoryRow>[];
  contactList: ReturnType<typeof newReleaseContactRow>[];
  bankList: ReturnType<typeof emptyBankRow>[];
  purchase: ReturnType<typeof purchaseTemplate>;
  purchaseGroupList: ReturnType<typeof emptyPurchaseGroupRow>[];
  invoice: ReturnType<typeof invoiceTemplate>;
  documentList: ReturnType<typeof emptyDocumentRow>[];
};

/** The stored form as the inputs hold it. A form without a default account gets one in its first row. */
export function releaseValues(form: ReleaseForm | null | undefined): ReleaseValues {
  const banks = rowsOver(() => emptyBankRow(), form?.bankList, BANK_ROWS.min);
  const bankList = banks.some((b) => Number(b.defaultAccount) === 1) ? banks : banks.map((b, i) => (i === 0 ? { ...b, defaultAccount: 1 } : b));
  return {
    basicInfo: fill(basicInfoTemplate(), form?.basicInfo),
    factoryInfoDtoList: rowsOver(emptyFactoryRow, form?.factoryInfoDtoList),
    contactList: rowsOver(newReleaseContactRow, form?.contactList, CONTACT_ROWS.min),
    bankList,
    purchase: fill(purchaseTemplate(), form?.purchase),
    purchaseGroupList: rowsOver(emptyPurchaseGroupRow, form?.purchaseGroupList, PURCHASE_GROUP_ROWS.min),
    invoice: fill(invoiceTemplate(), form?.invoice),
    documentList: rowsOver(() => emptyDocumentRow(), form?.documentList),
  };
}

type BankRow = ReleaseValues['bankList'][number];
type PurchaseGroupRow = ReleaseValues['purchaseGroupList'][number];

/** EU accounts have a BIC and an IBAN, others a swift/branch code and an account number (req flow §5.12): a switch clears the other pair. */
export function onBankTypeChange(row: BankRow, bankType: string | null): BankRow {
  const next = { ...row, bankType };
  if (bankType === BANK_TYPE.EU) return { ...next, bankSwiftCode: '', bankCardNum: '' };
  if (bankType === BANK_TYPE.NON_EU) return { ...next, bankBic: '', bankIbanno: '' };
  return next;
}

/** Trade terms and ports belong to overseas orders: switched off, they are cleared (req flow §5.12). */
export function onOverseasChange(row: PurchaseGroupRow, haveOverseasOrder: number | null): PurchaseGroupRow {
  const next = { ...row, haveOverseasOrder };
  return hasOverseasOrders(next) ? next : { ...next, termsOfTrade: '', portOfShipment: '', portOfArrival: '' };
}

/**
 * Whether the row's account name differs from the supplier name, so the reason field shows (its
 * rule, '银行信息中账户名称和公司名称不一致…', is the domain schema's; this only decides the display).
 */
export function accountNameDiffers(row: Pick<BankRow, 'accountName'>, supplierName: string): boolean {
  const name = String(row.accountName ?? '').trim();
  return name !== '' && supplierName.trim() !== '' && name !== supplierName.trim();
}

/** The high-potential conclusion files (documentType meet_conclusion) as an upload list. */
export function conclusionFiles(list: readonly Row[]): DocumentItem[] {
  return highPotentialDocuments(list).map((d) => ({ documentName: String(d.documentName ?? ''), documentUrl: String(d.documentUrl ?? '') }));
}

/** The document list with its conclusion files replaced by `files`, the other rows kept in place. */
export function withConclusionFiles<R extends Row>(list: readonly R[], files: readonly DocumentItem[]): (R | ReturnType<typeof emptyDocumentRow>)[] {
  const others = list.filter((d) => d.documentType !== HIGH_POTENTIAL_DOCUMENT_TYPE);
  return [...others, ...files.map((f) => ({ ...emptyDocumentRow(HIGH_POTENTIAL_DOCUMENT_TYPE), ...f }))];
}
