import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { DEFAULT_AREA_CODE, phoneMaxDigits } from '../fields.ts';
import type { ErpCodeLists } from '../erp-reference.ts';
import { type MessageId, withParams } from '../messages.ts';
import { addressFields, CHINA, checkAddress, REGISTERED_ADDRESS } from '../rfi/sections/address.ts';
import { COMPANY_PHONE_MAX, CN_POSTAL_CODE_LENGTH, POSTAL_CODE_MAX, SUPPLIER_SHORT_NAME_MAX } from '../rfi/sections/company.ts';
import { contactRow, CONTACT_ROWS } from '../rfi/sections/contacts.ts';
import { blank, Issues, rowsOf, type Path, type Row, type Variant } from '../rfi/sections/define.ts';
import { factoryRow, FACTORY_ROWS } from '../rfi/sections/factories.ts';
import { code, codeList, fileName, fileUrl, numericCode, rows, text } from '../rfi/sections/kit.ts';

/**
 * The release form: the supplier master sent to the ERP for a supplier code (req flow §3.16), with every
 * rule and message of req flow §5.12, plus an IBAN checksum, a BIC format check and no bank account twice.
 *
 * - `draft` (save): types, lengths and row maxima — an unfinished form is kept, garbage is not.
 * - `full` (submit): every rule. The output is normalised: ports and trade terms of a row without
 *   overseas orders are dropped, IBANs and BICs are upper case without spaces.
 *
 * Error paths are dot paths (`bankList.1.bankIbanno`); messages are ids of domain/messages.ts. The
 * basic info, factories and contacts start as the supplier's questionnaire answers.
 */

export const RELEASE_LIMITS = {
  supplierName: 200,
  supplierCode: 20,
  creditCode: 60,
  supplierShortName: SUPPLIER_SHORT_NAME_MAX,
  legalName: 100,
  postalCode: POSTAL_CODE_MAX,
  cnPostalCode: CN_POSTAL_CODE_LENGTH,
  companyPhone: COMPANY_PHONE_MAX,
  bankName: 60,
  bankSwiftCode: 15,
  bankCardNum: 35,
  bankBic: 11,
  bankIbanno: 34,
  accountName: 35,
  reason: 500,
  port: 70,
  invoiceBankCardNum: 35,
  invoiceBankName: 60,
  invoiceAddress: 60,
  invoicePhone: 16,
} as const;

export const BANK_ROWS = { min: 1, max: 10 } as const;
export const PURCHASE_GROUP_ROWS = { min: 1, max: 20 } as const;
export const DOCUMENT_ROWS = { max: 20 } as const;
/** Req flow §5.12: the high-potential conclusion files, at least one when the KCP2 conclusion asks for them, at most 5. */
export const HIGH_POTENTIAL_DOCUMENT_TYPE = 'meet_conclusion';
export const HIGH_POTENTIAL_FILES = { min: 1, max: 5 } as const;

/** Req flow §9: bank type codes, EU '1' and non-EU '0'. */
export const BANK_TYPE = { EU: '1', NON_EU: '0' } as const;
export type BankType = (typeof BANK_TYPE)[keyof typeof BANK_TYPE];
/** Yes/no flags of the form (defaultAccount, haveOverseasOrder). */
export const YES = 1;
export const NO = 0;

/** Bank type as the select gives it: '1'/'0' or 1/0. */
const bankType = z
  .union([z.string(), z.number()], { error: 'invalidValue' })
  .nullish()
  .transform((raw, ctx): BankType | undefined => {
    if (raw === null || raw === undefined || raw === '') return undefined;
    const s = String(raw);
    if (s !== BANK_TYPE.EU && s !== BANK_TYPE.NON_EU) {
      ctx.addIssue({ code: 'custom', message: 'invalidValue' });
      return z.NEVER;
    }
    return s;
  });

/** IBAN and BIC are kept in their electronic form: upper case, no spaces (IBANs are often typed in groups of four). */
function compactCode(max: number) {
  return z
    .string({ error: 'invalidValue' })
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : undefined))
    .pipe(z.string().max(max, { error: withParams('maxLength', { max }) }).optional());
}

const flag = numericCode([NO, YES] as const);

const basicInfo = z.object({
  supplierName: text(RELEASE_LIMITS.supplierName),
  supplierCode: text(RELEASE_LIMITS.supplierCode),
  creditCode: text(RELEASE_LIMITS.creditCode),
  supplierType: code,
  enterpriseScale: text(50),
  supplierShortName: text(RELEASE_LIMITS.supplierShortName),
  ...addressFields,
  /** The city's code when the area picker has one (the questionnaire keeps the city by name). */
  cityCode: code,
  legalName: text(RELEASE_LIMITS.legalName),
  postalCode: text(RELEASE_LIMITS.postalCode),
  companyPhone: text(RELEASE_LIMITS.companyPhone),
});

const bankRow = z.object({
  defaultAccount: flag,
  bankType,
  bankHeadCode: code,
  bankHead: text(100),
  bankGroup: text(100),
  bankName: text(RELEASE_LIMITS.bankName),
  bankSwiftCode: text(RELEASE_LIMITS.bankSwiftCode),
  bankCardNum: text(RELEASE_LIMITS.bankCardNum),
  bankBic: compactCode(RELEASE_LIMITS.bankBic),
  bankIbanno: compactCode(RELEASE_LIMITS.bankIbanno),
  accountName: text(RELEASE_LIMITS.accountName),
  reason: text(RELEASE_LIMITS.reason),
  bankCountryCode: code,
  bankCountry: text(100),
  bankProvinceCode: code,
  bankProvince: text(100),
  bankCityCode: code,
  bankCity: text(50),
  bankAddress: text(200),
  bankCertificate: fileName,
  bankCertificateUrl: fileUrl,
});

const purchase = z.object({
  companyCodes: codeList(20),
  reconcileAccounts: code,
  paymentMethodCode: code,
  paymentMethod: text(100),
});

const purchaseGroupRow = z.object({
  purchaseGroupCodes: codeList(20),
  paymentTerms: code,
  purchaseOrderCurrency: code,
  haveOverseasOrder: flag,
  termsOfTrade: code,
  portOfShipment: text(RELEASE_LIMITS.port),
  portOfArrival: text(RELEASE_LIMITS.port),
});

const invoice = z.object({
  bankCardNum: text(RELEASE_LIMITS.invoiceBankCardNum),
  bankName: text(RELEASE_LIMITS.invoiceBankName),
  invoiceAddress: text(RELEASE_LIMITS.invoiceAddress),
  invoicePhone: text(RELEASE_LIMITS.invoicePhone),
});

/** A row's reference template is one of the product's own (GET /common/v1/template-download), never a free link. */
const TEMPLATE_PREFIX = '/common/v1/template-download?';
const templateUrl = fileUrl.refine((url) => url === undefined || url.startsWith(TEMPLATE_PREFIX), { error: 'invalidValue' });

const documentRow = z.object({
  templateName: fileName,
  templateUrl,
  documentName: fileName,
  documentUrl: fileUrl,
  documentType: code,
});

/** An object part of the form; missing means empty. */
function part<S extends z.ZodObject>(shape: S) {
  return shape.nullish().transform((v) => (v ?? {}) as z.output<S>);
}

const releaseShape = z.object({
  basicInfo: part(basicInfo),
  factoryInfoDtoList: rows(factoryRow, FACTORY_ROWS.max),
  contactList: rows(contactRow, CONTACT_ROWS.max),
  bankList: rows(bankRow, BANK_ROWS.max),
  purchase: part(purchase),
  purchaseGroupList: rows(purchaseGroupRow, PURCHASE_GROUP_ROWS.max),
  invoice: part(invoice),
  documentList: rows(documentRow, DOCUMENT_ROWS.max),
});

/**
 * The form's parts, for forms that edit the same record later (the supplier information change): they
 * reuse these shapes and the check functions below rather than restating them.
 */
export const RELEASE_PARTS = { basicInfo, bankRow, purchase, purchaseGroupRow, invoice, documentRow, part } as const;

export type ReleaseForm = z.output<typeof releaseShape>;
/** A stored form as it reads back (every field as the save's lengths and types allow). */
export const releaseFormShape: z.ZodType<ReleaseForm> = releaseShape;
/** The form as its inputs hold it ('' and null = not given). */
export type ReleaseFormValues = z.input<typeof releaseShape>;
export type ReleaseBasicInfo = z.output<typeof basicInfo>;
export type ReleaseBankRow = z.output<typeof bankRow>;
export type ReleasePurchaseGroupRow = z.output<typeof purchaseGroupRow>;
export type ReleaseDocumentRow = z.output<typeof documentRow>;
export type ReleaseContactRow = z.output<typeof contactRow>;

/** What the rules need besides the form; the server reads it per flow and answers it with the form. */
export interface ReleaseRuleContext {
  /** The flow's KCP2 conclusion is high-potential access: its conclusion files are required. */
  highPotential: boolean;
  /**
   * Purchasing organisations the supplier already has in the ERP: each must stay in a purchase-group
   * row ('已生效的采购组织 {codes} 必填!'). Where they come from: docs/decisions/.
   */
  effectivePurchaseOrgs: readonly string[];
  /** The known codes; when given, a code outside them is 'invalidValue'. The server always gives them. */
  reference?: ErpCodeLists;
}

const NO_CONTEXT: ReleaseRuleContext = { highPotential: false, effectivePurchaseOrgs: [] };

const isEmail = (s: string) => z.email().safeParse(s).success;
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const codesOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string') : []);

/** The release form's schema for a variant; `ctx` carries what the full rules need besides the form. */
export function releaseFormSchema(variant: Variant, ctx: ReleaseRuleContext = NO_CONTEXT) {
  const checked = releaseShape.superRefine((form, zctx) => {
    const issues = new Issues(zctx);
    checkConclusionFileCount(form, issues);
    if (variant === 'full') fullRules(form, issues, ctx);
  });
  return variant === 'full' ? checked.transform(normaliseReleaseForm) : checked;
}

/** Req flow §5.12 as one list, in the order of the form. */
function fullRules(form: ReleaseForm, issues: Issues, ctx: ReleaseRuleContext): void {
  checkBasicInfo(form.basicInfo as Row, issues);
  checkContacts(form.contactList, issues);
  checkBanks(form.bankList, str(form.basicInfo.supplierName), issues);
  checkPurchase(form.purchase as Row, issues, ctx.reference);
  checkPurchaseGroups(form.purchaseGroupList, issues, ctx);
  checkInvoice(form.invoice as Row, issues);
  checkDocuments(form.documentList, issues, ctx);
}

export function checkInvoice(invoice: Row, issues: Issues): void {
  issues.requireAll(invoice, ['invoice'], { bankCardNum: 'required', bankName: 'required', invoiceAddress: 'required', invoicePhone: 'required' });
}

export function checkBasicInfo(info: Row, issues: Issues): void {
  const at: Path = ['basicInfo'];
  // The supplier code is the ERP's (req flow §5.12 lists it): shown once the ERP gives it, never typed, so not asked for.
  issues.requireAll(info, at, { supplierName: 'required', creditCode: 'required', supplierType: 'required', supplierShortName: 'required' });
  checkAddress(issues, info, REGISTERED_ADDRESS, at);
  if (issues.require(info.postalCode, [...at, 'postalCode']) && info.countryCode === CHINA && str(info.postalCode).length !== CN_POSTAL_CODE_LENGTH) {
    issues.add([...at, 'postalCode'], 'postalCodeLength');
  }
  const phone = str(info.companyPhone);
  if (phone && !/^\+?\d+$/.test(phone)) issues.add([...at, 'companyPhone'], 'companyPhoneFormat');
}

export function checkContacts(list: unknown, issues: Issues): void {
  issues.minRows(list, ['contactList'], CONTACT_ROWS.min);
  rowsOf(list).forEach((row, i) => {
    const at: Path = ['contactList', i];
    issues.requireAll(row, at, { name: 'required', position: 'required' });
    issues.require(row.contactAreaCode, [...at, 'contactAreaCode'], 'enterAreaCode');
    if (issues.require(row.contactNumber, [...at, 'contactNumber'], 'enterPhone')) {
      const number = str(row.contactNumber);
      const max = phoneMaxDigits(str(row.contactAreaCode));
      if (!/^\d+$/.test(number)) issues.add([...at, 'contactNumber'], 'digitsOnly');
      else if (number.length > max) issues.add([...at, 'contactNumber'], withParams('phoneTooLong', { max }));
    }
    if (str(row.email) && !isEmail(str(row.email))) issues.add([...at, 'email'], 'invalidEmail');
  });
}

/**
 * What a non-EU row's "SWIFT/联行号" holds: a BIC (8 or 11 characters), which the ERP keeps as the SWIFT
 * code, or a 12-digit CNAPS code (联行号, what Chinese accounts are known by), which it keeps as the bank key.
 */
export function bankCodeKind(code: string): 'BIC' | 'CNAPS' | undefined {
  const compact = code.replace(/\s+/g, '').toUpperCase();
  if (/^\d{12}$/.test(compact)) return 'CNAPS';
  return isValidBIC(compact) ? 'BIC' : undefined;
}

export const isEuBank = (row: { bankType?: unknown }): boolean => String(row.bankType ?? '') === BANK_TYPE.EU;
const isDefault = (row: { defaultAccount?: unknown }): boolean => Number(row.defaultAccount) === YES;

/** The account a row names: the IBAN of an EU account, the account number at its swift/branch code otherwise. */
function accountKey(row: Row): { key: string; field: string } | undefined {
  if (isEuBank(row)) {
    const iban = str(row.bankIbanno);
    return iban ? { key: `IBAN:${iban}`, field: 'bankIbanno' } : undefined;
  }
  const number = str(row.bankCardNum).replace(/\s+/g, '');
  return number ? { key: `ACCOUNT:${str(row.bankSwiftCode).toUpperCase()}:${number}`, field: 'bankCardNum' } : undefined;
}

export function checkBanks(list: unknown, supplierName: string, issues: Issues): void {
  const banks = rowsOf(list);
  const defaults = banks.flatMap((row, i) => (isDefault(row) ? [i] : []));
  if (defaults.length === 0) issues.add(['bankList'], 'keepDefaultBankAccount');
  for (const i of defaults.slice(1)) issues.add(['bankList', i, 'defaultAccount'], 'oneDefaultBankAccount');
  const seen = new Set<string>();
  banks.forEach((row, i) => {
    const at: Path = ['bankList', i];
    issues.requireAll(row, at, { bankType: 'required', bankHeadCode: 'required', bankName: 'required', bankCertificateUrl: 'uploadFile' });
    if (isEuBank(row)) {
      if (issues.require(row.bankBic, [...at, 'bankBic']) && !isValidBIC(str(row.bankBic))) issues.add([...at, 'bankBic'], 'invalidBic');
      if (issues.require(row.bankIbanno, [...at, 'bankIbanno']) && !isValidIBAN(str(row.bankIbanno))) issues.add([...at, 'bankIbanno'], 'invalidIban');
    } else if (!blank(row.bankType)) {
      issues.requireAll(row, at, { bankSwiftCode: 'required', bankCardNum: 'required' });
      if (!blank(row.bankSwiftCode) && !bankCodeKind(str(row.bankSwiftCode))) issues.add([...at, 'bankSwiftCode'], 'invalidSwiftOrCnaps');
    }
    // Compared once the supplier name is there (a missing name has its own message).
    const accountName = str(row.accountName);
    if (accountName && supplierName && accountName !== supplierName) issues.require(row.reason, [...at, 'reason'], 'bankAccountNameReason');
    const account = accountKey(row);
    if (account && seen.has(account.key)) issues.add([...at, account.field], 'duplicateBankAccount');
    if (account) seen.add(account.key);
  });
}

/** A code outside the known ones (only when the context names them). */
function checkKnown(value: unknown, known: readonly string[] | undefined, path: Path, issues: Issues): void {
  if (!known) return;
  const values = Array.isArray(value) ? codesOf(value) : str(value) ? [str(value)] : [];
  if (values.some((v) => !known.includes(v))) issues.add(path, 'invalidValue');
}

/** The purchase data's required fields and their messages (a later form may name them more precisely). */
export type PurchaseMessages = Record<'companyCodes' | 'reconcileAccounts' | 'paymentMethodCode', MessageId>;
const PURCHASE_REQUIRED: PurchaseMessages = { companyCodes: 'required', reconcileAccounts: 'required', paymentMethodCode: 'required' };

export function checkPurchase(p: Row, issues: Issues, reference: ErpCodeLists | undefined, messages: PurchaseMessages = PURCHASE_REQUIRED): void {
  issues.requireAll(p, ['purchase'], messages);
  checkKnown(p.companyCodes, reference?.companyCodes, ['purchase', 'companyCodes'], issues);
  checkKnown(p.reconcileAccounts, reference?.reconciliationAccounts, ['purchase', 'reconcileAccounts'], issues);
  checkKnown(p.paymentMethodCode, reference?.paymentMethods, ['purchase', 'paymentMethodCode'], issues);
}

export const hasOverseasOrders = (row: { haveOverseasOrder?: unknown }): boolean => Number(row.haveOverseasOrder) === YES;

export function checkPurchaseGroups(list: unknown, issues: Issues, ctx: Pick<ReleaseRuleContext, 'effectivePurchaseOrgs' | 'reference'>): void {
  issues.minRows(list, ['purchaseGroupList'], PURCHASE_GROUP_ROWS.min);
  const groups = rowsOf(list);
  const orgsSeen = new Set<string>();
  groups.forEach((row, i) => {
    const at: Path = ['purchaseGroupList', i];
    issues.requireAll(row, at, { purchaseGroupCodes: 'required', paymentTerms: 'required', purchaseOrderCurrency: 'required', haveOverseasOrder: 'required' });
    if (hasOverseasOrders(row)) issues.requireAll(row, at, { termsOfTrade: 'required', portOfShipment: 'required', portOfArrival: 'required' });
    const ref = ctx.reference;
    checkKnown(row.purchaseGroupCodes, ref?.purchasingOrganizations, [...at, 'purchaseGroupCodes'], issues);
    checkKnown(row.paymentTerms, ref?.paymentTerms, [...at, 'paymentTerms'], issues);
    checkKnown(row.purchaseOrderCurrency, ref?.currencies, [...at, 'purchaseOrderCurrency'], issues);
    if (hasOverseasOrders(row)) checkKnown(row.termsOfTrade, ref?.incoterms, [...at, 'termsOfTrade'], issues);
    // An organisation has one set of terms in the ERP, so it belongs to one row.
    for (const org of codesOf(row.purchaseGroupCodes)) {
      if (orgsSeen.has(org)) issues.add([...at, 'purchaseGroupCodes'], withParams('duplicateRow', { code: org }));
      orgsSeen.add(org);
    }
  });
  const missing = missingEffectiveOrgs(groups, ctx.effectivePurchaseOrgs);
  if (missing.length) issues.add(['purchaseGroupList'], withParams('effectivePurchaseOrgsRequired', { codes: missing.join(',') }));
}

/** The already-effective purchasing organisations no purchase-group row names. */
export function missingEffectiveOrgs(groups: readonly { purchaseGroupCodes?: unknown }[], effective: readonly string[]): string[] {
  const named = new Set(groups.flatMap((g) => codesOf(g.purchaseGroupCodes)));
  return effective.filter((org) => !named.has(org));
}

const conclusionFiles = (list: unknown) => rowsOf(list).filter((d) => d.documentType === HIGH_POTENTIAL_DOCUMENT_TYPE);

/** At most 5 conclusion files, in drafts too. */
function checkConclusionFileCount(form: ReleaseForm, issues: Issues): void {
  if (conclusionFiles(form.documentList).length > HIGH_POTENTIAL_FILES.max) {
    issues.add(['documentList'], withParams('tooManyFiles', { max: HIGH_POTENTIAL_FILES.max }));
  }
}

function checkDocuments(list: unknown, issues: Issues, ctx: ReleaseRuleContext): void {
  if (ctx.highPotential && conclusionFiles(list).length < HIGH_POTENTIAL_FILES.min) issues.add(['documentList'], 'uploadHighPotentialConclusion');
  rowsOf(list).forEach((row, i) => issues.require(row.documentUrl, ['documentList', i, 'documentUrl'], 'uploadFile'));
}

/** Trade terms and ports belong to overseas orders only: a row without them drops what it had. */
export function normaliseReleaseForm<T extends { purchaseGroupList: readonly ReleasePurchaseGroupRow[] }>(form: T): T {
  return { ...form, purchaseGroupList: form.purchaseGroupList.map(withoutOverseasTerms) };
}

export function withoutOverseasTerms<R extends { haveOverseasOrder?: unknown; termsOfTrade?: unknown; portOfShipment?: unknown; portOfArrival?: unknown }>(row: R): R {
  if (hasOverseasOrders(row)) return row;
  return { ...row, termsOfTrade: undefined, portOfShipment: undefined, portOfArrival: undefined };
}

// Rows the form adds, and its row rules (req flow §5.12).

export function newBankRow(defaultAccount = false): z.input<typeof bankRow> {
  return {
    defaultAccount: defaultAccount ? YES : NO,
    bankType: BANK_TYPE.NON_EU,
    bankHeadCode: '',
    bankHead: '',
    bankName: '',
    bankSwiftCode: '',
    bankCardNum: '',
    bankBic: '',
    bankIbanno: '',
    accountName: '',
    reason: '',
    bankCertificate: '',
    bankCertificateUrl: '',
  };
}

/** Req flow §5.12: the default account cannot be deleted, and neither can the last row. */
export function canDeleteBankRow(list: readonly { defaultAccount?: unknown }[], index: number): boolean {
  const row = list[index];
  return !!row && list.length > 1 && !isDefault(row);
}

/** Makes row `index` the default account and the others not: exactly one default. */
export function setDefaultBankRow<R extends { defaultAccount?: unknown }>(list: readonly R[], index: number): R[] {
  return list.map((row, i) => ({ ...row, defaultAccount: i === index ? YES : NO }));
}

export function newPurchaseGroupRow(purchaseGroupCodes: readonly string[] = []): z.input<typeof purchaseGroupRow> {
  return { purchaseGroupCodes: [...purchaseGroupCodes], paymentTerms: '', purchaseOrderCurrency: '', haveOverseasOrder: null, termsOfTrade: '', portOfShipment: '', portOfArrival: '' };
}

export function newReleaseContactRow(): z.input<typeof contactRow> {
  return { name: '', businessGroup: '', position: null, categoryCodeList: [], contactAreaCode: DEFAULT_AREA_CODE, contactNumber: '', email: '', officeAddress: '' };
}

/** The conclusion files of a form (documentType meet_conclusion). */
export const highPotentialDocuments = <D extends { documentType?: unknown }>(list: readonly D[]): D[] => list.filter((d) => d.documentType === HIGH_POTENTIAL_DOCUMENT_TYPE);
