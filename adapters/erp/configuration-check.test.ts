import { describe, expect, it } from 'vitest';
import { sampleVendor } from '../../tests/support/erp-vendors.ts';
import type { ErpConfiguration } from './erp-client.ts';
import { configurationProblemMessages, configurationProblems } from './configuration-check.ts';

const config: ErpConfiguration = {
  companyCodes: ['1000', '2000'],
  purchasingOrganizations: ['1000', '1100'],
  reconciliationAccounts: ['2202010000'],
  paymentTerms: ['Z030', 'Z060'],
  paymentMethods: ['T', 'C'],
  currencies: ['CNY', 'USD'],
  incoterms: ['FOB'],
};
const messagesFor = (vendor: ReturnType<typeof sampleVendor>) => configurationProblemMessages(configurationProblems(vendor, config));

describe('the check of a vendor against the ERP configuration', () => {
  it('passes a vendor that uses only values the ERP has', () => {
    expect(configurationProblems(sampleVendor(), config)).toEqual([]);
  });

  it('names each unknown company code, reconciliation account and payment method', () => {
    const vendor = sampleVendor({ companies: [{ companyCode: '9000', reconciliationAccount: '2202099999', paymentMethodsList: 'TX' }] });
    expect(messagesFor(vendor)).toEqual(['Company code 9000 does not exist', 'Account 2202099999 is not a reconciliation account', 'Payment method X is not defined']);
  });

  it('names each unknown purchasing organisation, currency, payment term and incoterm', () => {
    const vendor = sampleVendor({
      purchasingOrgs: [{ purchasingOrganization: '4000', purchaseOrderCurrency: 'XAU', paymentTerms: 'Z999', incotermsClassification: 'FOX' }],
    });
    expect(messagesFor(vendor)).toEqual([
      'Purchasing organization 4000 does not exist',
      'Currency XAU is not defined',
      'Terms of payment Z999 are not defined',
      'Incoterms FOX are not defined',
    ]);
  });

  it('checks incoterms only where a row has them', () => {
    const vendor = sampleVendor({ purchasingOrgs: [{ purchasingOrganization: '1000', purchaseOrderCurrency: 'CNY', paymentTerms: 'Z030' }] });
    expect(configurationProblems(vendor, { ...config, incoterms: [] })).toEqual([]);
  });

  it('names a value used twice once', () => {
    const company = { companyCode: '9000', reconciliationAccount: '2202010000', paymentMethodsList: 'T' };
    expect(configurationProblems(sampleVendor({ companies: [company, { ...company }] }), config)).toEqual([{ kind: 'companyCodes', value: '9000' }]);
  });
});
