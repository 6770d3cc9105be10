import { deviceRow, iptvGroup, targetRow } from './fixtures.ts';
import { chars, maxDecimals, maxLength, maxRows, maxValue, minRows, minValue, type RuleTable, type Section, times } from './table.ts';

const TARGET_MESSAGES = {
  productLine: 'enterTargetProductLine',
  customerRequireMin: 'enterCustomerRequireMin',
  customerRequireMax: 'enterCustomerRequireMax',
  internalGoalsAverage: 'enterInternalGoalsAverage',
  actualPerformanceMin: 'enterActualPerformanceMin',
  actualPerformanceMax: 'enterActualPerformanceMax',
};
const at = (list: string, i: number, messages: Record<string, string>) => Object.fromEntries(Object.entries(messages).map(([k, v]) => [`${list}.${i}.${k}`, v]));

/** Req rfi §5 "Key quality targets (step 7)". */
export const qualityTargetsRules: RuleTable = {
  step: 'qualityTargets',
  cases: [
    { it: 'asks for every 0 km PPM value', set: { 'zeroKmPpmList.0': {} }, expect: at('zeroKmPpmList', 0, TARGET_MESSAGES) },
    { it: 'asks for every IPTV value', set: { 'iptvList.1': { byMis: 6 } }, expect: at('iptvList', 1, TARGET_MESSAGES) },
    { it: 'asks nothing of market PPM rows', set: { 'marketPpmList.0': {} }, expect: {} },
    { it: 'keeps one market PPM row', set: { marketPpmList: [] }, expect: { marketPpmList: minRows(1) } },
    { it: 'takes 10 market PPM rows', set: { marketPpmList: times(10, targetRow) }, expect: {} },
    { it: 'refuses 11 market PPM rows', set: { marketPpmList: times(11, targetRow) }, expect: { marketPpmList: maxRows(10) } },
    { it: 'keeps one 0 km PPM row', set: { zeroKmPpmList: [] }, expect: { zeroKmPpmList: minRows(1) } },
    { it: 'takes a product line of 30', set: { 'zeroKmPpmList.0.productLine': chars(30) }, expect: {} },
    { it: 'refuses a product line of 31', set: { 'zeroKmPpmList.0.productLine': chars(31) }, expect: { 'zeroKmPpmList.0.productLine': maxLength(30) } },
    { it: 'takes 99999999 with 4 decimals', set: { 'zeroKmPpmList.0.customerRequireMax': 99_999_999, 'zeroKmPpmList.0.internalGoalsAverage': 12.3456 }, expect: {} },
    { it: 'refuses 100000000', set: { 'zeroKmPpmList.0.customerRequireMax': 100_000_000 }, expect: { 'zeroKmPpmList.0.customerRequireMax': maxValue(99_999_999) } },
    { it: 'refuses 5 decimals', set: { 'zeroKmPpmList.0.internalGoalsAverage': '12.34567' }, expect: { 'zeroKmPpmList.0.internalGoalsAverage': maxDecimals(4) } },
    { it: 'refuses a negative target', set: { 'marketPpmList.0.actualPerformanceMin': -1 }, expect: { 'marketPpmList.0.actualPerformanceMin': minValue(0) } },
    { it: 'takes a minimum equal to its maximum', set: { 'zeroKmPpmList.0.customerRequireMin': 50, 'zeroKmPpmList.0.customerRequireMax': 50 }, expect: {} },
    {
      it: 'refuses a minimum above its maximum, in every list',
      set: { 'zeroKmPpmList.0.customerRequireMin': 51, 'marketPpmList.0': { actualPerformanceMin: 2, actualPerformanceMax: 1 }, 'iptvList.2.actualPerformanceMin': 31 },
      expect: { 'zeroKmPpmList.0.customerRequireMin': 'minAboveMax', 'marketPpmList.0.actualPerformanceMin': 'minAboveMax', 'iptvList.2.actualPerformanceMin': 'minAboveMax' },
    },
    { it: 'asks for the warranty on the first row of a group', set: { 'iptvList.0.warrantyYear': '', 'iptvList.0.warrantyKilometer': null }, expect: { 'iptvList.0.warrantyYear': 'enterWarrantyYear', 'iptvList.0.warrantyKilometer': 'enterWarrantyKilometer' } },
    { it: 'asks it on every group', edit: (s) => s.iptvList.push(...iptvGroup().map((r: Section, i: number) => (i === 0 ? { ...r, warrantyYear: '' } : r))), expect: { 'iptvList.3.warrantyYear': 'enterWarrantyYear' } },
    { it: 'takes a warranty of 0', set: { 'iptvList.0.warrantyYear': 0, 'iptvList.0.warrantyKilometer': 0 }, expect: {} },
    { it: 'refuses a negative warranty', set: { 'iptvList.0.warrantyKilometer': -0.5 }, expect: { 'iptvList.0.warrantyKilometer': minValue(0) } },
    { it: 'takes 10 IPTV groups', set: { iptvList: times(10, iptvGroup).flat() }, expect: {} },
    { it: 'refuses 11 IPTV groups', set: { iptvList: times(11, iptvGroup).flat() }, expect: { iptvList: maxRows(30) } },
    { it: 'keeps one IPTV group', set: { iptvList: [] }, expect: { iptvList: minRows(3) } },
    { it: 'wants whole groups of three', edit: (s) => s.iptvList.push(iptvGroup()[0]), expect: { iptvList: 'iptvGroupOfThree' } },
    { it: 'wants 3, 6 and 9 MIS in order', set: { 'iptvList.1.byMis': 9, 'iptvList.2.byMis': 6 }, expect: { iptvList: 'iptvGroupOfThree' } },
    { it: 'refuses another MIS', set: { 'iptvList.1.byMis': 12 }, expect: { 'iptvList.1.byMis': 'invalidValue', iptvList: 'iptvGroupOfThree' } },
    { it: 'draft: takes empty lists', variant: 'draft', set: { zeroKmPpmList: [], marketPpmList: [], iptvList: [] }, expect: {} },
  ],
};

const manpower = ['directNumber', 'indirectNumber', 'qualityAssuranceNumber', 'qualityControlNumber', 'manufactureNumber', 'developNumber', 'projectNumber'];

/** Req rfi §5 "Other capability (step 8)". */
export const otherCapabilityRules: RuleTable = {
  step: 'otherCapability',
  cases: [
    { it: 'asks for the seven head counts', set: { 'manpowerList.0': {} }, expect: Object.fromEntries(manpower.map((k) => [`manpowerList.0.${k}`, 'required'])) },
    { it: 'takes head counts of 0 and 9999999999', set: { 'manpowerList.0.directNumber': 0, 'manpowerList.0.projectNumber': 9_999_999_999 }, expect: {} },
    {
      it: 'refuses head counts out of range or broken',
      set: { 'manpowerList.0.directNumber': -1, 'manpowerList.0.projectNumber': 10_000_000_000, 'manpowerList.0.developNumber': 1.5 },
      expect: { 'manpowerList.0.directNumber': minValue(0), 'manpowerList.0.projectNumber': maxValue(9_999_999_999), 'manpowerList.0.developNumber': 'integerOnly' },
    },
    { it: 'needs the head-count row', set: { manpowerList: [] }, expect: { manpowerList: minRows(1) } },
    { it: 'takes a manpower remark of 200', set: { manpowerRemark: chars(200) }, expect: {} },
    { it: 'refuses a manpower remark of 201', set: { manpowerRemark: chars(201) }, expect: { manpowerRemark: maxLength(200) } },
    { it: 'needs a device row in each table', set: { productionDeviceList: [], invalidDeviceList: [] }, expect: { productionDeviceList: minRows(1), invalidDeviceList: minRows(1) } },
    { it: 'takes 10 device rows', set: { productionDeviceList: times(10, deviceRow) }, expect: {} },
    { it: 'refuses 11 device rows', set: { productionDeviceList: times(11, deviceRow) }, expect: { productionDeviceList: maxRows(10) } },
    { it: 'takes device texts of 30 and remarks of 50', set: { 'productionDeviceList.0.brand': chars(30), 'invalidDeviceList.0.model': chars(30), 'invalidDeviceList.0.remark': chars(50) }, expect: {} },
    {
      it: 'refuses device texts of 31 and remarks of 51',
      set: { 'productionDeviceList.0.functionType': chars(31), 'invalidDeviceList.0.usageRate': chars(31), 'productionDeviceList.0.remark': chars(51) },
      expect: { 'productionDeviceList.0.functionType': maxLength(30), 'invalidDeviceList.0.usageRate': maxLength(30), 'productionDeviceList.0.remark': maxLength(50) },
    },
    { it: 'refuses a purchase date that is no date', set: { 'productionDeviceList.0.purchaseDate': '2020-13-01' }, expect: { 'productionDeviceList.0.purchaseDate': 'invalidDate' } },
    { it: 'asks the mold and IT yes/no questions', set: { 'moldCapableList.0.have': null, 'itCapableList.1.have': undefined }, expect: { 'moldCapableList.0.have': 'required', 'itCapableList.1.have': 'required' } },
    { it: 'asks for the file of a chosen example type', set: { 'exampleList.0.exampleFileUrl': '' }, expect: { 'exampleList.0.exampleFileUrl': 'uploadFile' } },
    { it: 'takes an example row without a type', set: { 'exampleList.0': { exampleType: '', exampleFileUrl: '' } }, expect: {} },
    {
      it: 'refuses an example type twice',
      edit: (s) => s.exampleList.push({ exampleType: 'PPAP', exampleName: 'b.pdf', exampleFileUrl: '/f/b' }),
      expect: { 'exampleList.1.exampleType': 'duplicateExampleType' },
    },
    { it: 'takes 10 example rows', set: { exampleList: times(10, () => ({ exampleType: '', exampleName: '', exampleFileUrl: '' })) }, expect: {} },
    { it: 'refuses 11 example rows', set: { exampleList: times(11, () => ({ exampleType: '' })) }, expect: { exampleList: maxRows(10) } },
    { it: 'draft: takes empty tables', variant: 'draft', set: { manpowerList: [], productionDeviceList: [], invalidDeviceList: [], 'moldCapableList.0.have': null }, expect: {} },
  ],
};

/** Req rfi §5 "Development capability (step 9)" and "Security and delivery (step 10)". */
export const developmentRules: RuleTable = {
  step: 'development',
  cases: [
    { it: 'takes texts of 50 and a need time of 10', set: { 'structure.developSoftware': chars(50), 'structure.steps.0.needTime': chars(10), 'structure.steps.0.methodRealize': chars(50) }, expect: {} },
    {
      it: 'refuses texts of 51 and a need time of 11',
      set: { 'structure.technologyIntroduction': chars(51), 'structure.steps.0.needTime': chars(11), 'structure.steps.0.stepDesc': chars(51) },
      expect: { 'structure.technologyIntroduction': maxLength(50), 'structure.steps.0.needTime': maxLength(10), 'structure.steps.0.stepDesc': maxLength(50) },
    },
    { it: 'requires nothing', set: { structure: null, electronicAppliances: {} }, expect: {} },
  ],
};

export const securityDeliveryRules: RuleTable = {
  step: 'securityDelivery',
  cases: [
    { it: 'takes an empty remark', set: { 'securityInfoList.0.remark': '' }, expect: {} },
    { it: 'takes a remark of 100', set: { 'deliverInfoList.0.remark': chars(100) }, expect: {} },
    { it: 'refuses a remark of 101', set: { 'securityInfoList.0.remark': chars(101) }, expect: { 'securityInfoList.0.remark': maxLength(100) } },
  ],
};
