/**
 * The ERP's customising as the platform knows it: company codes, purchasing organisations,
 * reconciliation accounts, payment terms and methods, currencies and incoterms. One list serves the
 * platform's seeded look-ups (the release form's selects) and the ERP simulator's own configuration,
 * so what the form offers is what the simulator accepts. A real ERP has its own customising: the
 * adapter checks every payload against what that ERP answers (adapters/erp), not against this list.
 */
export interface ErpReferenceEntry {
  code: string;
  zh: string;
  en: string;
}

const r = (code: string, zh: string, en: string): ErpReferenceEntry => ({ code, zh, en });

export const ERP_COMPANY_CODES: readonly (ErpReferenceEntry & { currency: string; default: boolean })[] = [
  { ...r('1000', '上海整车制造有限公司', 'Shanghai Vehicle Manufacturing Co., Ltd.'), currency: 'CNY', default: true },
  { ...r('2000', '武汉整车制造有限公司', 'Wuhan Vehicle Manufacturing Co., Ltd.'), currency: 'CNY', default: true },
  { ...r('3000', '欧洲研发中心（德国）', 'European R&D Centre (Germany)'), currency: 'EUR', default: false },
];

/** Each purchasing organisation buys for one company code. */
export const ERP_PURCHASING_ORGS: readonly (ErpReferenceEntry & { companyCode: string; default: boolean })[] = [
  { ...r('1000', '上海生产性采购', 'Shanghai production purchasing'), companyCode: '1000', default: true },
  { ...r('1100', '上海非生产性采购', 'Shanghai indirect purchasing'), companyCode: '1000', default: true },
  { ...r('2000', '武汉生产性采购', 'Wuhan production purchasing'), companyCode: '2000', default: false },
  { ...r('3000', '欧洲采购', 'European purchasing'), companyCode: '3000', default: false },
];

export const ERP_RECONCILIATION_ACCOUNTS: readonly ErpReferenceEntry[] = [
  r('2202010000', '应付账款-国内供应商', 'Trade payables – domestic suppliers'),
  r('2202020000', '应付账款-境外供应商', 'Trade payables – foreign suppliers'),
  r('2202030000', '应付账款-关联方', 'Trade payables – related parties'),
];

export const ERP_PAYMENT_TERMS: readonly ErpReferenceEntry[] = [
  r('0001', '立即付款', 'Payable immediately'),
  r('Z030', '30天净额', '30 days net'),
  r('Z060', '60天净额', '60 days net'),
  r('Z090', '90天净额', '90 days net'),
  r('Z06M', '月结60天', '60 days after end of month'),
];

/** One letter each, as the ERP's payment methods list concatenates them. */
export const ERP_PAYMENT_METHODS: readonly ErpReferenceEntry[] = [
  r('T', '银行转账', 'Bank transfer'),
  r('B', '银行承兑汇票', 'Bank acceptance bill'),
  r('C', '支票', 'Cheque'),
  r('F', '境外电汇', 'Foreign wire transfer'),
];

export const ERP_CURRENCIES: readonly ErpReferenceEntry[] = [
  r('CNY', '人民币', 'Chinese yuan (CNY)'),
  r('USD', '美元', 'US dollar (USD)'),
  r('EUR', '欧元', 'Euro (EUR)'),
  r('JPY', '日元', 'Japanese yen (JPY)'),
  r('HKD', '港币', 'Hong Kong dollar (HKD)'),
  r('GBP', '英镑', 'Pound sterling (GBP)'),
  r('KRW', '韩元', 'South Korean won (KRW)'),
  r('TWD', '新台币', 'New Taiwan dollar (TWD)'),
  r('MOP', '澳门元', 'Macanese pataca (MOP)'),
  r('CHF', '瑞士法郎', 'Swiss franc (CHF)'),
  r('SEK', '瑞典克朗', 'Swedish krona (SEK)'),
  r('SGD', '新加坡元', 'Singapore dollar (SGD)'),
  r('THB', '泰铢', 'Thai baht (THB)'),
  r('MXN', '墨西哥比索', 'Mexican peso (MXN)'),
];

/** Incoterms 2020: the trade terms of a purchase group row. */
export const ERP_INCOTERMS: readonly ErpReferenceEntry[] = [
  r('EXW', '工厂交货', 'Ex works'),
  r('FCA', '货交承运人', 'Free carrier'),
  r('CPT', '运费付至', 'Carriage paid to'),
  r('CIP', '运费和保险费付至', 'Carriage and insurance paid to'),
  r('DAP', '目的地交货', 'Delivered at place'),
  r('DPU', '卸货地交货', 'Delivered at place unloaded'),
  r('DDP', '完税后交货', 'Delivered duty paid'),
  r('FAS', '船边交货', 'Free alongside ship'),
  r('FOB', '船上交货', 'Free on board'),
  r('CFR', '成本加运费', 'Cost and freight'),
  r('CIF', '成本、保险费加运费', 'Cost, insurance and freight'),
];
