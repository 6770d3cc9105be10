import type { Locale } from '../i18n.ts';

/**
 * The ERP's refusal of a supplier-code application in the words of the release form: which of its fields
 * the ERP named (its messages name the partner's properties, e.g. `…/SWIFTCode: Too big`) and what to do
 * next, in the reader's language. The ERP's own text stays beside it (req flow §3.15's sapResult).
 */
const PROPERTY_FIELD: Record<string, Record<Locale, string>> = {
  OrganizationBPName1: { zh: '供应商名称', en: 'Supplier name' },
  SearchTerm1: { zh: '供应商简称', en: 'Short name' },
  Country: { zh: '国家/地区', en: 'Country/region' },
  Region: { zh: '省份', en: 'Province' },
  CityName: { zh: '城市', en: 'City' },
  StreetName: { zh: '详细地址', en: 'Address' },
  PostalCode: { zh: '邮编', en: 'Postal code' },
  PhoneNumber: { zh: '公司电话', en: 'Company phone' },
  BPTaxNumber: { zh: '统一社会信用代码', en: 'Unified social credit code' },
  BankCountryKey: { zh: '银行所在国家', en: 'Bank country' },
  BankNumber: { zh: '银行账户的SWIFT/联行号', en: 'SWIFT/CNAPS code of a bank account' },
  SWIFTCode: { zh: '银行账户的SWIFT/联行号', en: 'SWIFT/CNAPS code of a bank account' },
  BankAccount: { zh: '银行账号', en: 'Bank account number' },
  IBAN: { zh: 'IBAN', en: 'IBAN' },
  BankAccountHolderName: { zh: '账户名称', en: 'Account name' },
  BankName: { zh: '开户行', en: 'Bank' },
  CompanyCode: { zh: '公司代码', en: 'Company code' },
  ReconciliationAccount: { zh: '统驭科目', en: 'Reconciliation account' },
  PaymentMethodsList: { zh: '付款方式', en: 'Payment method' },
  PurchasingOrganization: { zh: '采购组织', en: 'Purchasing organisation' },
  PurchaseOrderCurrency: { zh: '订单货币', en: 'Order currency' },
  PaymentTerms: { zh: '付款条件', en: 'Payment terms' },
  IncotermsClassification: { zh: '贸易条款', en: 'Trade terms' },
  IncotermsLocation1: { zh: '起运港', en: 'Port of shipment' },
  IncotermsLocation2: { zh: '目的港', en: 'Port of arrival' },
};

/** Refusals the ERP words without naming a property: the tax number is another partner's already. */
const PHRASE_FIELD: Record<string, Record<Locale, string>> = {
  'already assigned': { zh: '统一社会信用代码（SAP中已有该供应商，可改为沿用SAP已有供应商）', en: 'Unified social credit code (the ERP has this supplier already: switch to its existing vendor)' },
};

/** The form's fields the refusal names, once each, in the order the ERP named them. */
export function erpRefusalFields(refusal: string, locale: Locale): string[] {
  const named = [
    ...Object.entries(PROPERTY_FIELD).map(([property, label]) => ({ at: refusal.search(new RegExp(`(^|[/ ])${property}\\b`)), label: label[locale] })),
    ...Object.entries(PHRASE_FIELD).map(([phrase, label]) => ({ at: refusal.indexOf(phrase), label: label[locale] })),
  ]
    .filter((f) => f.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((f) => f.label);
  return [...new Set(named)];
}

/** What the purchasing manager reads in the task, the mail and the release panel. */
export function erpRefusalAdvice(refusal: string, locale: Locale): string {
  const fields = erpRefusalFields(refusal, locale);
  if (locale === 'en') {
    const what = fields.length ? `Correct ${fields.join(', ')} on the release form` : 'Correct the release form as the ERP says';
    return `The ERP refused the supplier code. ${what} and submit it for approval again.`;
  }
  const what = fields.length ? `请在发布表单中修改：${fields.join('、')}` : '请按SAP的提示修改发布表单';
  return `SAP拒绝了供应商编码申请。${what}，然后重新提交审批。`;
}
