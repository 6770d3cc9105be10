import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DiffSection } from '#domain/supplier-change/diff.ts';

/**
 * What the comparison shows of each section (req change §2.1): its title and the fields in the order of the
 * change form, with their labels. A field that differs but is not listed here is still shown (by its
 * key), so no difference is ever hidden; codes whose name is stored beside them show the name only.
 */

export interface ComparisonField {
  key: string;
  label: MessageDescriptor;
  /** How the value reads: yes/no flags, the bank type, coordinates with 2 decimals (req change §5.2). */
  format?: 'yesNo' | 'bankType' | 'coordinate' | 'file';
  /** The key holding the file's URL, for `file` fields (the name is the field itself). */
  urlKey?: string;
}

export const SECTION_TITLES: Record<DiffSection, MessageDescriptor> = {
  basicInfo: msg`公司信息`,
  contactList: msg`联系人信息`,
  bankList: msg`银行信息`,
  purchase: msg`采购信息`,
  purchaseGroupList: msg`采购组织信息`,
  invoice: msg`开票信息`,
  factoryInfoDtoList: msg`工厂信息`,
  documentList: msg`附件`,
};

const address: ComparisonField[] = [
  { key: 'countryName', label: msg`国家/地区` },
  { key: 'provinceName', label: msg`省` },
  { key: 'city', label: msg`市` },
  { key: 'address', label: msg`详细地址` },
];

export const SECTION_FIELDS: Record<DiffSection, ComparisonField[]> = {
  basicInfo: [
    { key: 'supplierName', label: msg`供应商名称` },
    { key: 'supplierCode', label: msg`供应商编码` },
    { key: 'creditCode', label: msg`统一社会信用代码` },
    { key: 'supplierType', label: msg`供应商类型` },
    { key: 'enterpriseScale', label: msg`企业规模` },
    { key: 'supplierShortName', label: msg`供应商简称` },
    ...address,
    { key: 'legalName', label: msg`法定代表人` },
    { key: 'postalCode', label: msg`邮政编码` },
    { key: 'companyPhone', label: msg`公司电话` },
  ],
  contactList: [
    { key: 'name', label: msg`姓名` },
    { key: 'businessGroup', label: msg`所属部门` },
    { key: 'position', label: msg`职位` },
    { key: 'contactAreaCode', label: msg`区号` },
    { key: 'contactNumber', label: msg`联系电话` },
    { key: 'email', label: msg`邮箱` },
    { key: 'officeAddress', label: msg`办公地址` },
    { key: 'categoryCodeList', label: msg`负责品类` },
  ],
  bankList: [
    { key: 'defaultAccount', label: msg`默认账号`, format: 'yesNo' },
    { key: 'bankType', label: msg`银行类型`, format: 'bankType' },
    { key: 'bankHead', label: msg`银行总行` },
    { key: 'bankName', label: msg`开户行名称` },
    { key: 'bankSwiftCode', label: msg`SWIFT/联行号` },
    { key: 'bankCardNum', label: msg`银行账号` },
    { key: 'bankBic', label: msg`BIC` },
    { key: 'bankIbanno', label: msg`IBAN` },
    { key: 'accountName', label: msg`账户名称` },
    { key: 'reason', label: msg`账户名称不一致理由` },
    { key: 'bankCountry', label: msg`开户行国家/地区` },
    { key: 'bankProvince', label: msg`开户行省份` },
    { key: 'bankCity', label: msg`开户行城市` },
    { key: 'bankAddress', label: msg`开户行地址` },
    {
      key: 'bankCertificate',
      label: msg`银行开户证明`,
      format: 'file',
      urlKey: 'bankCertificateUrl',
    },
  ],
  purchase: [
    { key: 'companyCodes', label: msg`公司代码` },
    { key: 'reconcileAccounts', label: msg`统驭科目` },
    { key: 'paymentMethod', label: msg`付款方式` },
  ],
  purchaseGroupList: [
    { key: 'purchaseGroupCodes', label: msg`采购组织` },
    { key: 'paymentTerms', label: msg`付款条件` },
    { key: 'purchaseOrderCurrency', label: msg`订单币种` },
    { key: 'haveOverseasOrder', label: msg`是否有海外订单`, format: 'yesNo' },
    { key: 'termsOfTrade', label: msg`贸易条款` },
    { key: 'portOfShipment', label: msg`起运港` },
    { key: 'portOfArrival', label: msg`目的港` },
  ],
  invoice: [
    { key: 'bankName', label: msg`开户行` },
    { key: 'bankCardNum', label: msg`银行账号` },
    { key: 'invoiceAddress', label: msg`开票地址` },
    { key: 'invoicePhone', label: msg`开票电话` },
  ],
  factoryInfoDtoList: [
    { key: 'factoryCode', label: msg`工厂编码` },
    { key: 'factoryName', label: msg`工厂名称` },
    { key: 'baseName', label: msg`基地名称` },
    ...address,
    { key: 'assembleAddress', label: msg`工厂地址` },
    { key: 'longitude', label: msg`经度`, format: 'coordinate' },
    { key: 'latitude', label: msg`纬度`, format: 'coordinate' },
    { key: 'factoryAttribute', label: msg`工厂属性` },
    { key: 'factoryState', label: msg`工厂状态` },
    { key: 'categoryNames', label: msg`已准入品类` },
    { key: 'currentJoin', label: msg`本次准入`, format: 'yesNo' },
    { key: 'currentCategoryNames', label: msg`本次准入品类` },
    { key: 'currentRemark', label: msg`本次备注` },
    { key: 'remark', label: msg`备注` },
    { key: 'factoryArea', label: msg`占地面积` },
    { key: 'constructionArea', label: msg`建筑面积` },
    { key: 'employeeCount', label: msg`员工人数` },
    { key: 'totalUtilizationRate', label: msg`总体利用率` },
    { key: 'shift', label: msg`班次` },
    { key: 'product', label: msg`主要产品` },
  ],
  documentList: [
    {
      key: 'documentName',
      label: msg`附件`,
      format: 'file',
      urlKey: 'documentUrl',
    },
  ],
};

/** Keys never shown on their own: identity, file URLs (shown with their name), codes shown by their name. */
export const HIDDEN_KEYS = new Set([
  'rowId',
  'bankCertificateUrl',
  'documentUrl',
  'templateUrl',
  'templateName',
  'documentType',
  'countryCode',
  'provinceCode',
  'cityCode',
  'bankHeadCode',
  'bankGroup',
  'bankCountryCode',
  'bankProvinceCode',
  'bankCityCode',
  'paymentMethodCode',
  'currentCategoryCodes',
  'currentCategoryList',
  'factorySource',
]);

/** Which hidden key shows its change through another field (a changed code changes its name). */
export const SHOWN_BY: Record<string, string> = {
  bankCertificateUrl: 'bankCertificate',
  documentUrl: 'documentName',
  countryCode: 'countryName',
  provinceCode: 'provinceName',
  cityCode: 'city',
  bankHeadCode: 'bankHead',
  bankCountryCode: 'bankCountry',
  bankProvinceCode: 'bankProvince',
  bankCityCode: 'bankCity',
  paymentMethodCode: 'paymentMethod',
  currentCategoryCodes: 'currentCategoryNames',
  currentCategoryList: 'currentCategoryNames',
};

/**
 * The fields to show for a section's pair of values: the listed ones either side has, then any other
 * key that differs (never hiding a difference), without the hidden keys.
 */
export function fieldsToShow(section: DiffSection, rows: readonly (Record<string, unknown> | null)[], changed: readonly string[]): ComparisonField[] {
  const has = (k: string) => rows.some((r) => r && r[k] !== undefined && r[k] !== null && r[k] !== '');
  const listed = SECTION_FIELDS[section];
  const listedKeys = new Set(listed.map((f) => f.key));
  const shown = listed.filter((f) => has(f.key) || changed.includes(f.key) || changed.some((c) => SHOWN_BY[c] === f.key));
  const extra = changed.filter((k) => !listedKeys.has(k) && !HIDDEN_KEYS.has(k));
  return [...shown, ...extra.map((key) => ({ key, label: { id: key, message: key } }))];
}
