import { describe, expect, it } from 'vitest';
import { ERP_CODE_LISTS } from '../erp-reference.ts';
import { translate, withParams } from '../messages.ts';
import { conclusionFile, contact, euBank, nonEuBank, purchaseGroup, SUPPLIER_NAME, VALID_IBAN, validReleaseForm, type FormData } from '../../tests/support/release-form.ts';
import { canDeleteBankRow, missingEffectiveOrgs, newBankRow, releaseFormSchema, setDefaultBankRow, type ReleaseRuleContext } from './release-form.ts';

const maxLength = (max: number) => withParams('maxLength', { max });
const chars = (n: number, c = 'x') => c.repeat(n);
const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

const CTX: ReleaseRuleContext = { highPotential: false, effectivePurchaseOrgs: [], reference: ERP_CODE_LISTS };

function setPath(target: FormData, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys[keys.length - 1]!] = value;
}

interface Case {
  it: string;
  set?: Record<string, unknown>;
  ctx?: Partial<ReleaseRuleContext>;
  variant?: 'full' | 'draft';
  expect: Record<string, string>;
}

function errorsOf(c: Pick<Case, 'set' | 'ctx' | 'variant'>, form: FormData = validReleaseForm()): Record<string, string> {
  for (const [path, value] of Object.entries(c.set ?? {})) setPath(form, path, value);
  const r = releaseFormSchema(c.variant ?? 'full', { ...CTX, ...c.ctx }).safeParse(form);
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

function table(title: string, cases: Case[]): void {
  describe(title, () => {
    for (const c of cases) it(c.it, () => expect(errorsOf(c)).toEqual(c.expect));
  });
}

describe('the release form (req flow §5.12)', () => {
  it('a complete form passes', () => expect(errorsOf({})).toEqual({}));
  it('the form-wide message is the requirements text', () => expect(translate('releaseFormInvalid', 'zh')).toBe('表单存在未填写/填写错误，请滑动表单检查并修改'));
});

table('basic info', [
  {
    it: 'requires the supplier name, credit code, type and short name; the supplier code is the ERP’s to give',
    set: { 'basicInfo.supplierName': '', 'basicInfo.supplierCode': null, 'basicInfo.creditCode': ' ', 'basicInfo.supplierType': '', 'basicInfo.supplierShortName': '' },
    expect: {
      'basicInfo.supplierName': 'required',
      'basicInfo.creditCode': 'required',
      'basicInfo.supplierType': 'required',
      'basicInfo.supplierShortName': 'required',
    },
  },
  { it: 'takes a short name of 10 characters', set: { 'basicInfo.supplierShortName': chars(10) }, expect: {} },
  { it: 'refuses a short name of 11', set: { 'basicInfo.supplierShortName': chars(11) }, expect: { 'basicInfo.supplierShortName': maxLength(10) } },
  { it: 'needs the country', set: { 'basicInfo.countryCode': '' }, expect: { 'basicInfo.countryCode': 'chooseCountryRegion' } },
  { it: 'needs the province in China', set: { 'basicInfo.provinceCode': '' }, expect: { 'basicInfo.provinceCode': 'chooseProvince' } },
  { it: 'needs the city', set: { 'basicInfo.city': '' }, expect: { 'basicInfo.city': 'fillCity' } },
  { it: 'needs the detailed address', set: { 'basicInfo.address': '' }, expect: { 'basicInfo.address': 'fillAddress' } },
  { it: 'requires the postal code', set: { 'basicInfo.postalCode': '' }, expect: { 'basicInfo.postalCode': 'required' } },
  { it: 'wants 6 characters of postal code in China, not 5', set: { 'basicInfo.postalCode': '20180' }, expect: { 'basicInfo.postalCode': 'postalCodeLength' } },
  { it: 'wants 6 characters of postal code in China, not 7', set: { 'basicInfo.postalCode': '2018001' }, expect: { 'basicInfo.postalCode': 'postalCodeLength' } },
  { it: 'takes a postal code of 1 character elsewhere', set: { 'basicInfo.countryCode': 'DE', 'basicInfo.provinceCode': '', 'basicInfo.postalCode': '1' }, expect: {} },
  { it: 'takes a postal code of 10 characters elsewhere', set: { 'basicInfo.countryCode': 'DE', 'basicInfo.postalCode': chars(10, '1') }, expect: {} },
  { it: 'refuses a postal code of 11 characters elsewhere', set: { 'basicInfo.countryCode': 'DE', 'basicInfo.postalCode': chars(11, '1') }, expect: { 'basicInfo.postalCode': maxLength(10) } },
  { it: 'takes a company phone of digits after a +, 20 long', set: { 'basicInfo.companyPhone': `+${chars(19, '1')}` }, expect: {} },
  { it: 'refuses a company phone of 21', set: { 'basicInfo.companyPhone': chars(21, '1') }, expect: { 'basicInfo.companyPhone': maxLength(20) } },
  { it: 'refuses a company phone with other signs', set: { 'basicInfo.companyPhone': '021-6999' }, expect: { 'basicInfo.companyPhone': 'companyPhoneFormat' } },
  { it: 'refuses a + inside the company phone', set: { 'basicInfo.companyPhone': '021+6999' }, expect: { 'basicInfo.companyPhone': 'companyPhoneFormat' } },
]);

table('contacts', [
  { it: 'needs at least one contact', set: { contactList: [] }, expect: { contactList: withParams('minRows', { min: 1 }) } },
  { it: 'takes 10 contacts', set: { contactList: times(10, contact) }, expect: {} },
  { it: 'refuses 11 contacts', set: { contactList: times(11, contact) }, expect: { contactList: withParams('maxRows', { max: 10 }) } },
  {
    it: 'requires the name, position, area code and phone',
    set: { 'contactList.0': { name: '', position: '', contactAreaCode: '', contactNumber: '' } },
    expect: {
      'contactList.0.name': 'required',
      'contactList.0.position': 'required',
      'contactList.0.contactAreaCode': 'enterAreaCode',
      'contactList.0.contactNumber': 'enterPhone',
    },
  },
  {
    it: 'takes name 20, business group 20, office address 50, e-mail 100',
    set: { 'contactList.0.name': chars(20), 'contactList.0.businessGroup': chars(20), 'contactList.0.officeAddress': chars(50), 'contactList.0.email': `${chars(88)}@example.com` },
    expect: {},
  },
  {
    it: 'refuses each one character over',
    set: { 'contactList.0.name': chars(21), 'contactList.0.businessGroup': chars(21), 'contactList.0.officeAddress': chars(51), 'contactList.0.email': `${chars(89)}@example.com` },
    expect: {
      'contactList.0.name': maxLength(20),
      'contactList.0.businessGroup': maxLength(20),
      'contactList.0.officeAddress': maxLength(50),
      'contactList.0.email': maxLength(100),
    },
  },
  { it: 'refuses a malformed e-mail', set: { 'contactList.0.email': 'li@' }, expect: { 'contactList.0.email': 'invalidEmail' } },
  { it: 'takes 11 digits with +86', set: { 'contactList.0.contactNumber': chars(11, '1') }, expect: {} },
  { it: 'refuses 12 digits with +86', set: { 'contactList.0.contactNumber': chars(12, '1') }, expect: { 'contactList.0.contactNumber': withParams('phoneTooLong', { max: 11 }) } },
  { it: 'takes 20 digits with another area code', set: { 'contactList.0.contactAreaCode': '+49', 'contactList.0.contactNumber': chars(20, '1') }, expect: {} },
  {
    it: 'refuses 21 digits with another area code',
    set: { 'contactList.0.contactAreaCode': '+49', 'contactList.0.contactNumber': chars(21, '1') },
    expect: { 'contactList.0.contactNumber': withParams('phoneTooLong', { max: 20 }) },
  },
  { it: 'wants digits only', set: { 'contactList.0.contactNumber': '138 0000 0000' }, expect: { 'contactList.0.contactNumber': 'digitsOnly' } },
]);

table('bank accounts', [
  { it: 'needs a row', set: { bankList: [] }, expect: { bankList: 'keepDefaultBankAccount' } },
  { it: 'needs a default account', set: { 'bankList.0.defaultAccount': 0 }, expect: { bankList: 'keepDefaultBankAccount' } },
  { it: 'takes one default among several', set: { bankList: [nonEuBank(0), nonEuBank(1), euBank(2)] }, expect: {} },
  { it: 'refuses a second default', set: { bankList: [nonEuBank(0), { ...nonEuBank(1), defaultAccount: 1 }] }, expect: { 'bankList.1.defaultAccount': 'oneDefaultBankAccount' } },
  {
    it: 'requires the bank type, head bank, bank name and certificate',
    set: { 'bankList.0': { defaultAccount: 1, accountName: SUPPLIER_NAME } },
    expect: { 'bankList.0.bankType': 'required', 'bankList.0.bankHeadCode': 'required', 'bankList.0.bankName': 'required', 'bankList.0.bankCertificateUrl': 'uploadFile' },
  },
  {
    it: 'a non-EU account needs the swift/branch code and the account number',
    set: { 'bankList.0.bankSwiftCode': '', 'bankList.0.bankCardNum': '' },
    expect: { 'bankList.0.bankSwiftCode': 'required', 'bankList.0.bankCardNum': 'required' },
  },
  { it: 'an EU account needs the BIC and the IBAN', set: { 'bankList.0': { ...euBank(0), bankBic: '', bankIbanno: null } }, expect: { 'bankList.0.bankBic': 'required', 'bankList.0.bankIbanno': 'required' } },
  { it: 'an EU account needs no swift code or account number', set: { bankList: [euBank(0)] }, expect: {} },
  {
    it: 'takes bank name 60, account number 35, account name 35, reason 500; a swift of 15 fits its length but is neither a BIC nor a CNAPS code',
    set: { 'bankList.0.bankName': chars(60), 'bankList.0.bankSwiftCode': chars(15), 'bankList.0.bankCardNum': chars(35, '1'), 'bankList.0.accountName': chars(35), 'bankList.0.reason': chars(500) },
    expect: { 'bankList.0.bankSwiftCode': 'invalidSwiftOrCnaps' },
  },
  {
    it: 'takes a BIC of 8 characters',
    set: { 'bankList.0.bankSwiftCode': 'ICBKCNBJ' },
    expect: {},
  },
  {
    it: 'takes a 12-digit CNAPS code',
    set: { 'bankList.0.bankSwiftCode': '102290024016' },
    expect: {},
  },
  {
    it: 'refuses 11 digits',
    set: { 'bankList.0.bankSwiftCode': '10229002401' },
    expect: { 'bankList.0.bankSwiftCode': 'invalidSwiftOrCnaps' },
  },
  {
    it: 'refuses each one character over',
    set: { 'bankList.0.bankName': chars(61), 'bankList.0.bankSwiftCode': chars(16), 'bankList.0.bankCardNum': chars(36, '1'), 'bankList.0.accountName': chars(36), 'bankList.0.reason': chars(501) },
    expect: {
      'bankList.0.bankName': maxLength(60),
      'bankList.0.bankSwiftCode': maxLength(15),
      'bankList.0.bankCardNum': maxLength(35),
      'bankList.0.accountName': maxLength(35),
      'bankList.0.reason': maxLength(500),
    },
  },
  { it: 'takes a BIC of 11', set: { 'bankList.0': { ...euBank(0), bankBic: 'DEUTDEFF500' } }, expect: {} },
  { it: 'refuses a BIC of 12', set: { 'bankList.0': { ...euBank(0), bankBic: 'DEUTDEFF5001' } }, expect: { 'bankList.0.bankBic': maxLength(11) } },
  { it: 'refuses a malformed BIC', set: { 'bankList.0': { ...euBank(0), bankBic: 'DEU1DEFF' } }, expect: { 'bankList.0.bankBic': 'invalidBic' } },
  { it: 'refuses an IBAN whose check digits fail', set: { 'bankList.0': { ...euBank(0), bankIbanno: 'DE88370400440532013000' } }, expect: { 'bankList.0.bankIbanno': 'invalidIban' } },
  { it: 'takes an IBAN typed in groups, in lower case', set: { 'bankList.0': { ...euBank(0), bankIbanno: 'de89 3704 0044 0532 0130 00' } }, expect: {} },
  { it: 'checks an IBAN of 34 characters by its checksum, not its length', set: { 'bankList.0': { ...euBank(0), bankIbanno: chars(34, '1') } }, expect: { 'bankList.0.bankIbanno': 'invalidIban' } },
  { it: 'refuses an IBAN of 35', set: { 'bankList.0': { ...euBank(0), bankIbanno: chars(35, '1') } }, expect: { 'bankList.0.bankIbanno': maxLength(34) } },
  {
    it: 'an account name other than the supplier name needs a reason',
    set: { 'bankList.0.accountName': '另一家公司' },
    expect: { 'bankList.0.reason': 'bankAccountNameReason' },
  },
  { it: 'with the reason it passes', set: { 'bankList.0.accountName': '另一家公司', 'bankList.0.reason': '集团统一收款' }, expect: {} },
  { it: 'the same IBAN twice is refused', set: { bankList: [euBank(0), { ...euBank(1), bankIbanno: VALID_IBAN.toLowerCase() }] }, expect: { 'bankList.1.bankIbanno': 'duplicateBankAccount' } },
  { it: 'the same account number at the same bank twice is refused', set: { bankList: [nonEuBank(0), { ...nonEuBank(0), defaultAccount: 0 }] }, expect: { 'bankList.1.bankCardNum': 'duplicateBankAccount' } },
  { it: 'the same account number at another bank is another account', set: { bankList: [nonEuBank(0), { ...nonEuBank(0), defaultAccount: 0, bankSwiftCode: 'BKCHCNBJ300' }] }, expect: {} },
]);

table('purchase data', [
  {
    it: 'requires the company codes, reconciliation account and payment method',
    set: { purchase: { companyCodes: [], reconcileAccounts: '', paymentMethodCode: null } },
    expect: { 'purchase.companyCodes': 'required', 'purchase.reconcileAccounts': 'required', 'purchase.paymentMethodCode': 'required' },
  },
  {
    it: 'refuses codes the ERP does not have',
    set: { 'purchase.companyCodes': ['1000', '9999'], 'purchase.reconcileAccounts': '1', 'purchase.paymentMethodCode': 'X' },
    expect: { 'purchase.companyCodes': 'invalidValue', 'purchase.reconcileAccounts': 'invalidValue', 'purchase.paymentMethodCode': 'invalidValue' },
  },
  { it: 'needs at least one purchase-group row', set: { purchaseGroupList: [] }, expect: { purchaseGroupList: withParams('minRows', { min: 1 }) } },
  {
    it: 'each row requires the organisations, payment terms, currency and overseas flag',
    set: { 'purchaseGroupList.0': {} },
    expect: {
      'purchaseGroupList.0.purchaseGroupCodes': 'required',
      'purchaseGroupList.0.paymentTerms': 'required',
      'purchaseGroupList.0.purchaseOrderCurrency': 'required',
      'purchaseGroupList.0.haveOverseasOrder': 'required',
    },
  },
  {
    it: 'overseas orders need the trade terms and both ports',
    set: { 'purchaseGroupList.0.haveOverseasOrder': 1 },
    expect: { 'purchaseGroupList.0.termsOfTrade': 'required', 'purchaseGroupList.0.portOfShipment': 'required', 'purchaseGroupList.0.portOfArrival': 'required' },
  },
  { it: 'without overseas orders they are not asked for', set: { 'purchaseGroupList.0.haveOverseasOrder': 0 }, expect: {} },
  { it: 'takes ports of 70', set: { 'purchaseGroupList.0': { ...purchaseGroup(['1000'], true), portOfShipment: chars(70), portOfArrival: chars(70) } }, expect: {} },
  {
    it: 'refuses ports of 71',
    set: { 'purchaseGroupList.0': { ...purchaseGroup(['1000'], true), portOfShipment: chars(71), portOfArrival: chars(71) } },
    expect: { 'purchaseGroupList.0.portOfShipment': maxLength(70), 'purchaseGroupList.0.portOfArrival': maxLength(70) },
  },
  {
    it: 'refuses organisations, terms, currencies and incoterms the ERP does not have',
    set: { 'purchaseGroupList.0': { purchaseGroupCodes: ['0001'], paymentTerms: 'Z999', purchaseOrderCurrency: 'XXX', haveOverseasOrder: 1, termsOfTrade: 'ABC', portOfShipment: 'a', portOfArrival: 'b' } },
    expect: {
      'purchaseGroupList.0.purchaseGroupCodes': 'invalidValue',
      'purchaseGroupList.0.paymentTerms': 'invalidValue',
      'purchaseGroupList.0.purchaseOrderCurrency': 'invalidValue',
      'purchaseGroupList.0.termsOfTrade': 'invalidValue',
    },
  },
  {
    it: 'an organisation belongs to one row',
    set: { purchaseGroupList: [purchaseGroup(['1000', '1100']), purchaseGroup(['1100'])] },
    expect: { 'purchaseGroupList.1.purchaseGroupCodes': withParams('duplicateRow', { code: '1100' }) },
  },
  {
    it: 'already effective organisations are mandatory, named in the message',
    set: { purchaseGroupList: [purchaseGroup(['1000'])] },
    ctx: { effectivePurchaseOrgs: ['1000', '2000', '3000'] },
    expect: { purchaseGroupList: withParams('effectivePurchaseOrgsRequired', { codes: '2000,3000' }) },
  },
  { it: 'named in any row they pass', set: { purchaseGroupList: [purchaseGroup(['1000']), purchaseGroup(['2000'])] }, ctx: { effectivePurchaseOrgs: ['2000'] }, expect: {} },
]);

table('invoice', [
  {
    it: 'requires the account, bank, address and phone',
    set: { invoice: {} },
    expect: { 'invoice.bankCardNum': 'required', 'invoice.bankName': 'required', 'invoice.invoiceAddress': 'required', 'invoice.invoicePhone': 'required' },
  },
  { it: 'takes 35 / 60 / 60 / 16', set: { invoice: { bankCardNum: chars(35), bankName: chars(60), invoiceAddress: chars(60), invoicePhone: chars(16, '1') } }, expect: {} },
  {
    it: 'refuses 36 / 61 / 61 / 17',
    set: { invoice: { bankCardNum: chars(36), bankName: chars(61), invoiceAddress: chars(61), invoicePhone: chars(17, '1') } },
    expect: { 'invoice.bankCardNum': maxLength(35), 'invoice.bankName': maxLength(60), 'invoice.invoiceAddress': maxLength(60), 'invoice.invoicePhone': maxLength(16) },
  },
]);

table('high-potential conclusion files', [
  { it: 'are required after a high-potential conclusion', ctx: { highPotential: true }, expect: { documentList: 'uploadHighPotentialConclusion' } },
  { it: 'one is enough', ctx: { highPotential: true }, set: { documentList: [conclusionFile()] }, expect: {} },
  { it: 'five are allowed', ctx: { highPotential: true }, set: { documentList: times(5, () => conclusionFile()) }, expect: {} },
  { it: 'six are too many', ctx: { highPotential: true }, set: { documentList: times(6, () => conclusionFile()) }, expect: { documentList: withParams('tooManyFiles', { max: 5 }) } },
  { it: 'six are too many in a draft as well', variant: 'draft', set: { documentList: times(6, () => conclusionFile()) }, expect: { documentList: withParams('tooManyFiles', { max: 5 }) } },
  { it: 'are not asked for after another conclusion', expect: {} },
  {
    it: 'a row’s reference template is one of the product’s own, never a free link',
    set: { documentList: [{ ...conclusionFile(), templateName: 't.xlsx', templateUrl: 'https://evil.example.com/t.xlsx' }] },
    expect: { 'documentList.0.templateUrl': 'invalidValue' },
  },
  { it: 'a document row needs its file', set: { documentList: [{ documentType: 'meet_conclusion', documentName: 'x.pdf' }] }, expect: { 'documentList.0.documentUrl': 'uploadFile' } },
]);

describe('drafts', () => {
  it('keep an empty form', () => expect(errorsOf({ variant: 'draft' }, {})).toEqual({}));
  it('still refuse what is too long', () => {
    expect(errorsOf({ variant: 'draft', set: { 'basicInfo.supplierShortName': chars(11), 'bankList.0.bankIbanno': chars(35, '1') } })).toEqual({
      'basicInfo.supplierShortName': maxLength(10),
      'bankList.0.bankIbanno': maxLength(34),
    });
  });
});

describe('normalisation', () => {
  it('drops trade terms and ports of a row without overseas orders, and compacts IBANs', () => {
    const form = validReleaseForm();
    form.purchaseGroupList = [{ ...purchaseGroup(['1000', '1100'], true), haveOverseasOrder: 0 }];
    form.bankList = [{ ...euBank(0), bankIbanno: 'de89 3704 0044 0532 0130 00', bankBic: 'deutdeff' }];
    const out = releaseFormSchema('full', CTX).parse(form);
    expect(out.purchaseGroupList[0]).toMatchObject({ termsOfTrade: undefined, portOfShipment: undefined, portOfArrival: undefined });
    expect(out.bankList[0]).toMatchObject({ bankIbanno: VALID_IBAN, bankBic: 'DEUTDEFF' });
  });
});

describe('row helpers', () => {
  it('neither the default account nor the last row can be deleted', () => {
    const banks = [nonEuBank(0), nonEuBank(1)];
    expect(canDeleteBankRow(banks, 0)).toBe(false);
    expect(canDeleteBankRow(banks, 1)).toBe(true);
    expect(canDeleteBankRow([{ ...nonEuBank(1) }], 0)).toBe(false);
  });
  it('choosing a default makes it the only one', () => {
    expect(setDefaultBankRow([nonEuBank(0), nonEuBank(1), newBankRow()], 2).map((b) => b.defaultAccount)).toEqual([0, 0, 1]);
  });
  it('names the effective organisations no row has', () => {
    expect(missingEffectiveOrgs([{ purchaseGroupCodes: ['1000'] }], ['1000', '1100'])).toEqual(['1100']);
  });
});
