import { zod4Resolver } from 'mantine-form-zod-resolver';
import { describe, expect, it } from 'vitest';
import { NOW, validSections } from '../../support/rfi-cases/fixtures.ts';
import { RFI_STEPS } from '#domain/rfi/steps.ts';
import { decimalPlaces, isCalendarDate } from '#domain/rfi/sections/kit.ts';
import { fieldErrors, RFI_SECTIONS, sectionSchema } from '#domain/rfi/sections/index.ts';

const errorsOf = (r: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) => (r.success ? {} : fieldErrors(r.error!));

/** One too-long text and one wrong type per step, by path in the valid section. */
const GARBAGE: Record<string, { tooLong: [string, string]; wrongType: [string, unknown, string] }> = {
  company: { tooLong: ['companyChineseName', 'maxLength|{"max":200}'], wrongType: ['registeredCapital', true, 'invalidNumber'] },
  contacts: { tooLong: ['contactList.0.name', 'maxLength|{"max":20}'], wrongType: ['contactList', 'x', 'invalidValue'] },
  finance: { tooLong: ['financeList.0.statisticDesc', 'maxLength|{"max":100}'], wrongType: ['financeList.0.lastYear', 'abc', 'invalidNumber'] },
  sales: { tooLong: ['saleList.0.remark', 'maxLength|{"max":50}'], wrongType: ['bigCustomerList.0.lastSales', {}, 'invalidNumber'] },
  certificates: { tooLong: ['certificateList.0.certificateName', 'maxLength|{"max":200}'], wrongType: ['certificateList.0.hold', 1, 'invalidValue'] },
  factories: { tooLong: ['factoryList.0.product', 'maxLength|{"max":50}'], wrongType: ['holdFactory', 'yes', 'invalidValue'] },
  qualityTargets: { tooLong: ['marketPpmList.0.productLine', 'maxLength|{"max":30}'], wrongType: ['iptvList.0.byMis', 'three', 'invalidValue'] },
  otherCapability: { tooLong: ['manpowerRemark', 'maxLength|{"max":200}'], wrongType: ['productionDeviceList.0.quantity', '4台', 'invalidNumber'] },
  development: { tooLong: ['structure.developDevice', 'maxLength|{"max":50}'], wrongType: ['structure.steps', 'none', 'invalidValue'] },
  securityDelivery: { tooLong: ['deliverInfoList.0.remark', 'maxLength|{"max":100}'], wrongType: ['securityInfoList.0.remark', 5, 'invalidValue'] },
};

function setPath(target: Record<string, any>, path: string, value: unknown) {
  const keys = path.split('.');
  const last = keys.pop()!;
  keys.reduce((node, k) => node[k], target)[last] = value;
}

describe.each(RFI_STEPS.map((s) => s.key))('step %s', (step) => {
  const draft = RFI_SECTIONS[step].draft();
  const full = RFI_SECTIONS[step].full({ staff: false, now: NOW });

  it('passes its full rules when complete', () => {
    expect(errorsOf(full.safeParse(validSections()[step]))).toEqual({});
  });

  it('saves an empty draft', () => {
    expect(draft.safeParse({}).success).toBe(true);
    expect(draft.safeParse(undefined).success).toBe(false);
  });

  it('refuses a too-long text in a draft', () => {
    const section = validSections()[step];
    const [path, message] = GARBAGE[step].tooLong;
    setPath(section, path, 'x'.repeat(600));
    expect(errorsOf(draft.safeParse(section))[path]?.split('|')[0]).toBe('maxLength');
    setPath(section, path, 'x'.repeat(Number(JSON.parse(message.split('|')[1]).max) + 1));
    expect(errorsOf(draft.safeParse(section))).toEqual({ [path]: message });
  });

  it('refuses a wrong type in a draft', () => {
    const section = validSections()[step];
    const [path, value, message] = GARBAGE[step].wrongType;
    setPath(section, path, value);
    expect(errorsOf(draft.safeParse(section))).toEqual({ [path]: message });
  });
});

describe('parsed values', () => {
  it('are trimmed, with empty texts and numbers dropped and numeric strings read as numbers', () => {
    const data = sectionSchema('company', { variant: 'draft', staff: false }).parse({ creditCode: '  9132 ', formerName: '', stateOwnedCapital: '12.5', registeredCapital: '', certifiedRegion: '10', haveOtherAddress: '1' });
    expect(data).toEqual({ creditCode: '9132', stateOwnedCapital: 12.5, certifiedRegion: 10, haveOtherAddress: 1 });
  });

  it("drop a supplier's short name but keep staff's", () => {
    const section = { ...validSections().company, supplierShortName: '某某' };
    expect(sectionSchema('company', { variant: 'full', staff: false, now: NOW }).parse(section)).not.toHaveProperty('supplierShortName');
    expect(sectionSchema('company', { variant: 'full', staff: true, now: NOW }).parse(section)).toHaveProperty('supplierShortName', '某某');
  });

  it('of a full save empty the factory lists when no factory is held (req rfi §4)', () => {
    const section = { ...validSections().factories, holdFactory: false, holdProductLine: false, qaFactoryList: [{ baseName: 'QA' }] };
    const data = sectionSchema('factories', { variant: 'full', staff: false }).parse(section);
    expect(data).toMatchObject({ holdFactory: false, factoryList: [], qaFactoryList: [], productLineList: [] });
    const draft = sectionSchema('factories', { variant: 'draft', staff: false }).parse(section);
    expect(draft.factoryList).toHaveLength(1);
  });

  it('of a full save hold the factory when one is admitted (req rfi §4)', () => {
    const section = validSections().factories;
    section.holdFactory = false;
    (section.factoryList as Record<string, unknown>[])[0].factoryCode = 'F001';
    const data = sectionSchema('factories', { variant: 'full', staff: false }).parse(section);
    expect(data.holdFactory).toBe(true);
    expect(data.factoryList).toHaveLength(1);
  });

  it('keep missing lists as empty lists', () => {
    expect(sectionSchema('qualityTargets', { variant: 'draft', staff: false }).parse({})).toEqual({ zeroKmPpmList: [], marketPpmList: [], iptvList: [] });
  });
});

describe('number and date shapes', () => {
  it('count decimals as typed', () => {
    expect([12, 12.3, 12.34, 0.1 + 0.2 === 0.3 ? 0 : 0.3, 1e-7, 1.5e-3].map(decimalPlaces)).toEqual([0, 1, 2, 1, 7, 4]);
  });

  it('know real calendar dates', () => {
    expect(['2024-02-29', '2023-02-29', '2024-04-31', '2024-4-01', '2024-12-31'].map(isCalendarDate)).toEqual([true, false, false, false, true]);
  });
});

describe('with the Mantine form resolver', () => {
  it('gives the form its errors by dot path, from the values as the inputs hold them', () => {
    const validate = zod4Resolver(sectionSchema('contacts', { variant: 'full', staff: false }));
    const values = { contactList: [{ ...validSections().contacts.contactList[0], email: 'x', contactNumber: '' }] };
    expect(validate(values)).toEqual({ 'contactList.0.email': 'invalidEmail', 'contactList.0.contactNumber': 'enterPhone' });
    expect(validate(validSections().contacts)).toEqual({});
  });
});
