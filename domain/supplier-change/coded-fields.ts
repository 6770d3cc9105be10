import { ERP_DICT_TYPES } from '../erp-reference.ts';
import { FACTORY_DICT } from './change-form.ts';
import type { DiffSection } from './diff.ts';

/** A pseudo dictionary: category codes, named by the category table. */
export const CATEGORY_CODES = 'category';

/**
 * The fields of a supplier master that hold codes, by section, with the dictionary naming them. Wherever a
 * master is shown (a change's comparison, an approval's form) these read as their label in the reader's
 * language, never as the code.
 */
export const CODED_FIELDS: Partial<Record<DiffSection, Record<string, string>>> = {
  basicInfo: { supplierType: 'supplier_type' },
  contactList: { position: 'position', categoryCodeList: CATEGORY_CODES },
  purchase: { companyCodes: ERP_DICT_TYPES.companies, reconcileAccounts: ERP_DICT_TYPES.reconciliationAccounts, paymentMethod: ERP_DICT_TYPES.paymentMethods },
  purchaseGroupList: {
    purchaseGroupCodes: ERP_DICT_TYPES.purchasingOrgs,
    paymentTerms: ERP_DICT_TYPES.paymentTerms,
    purchaseOrderCurrency: ERP_DICT_TYPES.currencies,
    termsOfTrade: ERP_DICT_TYPES.incoterms,
  },
  factoryInfoDtoList: { factoryAttribute: FACTORY_DICT.attribute, factoryState: FACTORY_DICT.state },
};

/** Labels of the codes a record holds, by dictionary and code, in one language. */
export type CodeLabels = Record<string, Record<string, string>>;

/** The codes each dictionary is asked for by these records (a field may hold one code or a list). */
export function codesIn(records: readonly (Record<string, unknown> | null | undefined)[]): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>();
  const add = (dict: string, value: unknown) => {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === null || v === undefined || v === '') continue;
      if (!wanted.has(dict)) wanted.set(dict, new Set());
      wanted.get(dict)!.add(String(v));
    }
  };
  for (const record of records) {
    for (const [section, fields] of Object.entries(CODED_FIELDS)) {
      const part = record?.[section];
      const rows = Array.isArray(part) ? part : part && typeof part === 'object' ? [part] : [];
      for (const row of rows as Record<string, unknown>[]) {
        for (const [field, dict] of Object.entries(fields)) add(dict, row?.[field]);
      }
    }
  }
  return wanted;
}

/** A coded field's value as it reads: each code by its label, an unknown code as it is. */
export function labelCodes(section: DiffSection, field: string, value: unknown, labels: CodeLabels | undefined): unknown {
  const dict = CODED_FIELDS[section]?.[field];
  if (!dict || !labels?.[dict]) return value;
  const name = (code: unknown) => labels[dict]![String(code)] ?? code;
  return Array.isArray(value) ? value.map(name) : value === null || value === undefined || value === '' ? value : name(value);
}
