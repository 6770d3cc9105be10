/**
 * A starter bank directory for the release form (req flow §7.9): the head banks suppliers commonly use
 * and some of their branches. A branch code is the CNAPS number of a Chinese branch or the BIC of a
 * foreign one. Names follow the banks' own usage; an installation loads its full directory instead.
 */

export interface BankHeadSeed {
  code: string;
  zh: string;
  en: string;
  country: string;
}

export interface BankBranchSeed {
  code: string;
  head: string;
  zh: string;
  en: string;
  swift?: string;
  country: string;
  province?: string;
  city?: string;
}

export const BANK_HEADS: readonly BankHeadSeed[] = [
  { code: 'ICBC', zh: '中国工商银行', en: 'Industrial and Commercial Bank of China', country: 'CN' },
  { code: 'ABC', zh: '中国农业银行', en: 'Agricultural Bank of China', country: 'CN' },
  { code: 'BOC', zh: '中国银行', en: 'Bank of China', country: 'CN' },
  { code: 'CCB', zh: '中国建设银行', en: 'China Construction Bank', country: 'CN' },
  { code: 'BOCOM', zh: '交通银行', en: 'Bank of Communications', country: 'CN' },
  { code: 'CMB', zh: '招商银行', en: 'China Merchants Bank', country: 'CN' },
  { code: 'HSBC', zh: '汇丰银行', en: 'HSBC', country: 'HK' },
  { code: 'DEUTSCHE', zh: '德意志银行', en: 'Deutsche Bank', country: 'DE' },
  { code: 'COMMERZ', zh: '德国商业银行', en: 'Commerzbank', country: 'DE' },
  { code: 'BNP', zh: '法国巴黎银行', en: 'BNP Paribas', country: 'FR' },
  { code: 'ING', zh: '荷兰国际集团银行', en: 'ING Bank', country: 'NL' },
  { code: 'MUFG', zh: '三菱日联银行', en: 'MUFG Bank', country: 'JP' },
];

export const BANK_BRANCHES: readonly BankBranchSeed[] = [
  { code: '102290024016', head: 'ICBC', zh: '中国工商银行上海嘉定支行', en: 'ICBC Shanghai Jiading Sub-branch', swift: 'ICBKCNBJSHI', country: 'CN', province: '上海市', city: '上海市' },
  { code: '102290000013', head: 'ICBC', zh: '中国工商银行上海市分行', en: 'ICBC Shanghai Branch', swift: 'ICBKCNBJSHI', country: 'CN', province: '上海市', city: '上海市' },
  { code: '102521000017', head: 'ICBC', zh: '中国工商银行武汉分行', en: 'ICBC Wuhan Branch', swift: 'ICBKCNBJHUB', country: 'CN', province: '湖北省', city: '武汉市' },
  { code: '102653000012', head: 'ICBC', zh: '中国工商银行重庆分行', en: 'ICBC Chongqing Branch', swift: 'ICBKCNBJCQG', country: 'CN', province: '重庆市', city: '重庆市' },
  { code: '103290035019', head: 'ABC', zh: '中国农业银行上海分行', en: 'ABC Shanghai Branch', swift: 'ABOCCNBJ090', country: 'CN', province: '上海市', city: '上海市' },
  { code: '103521000012', head: 'ABC', zh: '中国农业银行武汉分行', en: 'ABC Wuhan Branch', swift: 'ABOCCNBJ170', country: 'CN', province: '湖北省', city: '武汉市' },
  { code: '104290003791', head: 'BOC', zh: '中国银行上海市分行', en: 'Bank of China Shanghai Branch', swift: 'BKCHCNBJ300', country: 'CN', province: '上海市', city: '上海市' },
  { code: '104521004015', head: 'BOC', zh: '中国银行湖北省分行', en: 'Bank of China Hubei Branch', swift: 'BKCHCNBJ600', country: 'CN', province: '湖北省', city: '武汉市' },
  { code: '105290036005', head: 'CCB', zh: '中国建设银行上海分行', en: 'CCB Shanghai Branch', swift: 'PCBCCNBJSHX', country: 'CN', province: '上海市', city: '上海市' },
  { code: '105653000016', head: 'CCB', zh: '中国建设银行重庆分行', en: 'CCB Chongqing Branch', swift: 'PCBCCNBJCQX', country: 'CN', province: '重庆市', city: '重庆市' },
  { code: '301290000007', head: 'BOCOM', zh: '交通银行上海分行', en: 'Bank of Communications Shanghai Branch', swift: 'COMMCNSHSHI', country: 'CN', province: '上海市', city: '上海市' },
  { code: '308290003011', head: 'CMB', zh: '招商银行上海分行', en: 'China Merchants Bank Shanghai Branch', swift: 'CMBCCNBS', country: 'CN', province: '上海市', city: '上海市' },
  { code: '308584000013', head: 'CMB', zh: '招商银行深圳分行', en: 'China Merchants Bank Shenzhen Branch', swift: 'CMBCCNBS', country: 'CN', province: '广东省', city: '深圳市' },
  { code: 'HSBCHKHHHKH', head: 'HSBC', zh: '香港上海汇丰银行香港总行', en: 'The Hongkong and Shanghai Banking Corporation, Hong Kong', swift: 'HSBCHKHHHKH', country: 'HK' },
  { code: 'HSBCCNSHXXX', head: 'HSBC', zh: '汇丰银行（中国）上海分行', en: 'HSBC Bank (China) Shanghai', swift: 'HSBCCNSH', country: 'CN', province: '上海市', city: '上海市' },
  { code: 'DEUTDEFFXXX', head: 'DEUTSCHE', zh: '德意志银行法兰克福', en: 'Deutsche Bank Frankfurt', swift: 'DEUTDEFF', country: 'DE', city: 'Frankfurt am Main' },
  { code: 'DEUTDEMMXXX', head: 'DEUTSCHE', zh: '德意志银行慕尼黑', en: 'Deutsche Bank Munich', swift: 'DEUTDEMM', country: 'DE', city: 'München' },
  { code: 'COBADEFFXXX', head: 'COMMERZ', zh: '德国商业银行法兰克福', en: 'Commerzbank Frankfurt', swift: 'COBADEFF', country: 'DE', city: 'Frankfurt am Main' },
  { code: 'BNPAFRPPXXX', head: 'BNP', zh: '法国巴黎银行巴黎', en: 'BNP Paribas Paris', swift: 'BNPAFRPP', country: 'FR', city: 'Paris' },
  { code: 'INGBNL2AXXX', head: 'ING', zh: '荷兰国际集团银行阿姆斯特丹', en: 'ING Bank Amsterdam', swift: 'INGBNL2A', country: 'NL', city: 'Amsterdam' },
  { code: 'BOTKJPJTXXX', head: 'MUFG', zh: '三菱日联银行东京', en: 'MUFG Bank Tokyo', swift: 'BOTKJPJT', country: 'JP', city: 'Tokyo' },
];
