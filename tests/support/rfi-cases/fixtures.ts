import type { RfiStepKey } from '#domain/rfi/steps.ts';
import type { Section } from './table.ts';

/**
 * A complete, valid questionnaire (every step passes its full rules) for the rule tables and the
 * submit check. Each case takes a fresh copy and changes what it tests.
 */

export const NOW = new Date('2024-06-15T12:00:00Z');

export const factoryRow = () => ({
  baseName: '苏州工厂',
  countryCode: 'CN',
  countryName: '中国',
  provinceCode: '320000',
  provinceName: '江苏省',
  city: '苏州市',
  address: '工业园区星湖街1号',
  factoryArea: '50000',
  constructionArea: '30000',
  employeeCount: 800,
  totalUtilizationRate: '85%',
  shift: '2',
  product: '座椅骨架',
  factoryCode: '',
});

export const productLineRow = () => ({
  productLine: '骨架焊接线',
  businessGroup: '',
  baseName: '苏州工厂',
  shipments: '100000',
  utilizationRate: '80%',
  salesProportion: '30%',
  productYield: '99%',
  topFiveCustomers: 'A, B, C',
  remark: '',
});

export const targetRow = () => ({
  productLine: '座椅',
  customerRequireMin: 0,
  customerRequireMax: 50,
  internalGoalsAverage: 20,
  actualPerformanceMin: 5,
  actualPerformanceMax: 30,
});

export const iptvGroup = () =>
  [3, 6, 9].map((byMis, i) => ({ ...targetRow(), byMis, warrantyYear: i === 0 ? 3 : '', warrantyKilometer: i === 0 ? 10 : '' }));

export const contactRow = () => ({
  name: '张三',
  businessGroup: '销售部',
  position: 'SALES_MANAGER',
  categoryCodeList: ['C0101'],
  contactAreaCode: '+86',
  contactNumber: '13800000000',
  email: 'zhang@example.com',
  officeAddress: '苏州市工业园区',
});

export const deviceRow = () => ({
  functionType: '焊接',
  functionDesc: '机器人焊接',
  brand: 'ABB',
  model: 'IRB 6700',
  quantity: 4,
  purchaseDate: '2020-05-01',
  utilizationRate: '80%',
  remark: '',
});

const invalidDeviceRow = () => ({
  functionDesc: '金相分析',
  brand: 'Zeiss',
  model: 'Axio',
  quantity: 1,
  purchaseDate: '2019-03-01',
  usageRate: '50%',
  remark: '',
});

export function validSections(): Record<RfiStepKey, Section> {
  return {
    company: {
      creditCode: '91320594MA1XXXXXX1',
      companyChineseName: '苏州某某汽车零部件有限公司',
      companyEnglishName: 'Suzhou Example Auto Parts Co., Ltd.',
      formerName: '',
      businessLicenseName: 'licence.pdf',
      businessLicenseUrl: '/common/v1/simple-download?fileKey=abc',
      countryCode: 'CN',
      countryName: '中国',
      provinceCode: '320000',
      provinceName: '江苏省',
      city: '苏州市',
      address: '工业园区星湖街1号',
      headquartersCountryCode: 'CN',
      headquartersProvinceCode: '320000',
      headquartersCity: '苏州市',
      companyType: 'OEM',
      companyTypeDesc: '',
      supplierType: '10',
      companyCategory: 10,
      companySubcategory: '150',
      partnerCountry: null,
      shareProportionTop: '张三 60%',
      founderManagement: true,
      certifiedRegion: 10,
      stateOwnedCapital: 0,
      connectedGroup: '无',
      legalName: '张三',
      registeredCapital: 5000,
      registeredCurrency: 'CNY',
      intendedCooperationProduct: '座椅骨架',
      companyPhone: '+8651200000000',
      website: 'https://example.com',
      postalCode: '215000',
      haveOtherAddress: 0,
      foundedYear: '2005-03-01',
      bankCardNum: '6222000000000000000',
      bankName: '中国银行苏州分行',
      invoiceAddress: '苏州市工业园区星湖街1号',
      invoicePhone: '051200000000',
    },
    contacts: { contactList: [contactRow()] },
    finance: {
      financeList: [
        { statisticCode: 'TOTAL_ASSETS', statisticDesc: '资产总额（万元）', lastYear: 120000, beforeLastYear: 110000 },
        { statisticCode: 'NET_PROFIT', statisticDesc: '净利润（万元）', lastYear: -300, beforeLastYear: 500 },
      ],
    },
    sales: {
      saleList: [{ statisticCode: 'TOTAL_SALES', statisticDesc: '销售总额（万元）', currentYear: 5000, lastYear: 4800, beforeLastYear: 4000, remark: '' }],
      bigCustomerList: [
        {
          customerName: '某主机厂',
          regional: 'CN',
          materialName: '座椅骨架',
          lastSalesRate: 20,
          lastSales: 1000,
          lastSupporting: 800,
          lastSupportingRate: 35.5,
          currentSalesRate: 22,
          currentSales: 1100,
          currentSupporting: 900,
          currentSupportingRate: 40,
        },
      ],
    },
    certificates: {
      certificateList: [
        { certificateType: 'IATF16949', certificateName: 'iatf.pdf', certificateFileUrl: '/f/iatf', hold: true, issuer: 'TÜV SÜD', certificateNo: 'IATF-0412345', validFrom: '2025-03-01', validUntil: '2028-02-28' },
        { certificateType: 'ISO14000', certificateName: '', certificateFileUrl: '', hold: false },
        { certificateType: 'ISO45001', certificateName: 'iso45001.pdf', certificateFileUrl: '/f/45001', hold: true, issuer: 'SGS', certificateNo: 'CN25-45001-88', validFrom: '2025-06-01', validUntil: '2028-05-31' },
        { certificateType: 'VDA', certificateName: '', certificateFileUrl: '', hold: null },
      ],
    },
    factories: { holdFactory: true, holdProductLine: true, factoryList: [factoryRow()], qaFactoryList: [], productLineList: [productLineRow()] },
    qualityTargets: { zeroKmPpmList: [targetRow()], marketPpmList: [{ productLine: '', customerRequireMin: '' }], iptvList: iptvGroup() },
    otherCapability: {
      manpowerList: [
        { directNumber: 500, indirectNumber: 100, qualityAssuranceNumber: 20, qualityControlNumber: 30, manufactureNumber: 400, developNumber: 40, projectNumber: 10 },
      ],
      manpowerRemark: '',
      productionDeviceList: [deviceRow()],
      invalidDeviceList: [invalidDeviceRow()],
      moldCapableList: [
        { capableCode: 'MOLD_DESIGN', have: true, remark: '' },
        { capableCode: 'OTHER', have: false, remark: '' },
      ],
      itCapableList: [
        { capableCode: 'MES', have: true, remark: '' },
        { capableCode: 'SAP', have: false, remark: '' },
      ],
      exampleList: [{ exampleType: 'PPAP', exampleName: 'ppap.pdf', exampleFileUrl: '/f/ppap' }],
    },
    development: {
      structure: {
        developSoftware: 'CATIA',
        developDevice: '三坐标',
        technologyIntroduction: '',
        productDevelopLocation: '苏州',
        steps: [{ step: '1', stepDesc: '概念设计', needTime: '4周', methodRealize: 'CAE' }],
        exampleFileUrl: '',
        exampleName: '',
      },
      electronicAppliances: null,
    },
    securityDelivery: {
      securityInfoList: [{ code: 'ISMS', name: '信息安全管理体系', desc: '', remark: '已通过ISO27001' }],
      deliverInfoList: [{ code: 'JIT', name: '准时化供货（JIT）', desc: '', remark: '' }],
    },
  };
}
