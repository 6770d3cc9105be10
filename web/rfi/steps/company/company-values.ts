import type { RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { fill } from '#web/rfi/values.ts';

export type CompanyValues = RfiSectionValues<'company'>;

/** Every field of step 1 as an empty input: '' for texts and numbers, null for choices. */
function emptyCompany(): CompanyValues {
  return {
    creditCode: '',
    companyChineseName: '',
    companyEnglishName: '',
    supplierShortName: '',
    formerName: '',
    businessLicenseName: '',
    businessLicenseUrl: '',
    companyProfileName: '',
    companyProfileUrl: '',
    countryCode: null,
    countryName: null,
    provinceCode: null,
    provinceName: null,
    city: '',
    address: '',
    headquartersCountryCode: null,
    headquartersCountryName: null,
    headquartersProvinceCode: null,
    headquartersProvinceName: null,
    headquartersCity: '',
    companyType: null,
    companyTypeDesc: '',
    supplierType: null,
    enterpriseScale: '',
    companyCategory: null,
    companySubcategory: null,
    partnerCountry: null,
    shareProportionTop: '',
    founderManagement: null,
    certifiedRegion: null,
    stateOwnedCapital: '',
    connectedGroup: '',
    legalName: '',
    registeredCapital: '',
    registeredCurrency: null,
    intendedCooperationProduct: '',
    companyPhone: '',
    website: '',
    postalCode: '',
    haveOtherAddress: null,
    foundedYear: '',
    bankCardNum: '',
    bankName: '',
    invoiceAddress: '',
    invoicePhone: '',
  };
}

export const companyValues = (data: unknown): CompanyValues => fill(emptyCompany(), data);
