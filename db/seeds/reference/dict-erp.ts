import {
  ERP_COMPANIES,
  ERP_CURRENCIES,
  ERP_DEFAULTS,
  ERP_DICT_TYPES,
  ERP_INCOTERMS,
  ERP_PAYMENT_METHODS,
  ERP_PAYMENT_TERMS,
  ERP_PURCHASING_ORGS,
  ERP_RECONCILIATION_ACCOUNTS,
  type ErpReferenceEntry,
} from '#domain/erp-reference.ts';
import { e, type DictSeed } from './dict-types.ts';

/**
 * The release form's purchase data (req flow §3.16, §9), from the one module the ERP simulator reads
 * too (domain/erp-reference.ts), so a form the selects allow is one the ERP accepts.
 */
const entries = (list: readonly ErpReferenceEntry[]) => list.map((x) => e(x.code, x.zh, x.en));

export const ERP_DICTS: DictSeed = {
  [ERP_DICT_TYPES.companies]: entries(ERP_COMPANIES),
  [ERP_DICT_TYPES.purchasingOrgs]: ERP_PURCHASING_ORGS.map((o) => e(o.code, o.zh, o.en, { companyCode: o.companyCode })),
  [ERP_DICT_TYPES.reconciliationAccounts]: entries(ERP_RECONCILIATION_ACCOUNTS),
  [ERP_DICT_TYPES.paymentTerms]: entries(ERP_PAYMENT_TERMS),
  [ERP_DICT_TYPES.paymentMethods]: entries(ERP_PAYMENT_METHODS),
  [ERP_DICT_TYPES.currencies]: entries(ERP_CURRENCIES),
  [ERP_DICT_TYPES.incoterms]: entries(ERP_INCOTERMS),
  // Req flow §9: the default company codes and purchasing organisations, comma separated.
  default_company_and_organization: [
    e('COMPANY', ERP_DEFAULTS.companyCodes.join(','), ERP_DEFAULTS.companyCodes.join(',')),
    e('PURCHASE_ORGANIZATION', ERP_DEFAULTS.purchasingOrgs.join(','), ERP_DEFAULTS.purchasingOrgs.join(',')),
  ],
};
