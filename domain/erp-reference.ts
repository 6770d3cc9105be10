/**
 * The ERP's configuration as this installation knows it: company codes, purchasing organisations,
 * reconciliation accounts, payment terms, payment methods, currencies and incoterms (req flow §3.16,
 * §9). One module, so the seeded dictionaries the release form offers (db/seeds) and the embedded ERP
 * simulator's own configuration cannot disagree; an installation on a real ERP (`ERP_URL`) seeds the
 * same codes, which the adapter checks against the ERP's answer before sending a vendor.
 */

export interface ErpReferenceEntry {
  code: string;
  zh: string;
  en: string;
}

export interface ErpPurchasingOrg extends ErpReferenceEntry {
  /** The company code the organisation buys for. */
  companyCode: string;
}

export const ERP_COMPANIES: readonly ErpReferenceEntry[] = [
  { code: '1000', zh: '上海整车有限公司', en: 'Shanghai Vehicle Co., Ltd.' },
  { code: '2000', zh: '武汉整车有限公司', en: 'Wuhan Vehicle Co., Ltd.' },
  { code: '3000', zh: '重庆动力总成有限公司', en: 'Chongqing Powertrain Co., Ltd.' },
  { code: '4000', zh: '欧洲研发中心有限公司', en: 'European R&D Centre GmbH' },
];

export const ERP_PURCHASING_ORGS: readonly ErpPurchasingOrg[] = [
  { code: '1000', zh: '上海生产件采购组织', en: 'Shanghai production parts purchasing', companyCode: '1000' },
  { code: '1100', zh: '上海售后件采购组织', en: 'Shanghai service parts purchasing', companyCode: '1000' },
  { code: '2000', zh: '武汉生产件采购组织', en: 'Wuhan production parts purchasing', companyCode: '2000' },
  { code: '3000', zh: '重庆动力总成采购组织', en: 'Chongqing powertrain purchasing', companyCode: '3000' },
  { code: '4000', zh: '欧洲采购组织', en: 'European purchasing', companyCode: '4000' },
];

export const ERP_RECONCILIATION_ACCOUNTS: readonly ErpReferenceEntry[] = [
  { code: '2202010000', zh: '应付账款-国内供应商', en: 'Accounts payable – domestic suppliers' },
  { code: '2202020000', zh: '应付账款-国外供应商', en: 'Accounts payable – foreign suppliers' },
  { code: '2202030000', zh: '应付账款-关联方', en: 'Accounts payable – related parties' },
];

export const ERP_PAYMENT_TERMS: readonly ErpReferenceEntry[] = [
  { code: 'Z000', zh: '立即付款', en: 'Payable immediately' },
  { code: 'Z030', zh: '发票日后30天付款', en: '30 days after invoice date' },
  { code: 'Z060', zh: '发票日后60天付款', en: '60 days after invoice date' },
  { code: 'Z090', zh: '发票日后90天付款', en: '90 days after invoice date' },
  { code: 'Z120', zh: '月结120天', en: '120 days end of month' },
];

export const ERP_PAYMENT_METHODS: readonly ErpReferenceEntry[] = [
  { code: 'T', zh: '银行转账', en: 'Bank transfer' },
  { code: 'C', zh: '银行承兑汇票', en: "Banker's acceptance" },
  { code: 'S', zh: 'SEPA转账', en: 'SEPA credit transfer' },
];

/** The currencies of purchase orders; also the questionnaire's registered-capital currencies (currency_type). */
export const ERP_CURRENCIES: readonly ErpReferenceEntry[] = [
  { code: 'CNY', zh: '人民币', en: 'Chinese yuan (CNY)' },
  { code: 'USD', zh: '美元', en: 'US dollar (USD)' },
  { code: 'EUR', zh: '欧元', en: 'Euro (EUR)' },
  { code: 'JPY', zh: '日元', en: 'Japanese yen (JPY)' },
  { code: 'HKD', zh: '港币', en: 'Hong Kong dollar (HKD)' },
  { code: 'GBP', zh: '英镑', en: 'Pound sterling (GBP)' },
  { code: 'KRW', zh: '韩元', en: 'South Korean won (KRW)' },
  { code: 'TWD', zh: '新台币', en: 'New Taiwan dollar (TWD)' },
  { code: 'MOP', zh: '澳门元', en: 'Macanese pataca (MOP)' },
  { code: 'CHF', zh: '瑞士法郎', en: 'Swiss franc (CHF)' },
  { code: 'SEK', zh: '瑞典克朗', en: 'Swedish krona (SEK)' },
  { code: 'SGD', zh: '新加坡元', en: 'Singapore dollar (SGD)' },
  { code: 'THB', zh: '泰铢', en: 'Thai baht (THB)' },
  { code: 'MXN', zh: '墨西哥比索', en: 'Mexican peso (MXN)' },
];

/** Incoterms 2020: the trade terms of a purchase-group row with overseas orders. */
export const ERP_INCOTERMS: readonly ErpReferenceEntry[] = [
  { code: 'EXW', zh: '工厂交货', en: 'Ex works (EXW)' },
  { code: 'FCA', zh: '货交承运人', en: 'Free carrier (FCA)' },
  { code: 'CPT', zh: '运费付至', en: 'Carriage paid to (CPT)' },
  { code: 'CIP', zh: '运费和保险费付至', en: 'Carriage and insurance paid to (CIP)' },
  { code: 'DAP', zh: '目的地交货', en: 'Delivered at place (DAP)' },
  { code: 'DPU', zh: '卸货地交货', en: 'Delivered at place unloaded (DPU)' },
  { code: 'DDP', zh: '完税后交货', en: 'Delivered duty paid (DDP)' },
  { code: 'FAS', zh: '船边交货', en: 'Free alongside ship (FAS)' },
  { code: 'FOB', zh: '船上交货', en: 'Free on board (FOB)' },
  { code: 'CFR', zh: '成本加运费', en: 'Cost and freight (CFR)' },
  { code: 'CIF', zh: '成本、保险费加运费', en: 'Cost, insurance and freight (CIF)' },
];

/**
 * Req flow §9: the default company codes and purchasing organisations (dictionary
 * default_company_and_organization, comma separated): what a new release form starts with.
 */
export const ERP_DEFAULTS = { companyCodes: ['1000', '2000'], purchasingOrgs: ['1000', '1100'] } as const;

/** The dictionary types the release form's selects read (the look-ups serve the same entries). */
export const ERP_DICT_TYPES = {
  companies: 'company_code',
  purchasingOrgs: 'purchase_organization',
  reconciliationAccounts: 'reconciliation_account',
  paymentTerms: 'payment_terms',
  paymentMethods: 'payment_method',
  currencies: 'currency_type',
  incoterms: 'trade_terms',
} as const;

/** The code lists a vendor is checked against; the same keys as the ERP port's `ErpConfiguration`. */
export interface ErpCodeLists {
  companyCodes: string[];
  purchasingOrganizations: string[];
  reconciliationAccounts: string[];
  paymentTerms: string[];
  paymentMethods: string[];
  currencies: string[];
  incoterms: string[];
}

const codes = (entries: readonly ErpReferenceEntry[]) => entries.map((e) => e.code);

/** This module's configuration as code lists: what the ERP simulator serves as its configuration. */
export const ERP_CODE_LISTS: ErpCodeLists = {
  companyCodes: codes(ERP_COMPANIES),
  purchasingOrganizations: codes(ERP_PURCHASING_ORGS),
  reconciliationAccounts: codes(ERP_RECONCILIATION_ACCOUNTS),
  paymentTerms: codes(ERP_PAYMENT_TERMS),
  paymentMethods: codes(ERP_PAYMENT_METHODS),
  currencies: codes(ERP_CURRENCIES),
  incoterms: codes(ERP_INCOTERMS),
};
