import { describe, expect, it } from 'vitest';
import { ERP_CODE_LISTS } from '#domain/erp-reference.ts';
import { releaseFormSchema } from '#domain/release/release-form.ts';
import { euBank, fullMaster, nonEuBank, purchaseGroup, SUPPLIER_NAME, VALID_BIC, VALID_IBAN, validReleaseForm } from '../../tests/support/release-form.ts';
import { configurationProblems } from '#adapters/erp/configuration-check.ts';
import { erpVendorOf } from './erp-release.ts';

const parsed = (form: Record<string, unknown>) => releaseFormSchema('full', { highPotential: false, effectivePurchaseOrgs: [] }).parse(form);

describe('the release form as the ERP vendor', () => {
  it('maps the partner, its address and tax number', () => {
    const vendor = erpVendorOf(parsed(validReleaseForm()));
    expect(vendor).toMatchObject({
      organizationName: SUPPLIER_NAME,
      searchTerm: '测试零部件',
      taxNumber: '91310000MA1FL0001X',
      address: { country: 'CN', region: '310000', cityName: '上海市', streetName: '嘉定区安亭镇测试路1号', postalCode: '201800', phoneNumber: '+862169990000' },
    });
  });

  it('an EU account goes by IBAN and BIC, another by account number at its BIC or CNAPS code; one is the default', () => {
    const form = validReleaseForm();
    form.bankList = [nonEuBank(0), euBank(1)];
    const [cn, eu] = erpVendorOf(parsed(form)).banks;
    expect(cn).toEqual({
      bankCountryKey: 'CN',
      bankAccount: '100123456789012340',
      swiftCode: 'ICBKCNBJSHI',
      bankAccountHolderName: SUPPLIER_NAME,
      bankName: '中国工商银行上海嘉定支行',
      isDefault: true,
    });
    expect(eu).toEqual({ bankCountryKey: 'DE', iban: VALID_IBAN, swiftCode: VALID_BIC, bankAccountHolderName: SUPPLIER_NAME, bankName: 'Deutsche Bank Frankfurt', isDefault: false });
  });

  it('a 12-digit CNAPS code (联行号) is the bank key, never the SWIFT code; a wrong one is refused at the field', () => {
    const form = validReleaseForm();
    form.bankList = [{ ...nonEuBank(0), bankSwiftCode: '102 290 002 150' }];
    const [cn] = erpVendorOf(parsed(form)).banks;
    expect(cn).toMatchObject({ bankNumber: '102290002150' });
    expect(cn).not.toHaveProperty('swiftCode');
    form.bankList = [{ ...nonEuBank(0), bankSwiftCode: '1022900021' }];
    const refused = releaseFormSchema('full', { highPotential: false, effectivePurchaseOrgs: [] }).safeParse(form);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['bankList.0.bankSwiftCode', 'invalidSwiftOrCnaps']]);
  });

  it('gives every company code the purchase data and every organisation its row’s terms, incoterms only with overseas orders', () => {
    const form = validReleaseForm();
    form.purchase.companyCodes = ['1000', '2000'];
    form.purchaseGroupList = [purchaseGroup(['1000', '1100']), purchaseGroup(['2000'], true)];
    const vendor = erpVendorOf(parsed(form));
    expect(vendor.companies).toEqual([
      { companyCode: '1000', reconciliationAccount: '2202010000', paymentMethodsList: 'T' },
      { companyCode: '2000', reconciliationAccount: '2202010000', paymentMethodsList: 'T' },
    ]);
    expect(vendor.purchasingOrgs).toEqual([
      { purchasingOrganization: '1000', purchaseOrderCurrency: 'CNY', paymentTerms: 'Z030' },
      { purchasingOrganization: '1100', purchaseOrderCurrency: 'CNY', paymentTerms: 'Z030' },
      { purchasingOrganization: '2000', purchaseOrderCurrency: 'CNY', paymentTerms: 'Z030', incotermsClassification: 'FOB', incotermsLocation1: 'Hamburg', incotermsLocation2: 'Shanghai' },
    ]);
  });

  it('a vendor from the seeded codes fits the ERP configuration of the same module; another code does not', () => {
    const vendor = erpVendorOf(parsed(fullMaster()));
    expect(configurationProblems(vendor, ERP_CODE_LISTS)).toEqual([]);
    vendor.purchasingOrgs[0]!.paymentTerms = 'Z999';
    expect(configurationProblems(vendor, ERP_CODE_LISTS)).toEqual([{ kind: 'paymentTerms', value: 'Z999' }]);
  });
});
