import type { ErpConfiguration, ErpVendorInput } from './erp-client.ts';

/** A value of the payload that the ERP's configuration does not have. */
export interface ErpConfigurationProblem {
  kind: keyof ErpConfiguration;
  value: string;
}

/** In the ERP's own words (S/4's messages), since the refusal is shown as the ERP's message. */
const MESSAGE: Record<keyof ErpConfiguration, (value: string) => string> = {
  companyCodes: (v) => `Company code ${v} does not exist`,
  purchasingOrganizations: (v) => `Purchasing organization ${v} does not exist`,
  reconciliationAccounts: (v) => `Account ${v} is not a reconciliation account`,
  paymentTerms: (v) => `Terms of payment ${v} are not defined`,
  paymentMethods: (v) => `Payment method ${v} is not defined`,
  currencies: (v) => `Currency ${v} is not defined`,
  incoterms: (v) => `Incoterms ${v} are not defined`,
};

/**
 * Every company code, purchasing organisation, reconciliation account, payment term and method,
 * currency and incoterm of the payload that the ERP does not know, each once, in payload order.
 * The adapter refuses such a payload before sending it; the simulator runs the same check.
 */
export function configurationProblems(input: ErpVendorInput, config: ErpConfiguration): ErpConfigurationProblem[] {
  const used: ErpConfigurationProblem[] = [
    ...input.companies.flatMap((c) => [
      { kind: 'companyCodes' as const, value: c.companyCode },
      { kind: 'reconciliationAccounts' as const, value: c.reconciliationAccount },
      // The payment methods list concatenates one-letter methods ("TC": transfer or banker's acceptance).
      ...Array.from(c.paymentMethodsList, (value) => ({ kind: 'paymentMethods' as const, value })),
    ]),
    ...input.purchasingOrgs.flatMap((p) => [
      { kind: 'purchasingOrganizations' as const, value: p.purchasingOrganization },
      { kind: 'currencies' as const, value: p.purchaseOrderCurrency },
      { kind: 'paymentTerms' as const, value: p.paymentTerms },
      ...(p.incotermsClassification ? [{ kind: 'incoterms' as const, value: p.incotermsClassification }] : []),
    ]),
  ];
  const seen = new Set<string>();
  return used.filter((p) => {
    const key = `${p.kind}:${p.value}`;
    if (seen.has(key) || config[p.kind].includes(p.value)) return false;
    seen.add(key);
    return true;
  });
}

export function configurationProblemMessages(problems: readonly ErpConfigurationProblem[]): string[] {
  return problems.map((p) => MESSAGE[p.kind](p.value));
}
