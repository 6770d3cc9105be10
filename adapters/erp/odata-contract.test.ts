import { describe, expect, it } from 'vitest';
import { sampleVendor } from '../../tests/support/erp-vendors.ts';
import { businessPartnerCreateSchema, businessPartnerOf, odataString, taxTypeOf, vendorInputOf } from './odata-contract.ts';

describe('the vendor as an S/4HANA business partner deep insert', () => {
  it('is a valid deep insert that reads back as the same vendor', () => {
    const vendor = sampleVendor();
    const bp = businessPartnerOf(vendor);
    expect(businessPartnerCreateSchema.safeParse(bp).success).toBe(true);
    expect(vendorInputOf(bp)).toEqual(vendor);
  });

  it('makes a supplier organisation with its roles, tax number and supplier parts', () => {
    const vendor = sampleVendor();
    const bp = businessPartnerOf(vendor);
    expect(bp.BusinessPartnerCategory).toBe('2');
    expect(bp.to_BusinessPartnerRole.results.map((r) => r.BusinessPartnerRole)).toEqual(['FLVN00', 'FLVN01']);
    expect(bp.to_BusinessPartnerTax.results).toEqual([{ BPTaxType: 'CN5', BPTaxNumber: vendor.taxNumber }]);
    expect(bp.to_Supplier.to_SupplierCompany.results[0]).toEqual({ CompanyCode: '1000', ReconciliationAccount: '2202010000', PaymentMethodsList: 'TC' });
    expect(bp.to_Supplier.to_SupplierPurchasingOrg.results[1]).toMatchObject({ PurchasingOrganization: '1100', IncotermsClassification: 'FOB', IncotermsLocation1: 'Hamburg' });
  });

  it('gives the default account the first bank id, wherever it stands in the form', () => {
    const [cn, eu] = sampleVendor().banks;
    const bp = businessPartnerOf(sampleVendor({ banks: [{ ...eu, isDefault: true }, { ...cn, isDefault: false }] }));
    expect(bp.to_BusinessPartnerBank.results.map((b) => [b.BankIdentification, b.BankCountryKey])).toEqual([['0001', 'DE'], ['0002', 'CN']]);
  });

  it('puts the digits of an account number beyond 18 into the reference field, as S/4 keeps long Chinese accounts', () => {
    const bank = businessPartnerOf(sampleVendor()).to_BusinessPartnerBank.results[0];
    expect(bank.BankAccount).toBe('622202100123456789');
    expect(bank.BankAccountReferenceText).toBe('0123');
  });

  it('spreads a name longer than 40 characters over the name fields', () => {
    const name = '华东'.repeat(25);
    const bp = businessPartnerOf(sampleVendor({ organizationName: name }));
    expect([bp.OrganizationBPName1.length, bp.OrganizationBPName2?.length]).toEqual([40, 10]);
    expect(vendorInputOf(bp).organizationName).toBe(name);
  });

  it('refuses what S/4 would: a bank without account or IBAN, a search term over 20 characters', () => {
    const [cn] = sampleVendor().banks;
    const bp = businessPartnerOf(sampleVendor({ banks: [{ ...cn, bankAccount: undefined }], searchTerm: 'S'.repeat(21) }));
    const issues = businessPartnerCreateSchema.safeParse(bp).error?.issues.map((i) => i.path.join('/'));
    expect(issues).toEqual(['SearchTerm1', 'to_BusinessPartnerBank/results/0']);
  });

  it("uses China's unified social credit code type for Chinese partners and the VAT number elsewhere", () => {
    expect(taxTypeOf('CN')).toBe('CN5');
    expect(taxTypeOf('DE')).toBe('DE0');
  });

  it('quotes OData string literals', () => {
    expect(odataString("O'Neil")).toBe("'O''Neil'");
  });
});
