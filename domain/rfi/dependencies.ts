import { CHINA } from './sections/address-limits.ts';
import { CERTIFIED_REGION } from './sections/company-limits.ts';
import { IPTV_GROUPS, IPTV_MIS } from './sections/quality-target-limits.ts';
import type { IptvRow } from './sections/quality-targets.ts';

/**
 * The field dependencies of req rfi §4, as pure functions of the form values, so the web form and the
 * server apply the same ones. Each returns new values; cleared selects become null and cleared texts
 * '' (what Mantine inputs show as empty; the schemas read both as "not given").
 */

// Zod-free, like everything this module imports: the web forms apply these before the schemas load.
// The submit check, which runs the schemas, is in submit-check.ts.
export { hasAdmittedFactory, normaliseFactories } from './sections/factory-limits.ts';
export { isIptvGroupHead } from './sections/quality-target-limits.ts';

type Values = Record<string, unknown>;

/** Mainland sets the country to CN, any other region clears it; province and city are cleared. */
export function onCertifiedRegionChange<T extends Values>(values: T, certifiedRegion: number | string | null): T {
  const mainland = certifiedRegion !== null && certifiedRegion !== '' && Number(certifiedRegion) === CERTIFIED_REGION.mainland;
  return onNameOrAddressChange({
    ...values,
    certifiedRegion,
    countryCode: mainland ? CHINA : null,
    countryName: null,
    provinceCode: null,
    provinceName: null,
    city: '',
  });
}

export function onCompanyTypeChange<T extends Values>(values: T, companyType: string | null): T {
  return { ...values, companyType, companyTypeDesc: '' };
}

export function onCompanyCategoryChange<T extends Values>(values: T, companyCategory: number | string | null): T {
  return { ...values, companyCategory, companySubcategory: null, partnerCountry: null };
}

export interface HeadquartersChange {
  headquartersCountryCode?: string | null;
  headquartersCountryName?: string | null;
  headquartersProvinceCode?: string | null;
  headquartersProvinceName?: string | null;
  headquartersCity?: string;
}

/**
 * Any change of the headquarters address resets haveOtherAddress (it is asked for CN only); a new
 * country also clears the province and city below it unless the change names them.
 */
export function onHeadquartersChange<T extends Values>(values: T, change: HeadquartersChange): T {
  const countryChanged = 'headquartersCountryCode' in change && change.headquartersCountryCode !== values.headquartersCountryCode;
  const cascade = countryChanged ? { headquartersProvinceCode: null, headquartersProvinceName: null, headquartersCity: '' } : {};
  return { ...values, ...cascade, ...change, haveOtherAddress: null };
}

/** The business licence shows the name and the registered address: changing either asks for a new one. */
export function onNameOrAddressChange<T extends Values>(values: T, change: Values = {}): T {
  return { ...values, ...change, businessLicenseName: '', businessLicenseUrl: '' };
}

/** The fields whose change invalidates the uploaded business licence. */
export const LICENCE_FIELDS = ['companyChineseName', 'companyEnglishName', 'countryCode', 'provinceCode', 'city', 'address'] as const;

/**
 * Server side of the licence rule: when a save changes the name or registered address but keeps the
 * old licence, the licence is dropped (and a full save then asks for '请上传营业执照').
 */
export function clearStaleBusinessLicence<T extends Values>(previous: Values | undefined, next: T): T {
  if (!previous || !previous.businessLicenseUrl || next.businessLicenseUrl !== previous.businessLicenseUrl) return next;
  const changed = LICENCE_FIELDS.some((k) => (previous[k] || '') !== (next[k] || ''));
  return changed ? onNameOrAddressChange(next) : next;
}

/** Req rfi §5: changing the hold answer of a certificate clears its file. */
export function onCertificateHoldChange<T extends Values>(row: T, hold: boolean | null): T {
  // The certificate's facts go with its file: a certificate not held has no issuer, number or validity.
  return { ...row, hold, certificateName: '', certificateFileUrl: '', issuer: '', certificateNo: '', validFrom: '', validUntil: '' };
}

type IptvValues = Partial<Record<keyof IptvRow, unknown>>;

/** A new group of three IPTV rows (3, 6, 9 MIS), optionally for a product line. */
export function newIptvGroup(productLine = ''): IptvValues[] {
  return IPTV_MIS.map((byMis) => ({
    productLine,
    byMis,
    customerRequireMin: '',
    customerRequireMax: '',
    internalGoalsAverage: '',
    actualPerformanceMin: '',
    actualPerformanceMax: '',
    warrantyYear: '',
    warrantyKilometer: '',
  }));
}

export function canAddIptvGroup(list: readonly unknown[]): boolean {
  return list.length + IPTV_MIS.length <= IPTV_GROUPS.max * IPTV_MIS.length;
}

export function addIptvGroup<T>(list: readonly T[], productLine = ''): (T | IptvValues)[] {
  return canAddIptvGroup(list) ? [...list, ...newIptvGroup(productLine)] : [...list];
}

/** Removes the three rows of the group holding row `index`; the last group stays. */
export function removeIptvGroup<T>(list: readonly T[], index: number): T[] {
  if (list.length <= IPTV_GROUPS.min * IPTV_MIS.length) return [...list];
  const start = index - (index % IPTV_MIS.length);
  return [...list.slice(0, start), ...list.slice(start + IPTV_MIS.length)];
}

/** Whether a row table may gain or lose a row (the add and delete buttons of the forms). */
export const canAddRow = (count: number, max: number) => count < max;
export const canDeleteRow = (count: number, min: number) => count > min;
