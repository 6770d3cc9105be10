import { z } from 'zod';
import { type MessageId, withParams } from '../../messages.ts';
import { addressFields, CHINA, checkAddress, HEADQUARTERS_ADDRESS, REGISTERED_ADDRESS } from './address.ts';
import { blank, defineSection, type Issues, numberOf, type RuleContext } from './define.ts';
import { bool, code, date, fileName, fileUrl, num, numericCode, oneOf, percent, text } from './kit.ts';
import {
  CERTIFIED_REGIONS,
  CN_POSTAL_CODE_LENGTH,
  COMPANY_PHONE_MAX,
  COMPANY_TYPES,
  creditCodeMax,
  LEGAL_NAME_MAX,
  PARTNER_CATEGORIES,
  POSTAL_CODE_MAX,
  REGISTERED_CAPITAL_MAX,
  SUPPLIER_SHORT_NAME_MAX,
} from './company-limits.ts';

/**
 * Step 1: company info and, flat beside it, the invoice info (req rfi §3 "Company info", "Invoice
 * info"; rules of req rfi §5). Names follow the requirements; the area names (countryName, …) travel with the codes.
 */

export * from './company-limits.ts';

function companyShape(ctx: { staff: boolean }) {
  const shape = z.object({
    creditCode: text(60),
    companyChineseName: text(200),
    companyEnglishName: text(200),
    supplierShortName: text(SUPPLIER_SHORT_NAME_MAX),
    formerName: text(100),
    businessLicenseName: fileName,
    businessLicenseUrl: fileUrl,
    companyProfileName: fileName,
    companyProfileUrl: fileUrl,
    ...addressFields,
    headquartersCountryCode: code,
    headquartersCountryName: text(100),
    headquartersProvinceCode: code,
    headquartersProvinceName: text(100),
    headquartersCity: text(50),
    companyType: oneOf(COMPANY_TYPES),
    companyTypeDesc: text(50),
    supplierType: code,
    enterpriseScale: text(50),
    companyCategory: num({ min: 1, max: 999 }),
    companySubcategory: code,
    partnerCountry: code,
    shareProportionTop: text(100),
    founderManagement: bool(),
    certifiedRegion: numericCode(CERTIFIED_REGIONS),
    stateOwnedCapital: percent(),
    connectedGroup: text(100),
    legalName: text(ctx.staff ? LEGAL_NAME_MAX.staff : LEGAL_NAME_MAX.supplier),
    registeredCapital: num({ min: 0, max: REGISTERED_CAPITAL_MAX, scale: 2 }),
    registeredCurrency: code,
    intendedCooperationProduct: text(200),
    companyPhone: text(COMPANY_PHONE_MAX),
    website: text(200),
    postalCode: text(POSTAL_CODE_MAX),
    /** 1 yes, 0 no, empty when not asked (req rfi §3). */
    haveOtherAddress: numericCode([0, 1] as const),
    foundedYear: date(),
    // Invoice info (req rfi §3), saved with step 1.
    bankCardNum: text(35),
    bankName: text(60),
    invoiceAddress: text(60),
    invoicePhone: text(16),
  });
  // supplierShortName is a staff field: a supplier's value is dropped, not stored.
  return ctx.staff ? shape : (shape.omit({ supplierShortName: true }) as unknown as typeof shape);
}

export type CompanySection = z.output<ReturnType<typeof companyShape>>;

/** Fields required by req rfi §5 with their messages; the rest of the rules follow below. */
const REQUIRED: Partial<Record<keyof CompanySection, MessageId>> = {
  companyChineseName: 'enterCompanyChineseName',
  businessLicenseUrl: 'uploadBusinessLicense',
  companyType: 'chooseCompanyType',
  supplierType: 'required',
  companyCategory: 'required',
  companySubcategory: 'required',
  certifiedRegion: 'required',
  founderManagement: 'required',
  stateOwnedCapital: 'required',
  connectedGroup: 'required',
  companyEnglishName: 'required',
  registeredCapital: 'required',
  intendedCooperationProduct: 'required',
  companyPhone: 'required',
  postalCode: 'required',
  foundedYear: 'required',
  bankCardNum: 'required',
  bankName: 'required',
  invoiceAddress: 'required',
  invoicePhone: 'required',
};

/**
 * The latest calendar day that is "today" somewhere (UTC+14), so a supplier east of the server
 * entering today's date is never told it lies in the future.
 */
export function latestToday(now: Date): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

export const company = defineSection({
  shape: companyShape,

  boundRules(v, issues, ctx) {
    const creditCode = v.creditCode;
    const max = creditCodeMax(v.certifiedRegion);
    if (typeof creditCode === 'string' && creditCode.length > max && creditCode.length <= 60) {
      issues.add(['creditCode'], withParams('maxLength', { max }));
    }
    checkPostalCode(v, issues, ctx);
  },

  fullRules(v, issues, ctx) {
    issues.requireAll(v, [], REQUIRED);
    if (ctx.staff) issues.require(v.supplierShortName, ['supplierShortName']);
    if (v.companyType === 'OTHER') issues.require(v.companyTypeDesc, ['companyTypeDesc']);
    if (PARTNER_CATEGORIES.includes(numberOf(v.companyCategory) ?? -1)) issues.require(v.partnerCountry, ['partnerCountry']);
    checkAddress(issues, v, REGISTERED_ADDRESS);
    checkAddress(issues, v, HEADQUARTERS_ADDRESS);
    if (v.headquartersCountryCode === CHINA) issues.require(v.haveOtherAddress, ['haveOtherAddress']);
    if (typeof v.companyPhone === 'string' && v.companyPhone && !/^\+?\d+$/.test(v.companyPhone)) {
      issues.add(['companyPhone'], 'companyPhoneFormat');
    }
    if (typeof v.foundedYear === 'string' && v.foundedYear > latestToday(ctx.now ?? new Date())) {
      issues.add(['foundedYear'], 'dateInFuture');
    }
  },
});

/** Req rfi §5: at most 10 characters, at most 6 for CN; a full save wants exactly 6 for CN. */
function checkPostalCode(v: CompanySection, issues: Issues, ctx: RuleContext): void {
  const postal = v.postalCode;
  if (typeof postal !== 'string' || blank(postal) || v.countryCode !== CHINA || postal.length > POSTAL_CODE_MAX) return;
  if (ctx.variant === 'full' && postal.length !== CN_POSTAL_CODE_LENGTH) issues.add(['postalCode'], 'postalCodeLength');
  else if (postal.length > CN_POSTAL_CODE_LENGTH) issues.add(['postalCode'], withParams('maxLength', { max: CN_POSTAL_CODE_LENGTH }));
}
