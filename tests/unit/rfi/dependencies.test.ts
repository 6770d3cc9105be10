import { describe, expect, it } from 'vitest';
import { NOW, factoryRow, iptvGroup, validSections } from '../../support/rfi-cases/fixtures.ts';
import {
  addIptvGroup,
  canAddIptvGroup,
  canDeleteRow,
  clearStaleBusinessLicence,
  hasAdmittedFactory,
  isIptvGroupHead,
  newIptvGroup,
  normaliseFactories,
  onCertificateHoldChange,
  onCertifiedRegionChange,
  onCompanyCategoryChange,
  onCompanyTypeChange,
  onHeadquartersChange,
  onNameOrAddressChange,
  removeIptvGroup,
} from '#domain/rfi/dependencies.ts';
import { submitCheck } from '#domain/rfi/submit-check.ts';
import { CONTACT_ROWS, newContactRow } from '#domain/rfi/sections/index.ts';

describe('company form dependencies (req rfi §4)', () => {
  const company = () => validSections().company;

  it('mainland sets the country to CN and clears province and city', () => {
    const next = onCertifiedRegionChange({ ...company(), countryCode: 'DE' }, '10');
    expect(next).toMatchObject({ certifiedRegion: '10', countryCode: 'CN', provinceCode: null, city: '' });
  });

  it('another region clears the country, province and city, and the licence with the address', () => {
    const next = onCertifiedRegionChange(company(), 30);
    expect(next).toMatchObject({ certifiedRegion: 30, countryCode: null, provinceCode: null, city: '', businessLicenseUrl: '', businessLicenseName: '' });
    expect(next.address).toBe(company().address);
  });

  it('a new company type clears its description', () => {
    expect(onCompanyTypeChange({ ...company(), companyType: 'OTHER', companyTypeDesc: '贸易' }, 'OEM')).toMatchObject({ companyType: 'OEM', companyTypeDesc: '' });
  });

  it('a new company category clears subcategory and partner country', () => {
    expect(onCompanyCategoryChange({ ...company(), companyCategory: 30, partnerCountry: 'DE' }, 20)).toMatchObject({ companyCategory: 20, companySubcategory: null, partnerCountry: null });
  });

  it('a headquarters change resets haveOtherAddress; a new country clears what lies below it', () => {
    expect(onHeadquartersChange(company(), { headquartersCity: '无锡市' })).toMatchObject({ headquartersCity: '无锡市', headquartersProvinceCode: '320000', haveOtherAddress: null });
    expect(onHeadquartersChange(company(), { headquartersCountryCode: 'DE' })).toMatchObject({ headquartersCountryCode: 'DE', headquartersProvinceCode: null, headquartersCity: '', haveOtherAddress: null });
  });

  it('a new name or address clears the business licence', () => {
    expect(onNameOrAddressChange(company(), { companyChineseName: '新名称' })).toMatchObject({ companyChineseName: '新名称', businessLicenseName: '', businessLicenseUrl: '' });
  });

  it('the server drops a licence kept across a name or address change, and keeps it otherwise', () => {
    const before = company();
    const licence = (change: Record<string, unknown>) => clearStaleBusinessLicence(before, { ...before, ...change } as Record<string, unknown>).businessLicenseUrl;
    expect(licence({ address: '新地址' })).toBe('');
    expect(licence({ companyChineseName: '新名称' })).toBe('');
    expect(licence({ website: 'https://new.example.com' })).toBe(before.businessLicenseUrl);
    expect(licence({ address: '新地址', businessLicenseUrl: '/f/new' })).toBe('/f/new');
    expect(clearStaleBusinessLicence(undefined, before)).toBe(before);
  });
});

describe('certificates', () => {
  it('a new hold answer clears the file and the facts that go with it', () => {
    expect(onCertificateHoldChange({ certificateType: 'IATF16949', hold: true, certificateName: 'a.pdf', certificateFileUrl: '/f/a', validFrom: '2025-01-01', validUntil: '2028-01-01' }, false)).toEqual({
      certificateType: 'IATF16949',
      hold: false,
      certificateName: '',
      certificateFileUrl: '',
      issuer: '',
      certificateNo: '',
      validFrom: '',
      validUntil: '',
    });
  });
});

describe('factories (req rfi §4)', () => {
  it('holding no factory empties the factory lists', () => {
    const next = normaliseFactories({ holdFactory: false, holdProductLine: true, factoryList: [factoryRow()], qaFactoryList: [factoryRow()], productLineList: [{}] });
    expect(next).toMatchObject({ holdFactory: false, factoryList: [], qaFactoryList: [], productLineList: [{}] });
  });

  it('an admitted factory forces holdFactory true and keeps the rows', () => {
    const rows = [{ ...factoryRow(), factoryCode: 'F001' }];
    expect(hasAdmittedFactory(rows)).toBe(true);
    expect(normaliseFactories({ holdFactory: false, factoryList: rows })).toMatchObject({ holdFactory: true, factoryList: rows });
    expect(hasAdmittedFactory([{ factoryCode: ' ' }])).toBe(false);
  });
});

describe('IPTV groups (req rfi §5)', () => {
  it('are added three rows at a time with 3, 6 and 9 MIS', () => {
    const list = addIptvGroup(iptvGroup(), '座椅');
    expect(list.map((r) => r.byMis)).toEqual([3, 6, 9, 3, 6, 9]);
    expect(list[3].productLine).toBe('座椅');
    expect([0, 1, 2, 3].map(isIptvGroupHead)).toEqual([true, false, false, true]);
  });

  it('stop at 10 groups', () => {
    const ten = Array.from({ length: 10 }, () => newIptvGroup()).flat();
    expect(canAddIptvGroup(ten)).toBe(false);
    expect(addIptvGroup(ten)).toHaveLength(30);
  });

  it('are removed three at a time, never the last group', () => {
    const two = [...newIptvGroup('A'), ...newIptvGroup('B')];
    expect(removeIptvGroup(two, 4).map((r) => r.productLine)).toEqual(['A', 'A', 'A']);
    expect(removeIptvGroup(two, 0).map((r) => r.productLine)).toEqual(['B', 'B', 'B']);
    expect(removeIptvGroup(newIptvGroup(), 1)).toHaveLength(3);
  });
});

describe('row tables', () => {
  it('a new contact starts with +86; the last contact cannot be deleted', () => {
    expect(newContactRow().contactAreaCode).toBe('+86');
    expect(canDeleteRow(1, CONTACT_ROWS.min)).toBe(false);
    expect(canDeleteRow(2, CONTACT_ROWS.min)).toBe(true);
  });
});

describe('submit check (req rfi §4)', () => {
  it('passes a complete questionnaire', () => {
    expect(submitCheck(validSections(), { staff: false, now: NOW })).toEqual({ ok: true });
  });

  it('reports the first failing step with its field errors', () => {
    const sections = validSections();
    sections.factories.factoryList[0].baseName = '';
    sections.securityDelivery.securityInfoList[0].remark = 'x'.repeat(101);
    expect(submitCheck(sections, { staff: false, now: NOW })).toEqual({ ok: false, step: 'factories', stepNo: 6, errors: { 'factoryList.0.baseName': 'enterBaseName' } });
  });

  it('counts a step never saved as empty', () => {
    const { contacts: _, ...sections } = validSections();
    expect(submitCheck(sections, { staff: false, now: NOW })).toEqual({ ok: false, step: 'contacts', stepNo: 2, errors: { contactList: 'minRows|{"min":1}' } });
  });

  it('applies the staff rules for staff', () => {
    const result = submitCheck(validSections(), { staff: true, now: NOW });
    expect(result).toEqual({ ok: false, step: 'company', stepNo: 1, errors: { supplierShortName: 'required' } });
  });
});
