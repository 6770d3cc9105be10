import { describe, expect, it } from 'vitest';
import { fieldErrors, RFI_SECTIONS } from '#domain/rfi/sections/index.ts';
import { emptyFactoryRow, factoriesForNext, holdFactoryLocked, onHoldFactoryChange, onHoldProductLineChange, prepareFactories } from './step-06-rows.ts';
import { canDeleteIptvGroup, canDeleteTargetRow, iptvGroupHeadIndex, prepareQualityTargets, withIptvGroup, withoutIptvGroup } from './step-07-rows.ts';
import { capabilitiesMatch, emptyExampleRow, mergeCapabilities, prepareOtherCapability, typesTakenElsewhere } from './step-08-rows.ts';
import { prepareDevelopment } from './step-09-rows.ts';
import { infoRowsMatch, mergeInfoRows } from './step-10-rows.ts';
import { lengthProps, maxLengthOf } from './step-limits.ts';

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) => (result.success ? {} : fieldErrors(result.error!));

describe('step 6: factories and product lines (req rfi §4)', () => {
  it('a fresh step asks both questions and shows no rows until answered', () => {
    const v = prepareFactories(null);
    expect(v).toMatchObject({ holdFactory: null, holdProductLine: null, factoryList: [], productLineList: [] });
    expect(errorsOf(RFI_SECTIONS.factories.full().safeParse(v))).toEqual({ holdFactory: 'required', holdProductLine: 'required' });
  });

  it('answering yes brings one empty row whose required fields Next then asks for', () => {
    const v = onHoldProductLineChange(onHoldFactoryChange(prepareFactories(null), true), true);
    expect(v.factoryList).toHaveLength(1);
    expect(v.productLineList).toHaveLength(1);
    const errors = errorsOf(RFI_SECTIONS.factories.full().safeParse(v));
    expect(errors).toMatchObject({ 'factoryList.0.baseName': 'enterBaseName', 'factoryList.0.countryCode': 'chooseCountryRegion', 'productLineList.0.productLine': 'required' });
    expect(RFI_SECTIONS.factories.draft().safeParse(v).success).toBe(true);
  });

  it('an admitted factory forces holdFactory true and ignores a no', () => {
    const v = prepareFactories({ holdFactory: false, factoryList: [{ ...emptyFactoryRow(), factoryCode: 'F001' }] });
    expect(v.holdFactory).toBe(true);
    expect(holdFactoryLocked(v)).toBe(true);
    expect(onHoldFactoryChange(v, false).holdFactory).toBe(true);
  });

  it('no keeps the rows hidden while editing; Next empties the lists', () => {
    const filled = onHoldFactoryChange(prepareFactories(null), true);
    const no = onHoldFactoryChange(filled, false);
    expect(no.factoryList).toHaveLength(1);
    expect(factoriesForNext(no)).toMatchObject({ factoryList: [], qaFactoryList: [] });
    expect(factoriesForNext({ ...no, holdProductLine: false, productLineList: [{ productLine: 'x' }] }).productLineList).toEqual([]);
  });
});

describe('step 7: key quality targets (req rfi §5)', () => {
  it('every list starts with a row, IPTV with a group of 3, 6 and 9 MIS', () => {
    const v = prepareQualityTargets(null);
    expect(v.zeroKmPpmList).toHaveLength(1);
    expect(v.marketPpmList).toHaveLength(1);
    expect(v.iptvList?.map((r) => r.byMis)).toEqual([3, 6, 9]);
    const errors = errorsOf(RFI_SECTIONS.qualityTargets.full().safeParse(v));
    expect(errors['iptvList.0.warrantyYear']).toBe('enterWarrantyYear');
    expect(errors['iptvList.1.warrantyYear']).toBeUndefined();
    expect(Object.keys(errors).some((k) => k.startsWith('marketPpmList'))).toBe(false);
  });

  it('IPTV groups are added and deleted three rows at a time; the last group and the last row stay', () => {
    const one = prepareQualityTargets(null).iptvList!;
    const two = withIptvGroup(one);
    expect(two.map((r) => r.byMis)).toEqual([3, 6, 9, 3, 6, 9]);
    expect(iptvGroupHeadIndex(4)).toBe(3);
    expect(withoutIptvGroup(two, 4)).toHaveLength(3);
    expect(canDeleteIptvGroup(3)).toBe(false);
    expect(canDeleteIptvGroup(6)).toBe(true);
    expect(canDeleteTargetRow(1)).toBe(false);
  });
});

describe('step 8: other capabilities (req rfi §3, §5)', () => {
  it('capability rows follow the dictionary and keep the answers given', () => {
    const merged = mergeCapabilities(['MES', 'SAP', 'OTHER'], [{ capableCode: 'SAP', have: true, remark: 'S/4' }, { capableCode: 'GONE', have: false }]);
    expect(merged).toEqual([
      { capableCode: 'MES', have: null, remark: '' },
      { capableCode: 'SAP', have: true, remark: 'S/4' },
      { capableCode: 'OTHER', have: null, remark: '' },
      { capableCode: 'GONE', have: false },
    ]);
    expect(capabilitiesMatch(['MES', 'SAP', 'OTHER'], merged)).toBe(true);
    expect(capabilitiesMatch(['MES', 'SAP', 'OTHER'], [])).toBe(false);
  });

  it('a fresh step asks for the seven head counts, a row per device table and every yes/no', () => {
    const v = prepareOtherCapability(null);
    v.itCapableList = mergeCapabilities(['MES'], []);
    const errors = errorsOf(RFI_SECTIONS.otherCapability.full().safeParse(v));
    expect(errors['manpowerList.0.directNumber']).toBe('required');
    expect(errors['itCapableList.0.have']).toBe('required');
    expect(errors.productionDeviceList).toBeUndefined();
  });

  it('an example type taken by another row is offered no more', () => {
    const list = [{ ...emptyExampleRow(), exampleType: 'PPAP' }, emptyExampleRow(), { ...emptyExampleRow(), exampleType: 'DFMEA' }];
    expect([...typesTakenElsewhere(list, 1)].sort()).toEqual(['DFMEA', 'PPAP']);
    expect([...typesTakenElsewhere(list, 0)]).toEqual(['DFMEA']);
  });
});

describe('steps 9 and 10', () => {
  it('both development blocks exist with a steps row and pass the rules empty', () => {
    const v = prepareDevelopment({ structure: { developSoftware: 'CATIA', steps: [] } });
    expect(v.structure).toMatchObject({ developSoftware: 'CATIA', steps: [{ step: '' }] });
    expect(v.electronicAppliances?.steps).toHaveLength(1);
    expect(RFI_SECTIONS.development.full().safeParse(v).success).toBe(true);
  });

  it('security and delivery rows come from the dictionary with the remarks already written', () => {
    const entries = [
      { dictKey: 'ISMS', dictValue: 'ISMS', extra: { desc: 'ISO 27001?' } },
      { dictKey: 'TISAX', dictValue: 'TISAX' },
    ];
    const merged = mergeInfoRows(entries, [{ code: 'TISAX', name: '旧', remark: 'AL3' }]);
    expect(merged).toEqual([
      { code: 'ISMS', name: 'ISMS', desc: 'ISO 27001?', remark: '' },
      { code: 'TISAX', name: 'TISAX', desc: '', remark: 'AL3' },
    ]);
    expect(infoRowsMatch(entries, merged)).toBe(true);
    expect(RFI_SECTIONS.securityDelivery.full().safeParse({ securityInfoList: merged, deliverInfoList: [] }).success).toBe(true);
  });
});

describe('input lengths come from the section schemas', () => {
  it('reads text limits through lists, blocks and row indices', () => {
    expect(maxLengthOf('factories', 'factoryList.baseName')).toBe(30);
    expect(maxLengthOf('factories', 'factoryList.3.product')).toBe(50);
    expect(maxLengthOf('otherCapability', 'manpowerRemark')).toBe(200);
    expect(maxLengthOf('development', 'electronicAppliances.steps.0.needTime')).toBe(10);
    expect(lengthProps('securityDelivery')('deliverInfoList.2.remark')).toEqual({ maxLength: 100 });
  });

  it('gives nothing for fields without a text limit', () => {
    expect(maxLengthOf('factories', 'holdFactory')).toBeUndefined();
    expect(lengthProps('qualityTargets')('iptvList.0.warrantyYear')).toEqual({});
  });
});
