import { describe, expect, it } from 'vitest';
import { BANK_TYPE, HIGH_POTENTIAL_DOCUMENT_TYPE, releaseFormSchema, type ReleaseForm, type ReleaseRuleContext } from '#domain/release/release-form.ts';
import { fieldErrors } from '#domain/rfi/sections/index.ts';
import { euBank, fullMaster, SUPPLIER_NAME, validReleaseForm } from '../../../../../../../tests/support/release-form.ts';
import { accountNameDiffers, conclusionFiles, onBankTypeChange, onOverseasChange, releaseValues, withConclusionFiles, type ReleaseValues } from './release-values.ts';

const NO_RULES: ReleaseRuleContext = { highPotential: false, effectivePurchaseOrgs: [] };
const errorsOf = (values: ReleaseValues, ctx: ReleaseRuleContext = NO_RULES) => {
  const r = releaseFormSchema('full', ctx).safeParse(values);
  return r.success ? {} : fieldErrors(r.error);
};
const stored = (form: Record<string, unknown>) => form as unknown as ReleaseForm;

describe('the release form as the screen holds it (req flow §3.16, §5.12)', () => {
  it('a stored complete form passes every rule once laid over the empty inputs', () => {
    expect(errorsOf(releaseValues(stored(validReleaseForm())))).toEqual({});
    expect(errorsOf(releaseValues(stored(fullMaster())))).toEqual({});
  });

  it('a new form shows one default bank account, one purchase-group row and one contact to fill', () => {
    const v = releaseValues(null);
    expect(v.bankList).toHaveLength(1);
    expect(v.bankList[0].defaultAccount).toBe(1);
    expect(v.purchaseGroupList).toHaveLength(1);
    expect(v.contactList).toHaveLength(1);
    expect(v.contactList[0].contactAreaCode).toBe('+86');
    expect(errorsOf(v)).toMatchObject({
      'basicInfo.supplierName': 'required',
      'bankList.0.bankHeadCode': 'required',
      'bankList.0.bankSwiftCode': 'required',
      'purchaseGroupList.0.haveOverseasOrder': 'required',
      'invoice.invoicePhone': 'required',
    });
    expect(errorsOf(v)).not.toHaveProperty('bankList');
  });

  it('stored accounts without a default get the first as default', () => {
    const form = validReleaseForm();
    form.bankList = [{ ...form.bankList[0], defaultAccount: 0 }, { ...euBank(1), defaultAccount: 0 }];
    expect(releaseValues(stored(form)).bankList.map((b) => b.defaultAccount)).toEqual([1, 0]);
  });
});

describe('bank type switch', () => {
  const nonEu = () => releaseValues(stored(validReleaseForm())).bankList[0];

  it('to EU clears the swift code and account number and asks for BIC and IBAN', () => {
    const values = releaseValues(stored(validReleaseForm()));
    const row = onBankTypeChange(values.bankList[0], BANK_TYPE.EU);
    expect(row).toMatchObject({ bankType: '1', bankSwiftCode: '', bankCardNum: '' });
    expect(errorsOf({ ...values, bankList: [row] })).toEqual({ 'bankList.0.bankBic': 'required', 'bankList.0.bankIbanno': 'required' });
  });

  it('back to non-EU clears BIC and IBAN', () => {
    const eu = { ...nonEu(), bankType: BANK_TYPE.EU, bankBic: 'DEUTDEFF', bankIbanno: 'DE89370400440532013000' };
    expect(onBankTypeChange(eu, BANK_TYPE.NON_EU)).toMatchObject({ bankType: '0', bankBic: '', bankIbanno: '' });
  });

  it('the reason shows only while the account name differs from the supplier name', () => {
    expect(accountNameDiffers({ accountName: SUPPLIER_NAME }, SUPPLIER_NAME)).toBe(false);
    expect(accountNameDiffers({ accountName: ` ${SUPPLIER_NAME} ` }, SUPPLIER_NAME)).toBe(false);
    expect(accountNameDiffers({ accountName: '另一家公司' }, SUPPLIER_NAME)).toBe(true);
    expect(accountNameDiffers({ accountName: '' }, SUPPLIER_NAME)).toBe(false);
    const values = releaseValues(stored(validReleaseForm()));
    values.bankList[0].accountName = '另一家公司';
    expect(errorsOf(values)).toEqual({ 'bankList.0.reason': 'bankAccountNameReason' });
  });
});

describe('overseas orders of a purchase-group row', () => {
  it('switched on, trade terms and ports are required; switched off, they are cleared and not asked for', () => {
    const values = releaseValues(stored(validReleaseForm()));
    const on = onOverseasChange(values.purchaseGroupList[0], 1);
    expect(errorsOf({ ...values, purchaseGroupList: [on] })).toEqual({
      'purchaseGroupList.0.termsOfTrade': 'required',
      'purchaseGroupList.0.portOfShipment': 'required',
      'purchaseGroupList.0.portOfArrival': 'required',
    });
    const filled = { ...on, termsOfTrade: 'FOB', portOfShipment: 'Hamburg', portOfArrival: 'Shanghai' };
    expect(onOverseasChange(filled, 1)).toEqual(filled);
    const off = onOverseasChange(filled, 0);
    expect(off).toMatchObject({ haveOverseasOrder: 0, termsOfTrade: '', portOfShipment: '', portOfArrival: '' });
    expect(errorsOf({ ...values, purchaseGroupList: [off] })).toEqual({});
  });

  it('an already effective organisation missing from every row is named', () => {
    const values = releaseValues(stored(validReleaseForm()));
    expect(errorsOf(values, { highPotential: false, effectivePurchaseOrgs: ['1000', '2000'] })).toEqual({
      purchaseGroupList: 'effectivePurchaseOrgsRequired|{"codes":"2000"}',
    });
  });
});

describe('high-potential conclusion files', () => {
  it('are replaced as a list, the other documents kept', () => {
    const values = releaseValues(stored(validReleaseForm({ highPotential: true })));
    const template = { templateName: 'T.docx', templateUrl: '/t', documentName: '', documentUrl: '', documentType: 'supplier_info' };
    const list = [template, ...values.documentList];
    expect(conclusionFiles(list)).toEqual([{ documentName: 'conclusion.pdf', documentUrl: expect.any(String) }]);
    const next = withConclusionFiles(list, []);
    expect(next).toEqual([template]);
    expect(errorsOf({ ...values, documentList: [] }, { highPotential: true, effectivePurchaseOrgs: [] })).toEqual({ documentList: 'uploadHighPotentialConclusion' });
    const files = Array.from({ length: 6 }, (_, i) => ({ documentName: `c${i}.pdf`, documentUrl: values.documentList[0].documentUrl }));
    const six = withConclusionFiles(values.documentList, files);
    expect(six.filter((d) => d.documentType === HIGH_POTENTIAL_DOCUMENT_TYPE)).toHaveLength(6);
    expect(errorsOf({ ...values, documentList: six })).toEqual({ documentList: 'tooManyFiles|{"max":5}' });
  });
});
