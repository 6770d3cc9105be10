import { withParams } from '#domain/messages.ts';
import { factoryRow, productLineRow } from './fixtures.ts';
import { chars, maxLength, maxRows, maxValue, minRows, minValue, type RuleTable, times } from './table.ts';

/** Req rfi §5 "Certificates (step 5)": rows 0 IATF16949, 1 ISO14000, 2 ISO45001, 3 VDA. */
export const certificatesRules: RuleTable = {
  step: 'certificates',
  cases: [
    { it: 'asks whether a required certificate is held', set: { 'certificateList.1.hold': null }, expect: { 'certificateList.1.hold': 'chooseHold' } },
    { it: 'asks for the file of a held required certificate', set: { 'certificateList.0.certificateFileUrl': '' }, expect: { 'certificateList.0.certificateFileUrl': 'uploadFile' } },
    { it: 'needs no file for a certificate not held', set: { 'certificateList.2.hold': false, 'certificateList.2.certificateFileUrl': '' }, expect: {} },
    { it: 'leaves optional certificates optional, even when held', set: { 'certificateList.3.hold': true }, expect: {} },
    {
      it: 'names a required certificate left out',
      edit: (s) => s.certificateList.splice(2, 1),
      expect: { certificateList: withParams('certificateMissing', { type: 'ISO45001' }) },
    },
    { it: 'refuses a certificate type twice', set: { 'certificateList.3.certificateType': 'ISO14000', 'certificateList.3.hold': false }, expect: { 'certificateList.3.certificateType': 'duplicateRow|{"code":"ISO14000"}' } },
    {
      it: 'asks a dated certificate given with its file for its validity',
      set: { 'certificateList.0.validFrom': '', 'certificateList.0.validUntil': null },
      expect: { 'certificateList.0.validFrom': 'enterValidFrom', 'certificateList.0.validUntil': 'enterValidUntil' },
    },
    { it: 'refuses a validity that ends before it starts', set: { 'certificateList.0.validFrom': '2026-05-01', 'certificateList.0.validUntil': '2026-04-30' }, expect: { 'certificateList.0.validUntil': 'certificateUntilBeforeFrom' } },
    { it: 'refuses a certificate that has already ended', set: { 'certificateList.0.validFrom': '2020-01-01', 'certificateList.0.validUntil': '2023-01-01' }, expect: { 'certificateList.0.validUntil': 'certificateEndedAlready' } },
    { it: 'refuses a day that does not exist', set: { 'certificateList.0.validUntil': '2027-02-30' }, expect: { 'certificateList.0.validUntil': 'invalidDate' } },
    { it: 'asks no validity of an undated document', set: { 'certificateList.3.certificateType': 'ORG_CHART', 'certificateList.3.certificateName': 'org.png', 'certificateList.3.certificateFileUrl': '/f/org' }, expect: {} },
    { it: 'draft: takes no answers', variant: 'draft', set: { certificateList: [] }, expect: {} },
    { it: 'draft: refuses a hold given as text', variant: 'draft', set: { 'certificateList.0.hold': 'true' }, expect: { 'certificateList.0.hold': 'invalidValue' } },
  ],
};

/** Req rfi §5 "Factory and product lines (step 6)". */
export const factoriesRules: RuleTable = {
  step: 'factories',
  cases: [
    { it: 'asks both yes/no questions', set: { holdFactory: null, holdProductLine: null }, expect: { holdFactory: 'required', holdProductLine: 'required' } },
    {
      it: 'asks for every factory field with its message',
      set: { 'factoryList.0': { countryCode: 'DE', city: 'Berlin', address: 'Str. 1' } },
      expect: {
        'factoryList.0.baseName': 'enterBaseName',
        'factoryList.0.factoryArea': 'enterFactoryArea',
        'factoryList.0.constructionArea': 'enterConstructionArea',
        'factoryList.0.employeeCount': 'enterEmployeeCount',
        'factoryList.0.totalUtilizationRate': 'enterTotalUtilizationRate',
        'factoryList.0.shift': 'enterShift',
        'factoryList.0.product': 'enterMainProduct',
      },
    },
    { it: 'checks the factory address in order', set: { 'factoryList.0.city': '', 'factoryList.0.address': '' }, expect: { 'factoryList.0.city': 'fillCity' } },
    { it: 'needs one factory when holding one', set: { factoryList: [] }, expect: { factoryList: minRows(1) } },
    { it: 'takes 10 factories', set: { factoryList: times(10, factoryRow) }, expect: {} },
    { it: 'refuses 11 factories', set: { factoryList: times(11, factoryRow) }, expect: { factoryList: maxRows(10) } },
    {
      it: 'takes texts at their maxima',
      set: { 'factoryList.0.baseName': chars(30), 'factoryList.0.product': chars(50), 'factoryList.0.factoryArea': chars(10), 'factoryList.0.constructionArea': chars(10), 'factoryList.0.totalUtilizationRate': chars(10), 'factoryList.0.shift': chars(10) },
      expect: {},
    },
    {
      it: 'refuses texts one over',
      set: { 'factoryList.0.baseName': chars(31), 'factoryList.0.product': chars(51), 'factoryList.0.factoryArea': chars(11), 'factoryList.0.constructionArea': chars(11), 'factoryList.0.totalUtilizationRate': chars(11), 'factoryList.0.shift': chars(11) },
      expect: {
        'factoryList.0.baseName': maxLength(30),
        'factoryList.0.product': maxLength(50),
        'factoryList.0.factoryArea': maxLength(10),
        'factoryList.0.constructionArea': maxLength(10),
        'factoryList.0.totalUtilizationRate': maxLength(10),
        'factoryList.0.shift': maxLength(10),
      },
    },
    { it: 'takes 0 and 9999999999 employees', set: { factoryList: [{ ...factoryRow(), employeeCount: 0 }, { ...factoryRow(), employeeCount: 9_999_999_999 }] }, expect: {} },
    { it: 'refuses 10000000000 employees', set: { 'factoryList.0.employeeCount': 10_000_000_000 }, expect: { 'factoryList.0.employeeCount': maxValue(9_999_999_999) } },
    { it: 'refuses a negative or broken employee count', set: { factoryList: [{ ...factoryRow(), employeeCount: -1 }, { ...factoryRow(), employeeCount: 2.5 }] }, expect: { 'factoryList.0.employeeCount': minValue(0), 'factoryList.1.employeeCount': 'integerOnly' } },
    { it: 'ignores the factory rows when holding none', set: { holdFactory: false, 'factoryList.0': { baseName: '' } }, expect: {} },
    { it: 'treats an admitted factory as held', set: { holdFactory: false, 'factoryList.0': { factoryCode: 'F001' } }, expect: Object.fromEntries(Object.entries({ baseName: 'enterBaseName', countryCode: 'chooseCountryRegion', factoryArea: 'enterFactoryArea', constructionArea: 'enterConstructionArea', employeeCount: 'enterEmployeeCount', totalUtilizationRate: 'enterTotalUtilizationRate', shift: 'enterShift', product: 'enterMainProduct' }).map(([k, v]) => [`factoryList.0.${k}`, v])) },
    {
      it: 'asks for the product line fields',
      set: { 'productLineList.0': { businessGroup: 'x', remark: 'y' } },
      expect: Object.fromEntries(['productLine', 'baseName', 'shipments', 'utilizationRate', 'salesProportion', 'productYield', 'topFiveCustomers'].map((k) => [`productLineList.0.${k}`, 'required'])),
    },
    { it: 'needs one product line when holding one', set: { productLineList: [] }, expect: { productLineList: minRows(1) } },
    { it: 'takes 10 product lines', set: { productLineList: times(10, productLineRow) }, expect: {} },
    { it: 'refuses 11 product lines', set: { productLineList: times(11, productLineRow) }, expect: { productLineList: maxRows(10) } },
    { it: 'ignores product lines when holding none', set: { holdProductLine: false, 'productLineList.0': { productLine: '' } }, expect: {} },
    {
      it: 'takes product line texts at their maxima',
      set: { 'productLineList.0': { productLine: chars(30), businessGroup: chars(30), baseName: chars(30), shipments: chars(10), utilizationRate: chars(10), salesProportion: chars(10), productYield: chars(10), topFiveCustomers: chars(50), remark: chars(50) } },
      expect: {},
    },
    {
      it: 'refuses product line texts one over',
      set: { 'productLineList.0': { ...productLineRow(), productLine: chars(31), businessGroup: chars(31), shipments: chars(11), topFiveCustomers: chars(51), remark: chars(51) } },
      expect: {
        'productLineList.0.productLine': maxLength(30),
        'productLineList.0.businessGroup': maxLength(30),
        'productLineList.0.shipments': maxLength(10),
        'productLineList.0.topFiveCustomers': maxLength(50),
        'productLineList.0.remark': maxLength(50),
      },
    },
    { it: 'draft: takes nothing answered', variant: 'draft', edit: (s) => Object.keys(s).forEach((k) => delete s[k]), expect: {} },
  ],
};
