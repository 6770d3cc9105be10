import crypto from 'node:crypto';
import type { ErpVendorInput } from '#adapters/erp/erp-client.ts';
import { usccCheckCharacter } from '#domain/credit-code.ts';

/** A unified social credit code (18 characters, its check character per GB 32100-2015), new on every call. */
export function newTaxNumber(): string {
  const first17 = `91310000${crypto.randomInt(100_000_000, 1_000_000_000)}`;
  return `${first17}${usccCheckCharacter(first17)}`;
}

/**
 * A vendor as the release form gives it: a Shanghai parts maker with a Chinese default account
 * (22 digits, longer than the ERP's account field) and a euro account, two company codes and two
 * purchasing organisations, one of them buying overseas under FOB.
 */
export function sampleVendor(overrides: Partial<ErpVendorInput> = {}): ErpVendorInput {
  return {
    organizationName: '上海华东精密汽车零部件有限公司',
    searchTerm: 'HDJM',
    taxNumber: newTaxNumber(),
    address: { country: 'CN', region: '310000', cityName: '上海市', streetName: '浦东新区张江路 88 号', postalCode: '201203', phoneNumber: '+862150001234' },
    banks: [
      { bankCountryKey: 'CN', bankNumber: '102290000123', bankAccount: '6222021001234567890123', bankAccountHolderName: '上海华东精密汽车零部件有限公司', bankName: '中国工商银行上海张江支行', isDefault: true },
      { bankCountryKey: 'DE', iban: 'DE89370400440532013000', swiftCode: 'COBADEFFXXX', bankAccountHolderName: 'Huadong Precision Europe GmbH', bankName: 'Commerzbank Köln', isDefault: false },
    ],
    companies: [
      { companyCode: '1000', reconciliationAccount: '2202010000', paymentMethodsList: 'TC' },
      { companyCode: '2000', reconciliationAccount: '2202010000', paymentMethodsList: 'T' },
    ],
    purchasingOrgs: [
      { purchasingOrganization: '1000', purchaseOrderCurrency: 'CNY', paymentTerms: 'Z060' },
      { purchasingOrganization: '1100', purchaseOrderCurrency: 'USD', paymentTerms: 'Z030', incotermsClassification: 'FOB', incotermsLocation1: 'Hamburg', incotermsLocation2: 'Shanghai' },
    ],
    ...overrides,
  };
}
