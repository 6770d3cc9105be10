import { BANK_TYPE, HIGH_POTENTIAL_DOCUMENT_TYPE, NO, YES } from '#domain/release/release-form.ts';

/** Valid release forms (req flow §3.16) for rule, API and benchmark tests; `fileUrl` stands in for stored uploads. */

export type FormData = Record<string, any>;

export const SUPPLIER_NAME = '上海测试汽车零部件有限公司';
export const VALID_IBAN = 'DE89370400440532013000';
export const VALID_BIC = 'DEUTDEFF';

const PLACEHOLDER_URL = '/common/v1/simple-download?fileKey=2026%2F11%2F00000000000000000000000000000000&fileName=c.pdf';

export function basicInfo(): FormData {
  return {
    supplierName: SUPPLIER_NAME,
    supplierCode: 'P0001',
    creditCode: '91310000MA1FL0001X',
    supplierType: '10',
    enterpriseScale: '大型',
    supplierShortName: '测试零部件',
    countryCode: 'CN',
    countryName: '中国',
    provinceCode: '310000',
    provinceName: '上海市',
    city: '上海市',
    address: '嘉定区安亭镇测试路1号',
    legalName: '张三',
    postalCode: '201800',
    companyPhone: '+862169990000',
  };
}

export function contact(n = 0): FormData {
  return {
    name: `联系人${n}`,
    businessGroup: '销售部',
    position: 'SALES_DIRECTOR',
    categoryCodeList: [],
    contactAreaCode: '+86',
    contactNumber: `1380000${String(n).padStart(4, '0')}`,
    email: `contact${n}@example.com`,
    officeAddress: '上海市嘉定区',
  };
}

export function nonEuBank(n = 0, fileUrl = PLACEHOLDER_URL): FormData {
  return {
    defaultAccount: n === 0 ? YES : NO,
    bankType: BANK_TYPE.NON_EU,
    bankHeadCode: 'ICBC',
    bankHead: '中国工商银行',
    bankName: '中国工商银行上海嘉定支行',
    bankSwiftCode: 'ICBKCNBJSHI',
    bankCardNum: `10012345678901234${n}`,
    accountName: SUPPLIER_NAME,
    bankCountryCode: 'CN',
    bankCountry: '中国',
    bankCertificate: 'c.pdf',
    bankCertificateUrl: fileUrl,
  };
}

export function euBank(n = 0, fileUrl = PLACEHOLDER_URL): FormData {
  return {
    defaultAccount: n === 0 ? YES : NO,
    bankType: BANK_TYPE.EU,
    bankHeadCode: 'DEUTSCHE',
    bankHead: 'Deutsche Bank',
    bankName: 'Deutsche Bank Frankfurt',
    bankBic: VALID_BIC,
    bankIbanno: VALID_IBAN,
    accountName: SUPPLIER_NAME,
    bankCountryCode: 'DE',
    bankCountry: 'Germany',
    bankCertificate: 'c.pdf',
    bankCertificateUrl: fileUrl,
  };
}

export function purchaseGroup(orgs: string[] = ['1000', '1100'], overseas = false): FormData {
  return {
    purchaseGroupCodes: orgs,
    paymentTerms: 'Z030',
    purchaseOrderCurrency: 'CNY',
    haveOverseasOrder: overseas ? YES : NO,
    ...(overseas ? { termsOfTrade: 'FOB', portOfShipment: 'Hamburg', portOfArrival: 'Shanghai' } : {}),
  };
}

export function conclusionFile(fileUrl = PLACEHOLDER_URL): FormData {
  return { documentType: HIGH_POTENTIAL_DOCUMENT_TYPE, documentName: 'conclusion.pdf', documentUrl: fileUrl };
}

/** A form that meets every rule of req flow §5.12 (with the high-potential files when `highPotential`). */
export function validReleaseForm(opts: { highPotential?: boolean; fileUrl?: string } = {}): FormData {
  const fileUrl = opts.fileUrl ?? PLACEHOLDER_URL;
  return {
    basicInfo: basicInfo(),
    factoryInfoDtoList: [],
    contactList: [contact(0)],
    bankList: [nonEuBank(0, fileUrl)],
    purchase: { companyCodes: ['1000'], reconcileAccounts: '2202010000', paymentMethodCode: 'T', paymentMethod: '银行转账' },
    purchaseGroupList: [purchaseGroup()],
    invoice: { bankCardNum: '1001234567890123', bankName: '中国工商银行上海嘉定支行', invoiceAddress: '上海市嘉定区安亭镇测试路1号', invoicePhone: '02169990000' },
    documentList: opts.highPotential ? [conclusionFile(fileUrl)] : [],
  };
}

/** The benchmark's full master: 3 banks (one EU), 5 purchase groups, 10 contacts. */
export function fullMaster(fileUrl?: string): FormData {
  const form = validReleaseForm({ fileUrl });
  form.contactList = Array.from({ length: 10 }, (_, i) => contact(i));
  form.bankList = [nonEuBank(0, fileUrl), nonEuBank(1, fileUrl), euBank(2, fileUrl)];
  form.purchaseGroupList = [
    purchaseGroup(['1000']),
    purchaseGroup(['1100']),
    purchaseGroup(['2000'], true),
    purchaseGroup(['3000']),
    purchaseGroup(['4000'], true),
  ];
  return form;
}
