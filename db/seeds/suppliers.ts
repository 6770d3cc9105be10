import type { Db } from '../connection.ts';
import { upsertRows } from './upsert.ts';

/**
 * Demo accepted suppliers of the supplier master, so "expand supplier category" has someone to expand.
 * Credit codes are well-formed unified social credit codes (GB 32100 check character); categories
 * cover the requirements’ cases: an eliminated one (life cycle 2), a high-potential one (1), a disabled one
 * (status 20). Contacts have stable ids so a re-run rewrites nothing.
 */
interface SupplierSeed {
  supplierNo: string;
  supplierCode: string;
  name: string;
  nameEn: string;
  shortName: string;
  creditCode: string;
  provinceCode: string;
  cityCode: string;
  address: string;
  legalName: string;
  postalCode: string;
  categories: { code: string; status?: 10 | 20; lifeCycle?: 0 | 1 | 2 }[];
  contacts: { id: string; name: string; email: string | null; phone: string; position: string }[];
}

const DEMO_SUPPLIERS: readonly SupplierSeed[] = [
  {
    supplierNo: 'SN000001',
    supplierCode: '100001',
    name: '宁波甬翔汽车零部件有限公司',
    nameEn: 'Ningbo Yongxiang Auto Parts Co., Ltd.',
    shortName: '甬翔零部件',
    creditCode: '91330206MA2H7K3LXF',
    provinceCode: '33',
    cityCode: '3302',
    address: '浙江省宁波市北仑区大港工业城黄山西路88号',
    legalName: '陈国华',
    postalCode: '315800',
    categories: [{ code: '101001' }, { code: '101002' }, { code: '103002', lifeCycle: 2 }],
    contacts: [
      { id: '5a0e0001-0000-4000-8000-000000000001', name: '李明', email: 'li.ming@yongxiang-auto.example.com', phone: '13805741234', position: '销售经理' },
      { id: '5a0e0001-0000-4000-8000-000000000002', name: '王芳', email: 'wang.fang@yongxiang-auto.example.com', phone: '13957862345', position: '质量经理' },
    ],
  },
  {
    supplierNo: 'SN000002',
    supplierCode: '100002',
    name: '芜湖瑞丰汽车电子有限公司',
    nameEn: 'Wuhu Ruifeng Automotive Electronics Co., Ltd.',
    shortName: '瑞丰电子',
    creditCode: '91340207MA2T9Q5N76',
    provinceCode: '34',
    cityCode: '3402',
    address: '安徽省芜湖市鸠江区电子产业园衡山路16号',
    legalName: '刘建平',
    postalCode: '241000',
    categories: [{ code: '401001' }, { code: '401003' }, { code: '403001', lifeCycle: 1 }],
    contacts: [
      { id: '5a0e0002-0000-4000-8000-000000000001', name: '赵磊', email: 'zhao.lei@ruifeng-ae.example.com', phone: '13855312345', position: '大客户经理' },
      // A contact without an e-mail: an expansion for them is filled in by staff (req flow §5.1).
      { id: '5a0e0002-0000-4000-8000-000000000002', name: '孙丽', email: null, phone: '18955367890', position: '项目经理' },
    ],
  },
  {
    supplierNo: 'SN000003',
    supplierCode: '100003',
    name: '常州锦程座椅系统有限公司',
    nameEn: 'Changzhou Jincheng Seating Systems Co., Ltd.',
    shortName: '锦程座椅',
    creditCode: '91320412MA1WRD6P35',
    provinceCode: '32',
    cityCode: '3204',
    address: '江苏省常州市武进区武进国家高新区凤林南路200号',
    legalName: '周文彬',
    postalCode: '213164',
    categories: [{ code: '501001' }, { code: '501002' }, { code: '504002', status: 20 }],
    contacts: [
      { id: '5a0e0003-0000-4000-8000-000000000001', name: '吴静', email: 'wu.jing@jincheng-seating.example.com', phone: '13961123456', position: '销售总监' },
    ],
  },
  {
    supplierNo: 'SN000004',
    supplierCode: '100004',
    name: '余姚恒达精密铸造有限公司',
    nameEn: 'Yuyao Hengda Precision Casting Co., Ltd.',
    shortName: '恒达铸造',
    creditCode: '91330281726351483F',
    provinceCode: '33',
    cityCode: '3302',
    address: '浙江省余姚市经济开发区城东新区兴业路9号',
    legalName: '黄志强',
    postalCode: '315400',
    categories: [{ code: '204001' }, { code: '301001' }],
    contacts: [
      { id: '5a0e0004-0000-4000-8000-000000000001', name: '钱涛', email: 'qian.tao@hengda-casting.example.com', phone: '13586901234', position: '销售经理' },
      { id: '5a0e0004-0000-4000-8000-000000000002', name: '郑洁', email: 'zheng.jie@hengda-casting.example.com', phone: '13736012345', position: '技术经理' },
    ],
  },
];

/** After the categories (supplier_category points at them). Only names follow the seed data later. */
export async function seedDemoSuppliers(db: Db): Promise<void> {
  const suppliers = DEMO_SUPPLIERS.map((s) => ({
    supplier_no: s.supplierNo,
    supplier_code: s.supplierCode,
    name: s.name,
    name_en: s.nameEn,
    short_name: s.shortName,
    credit_code: s.creditCode,
    certified_region: 10,
    country_code: 'CN',
    province_code: s.provinceCode,
    city_code: s.cityCode,
    address: s.address,
    legal_name: s.legalName,
    postal_code: s.postalCode,
  }));
  await upsertRows(db, 'supplier', suppliers, { key: ['supplier_no'], update: ['name', 'name_en'] });
  const categories = DEMO_SUPPLIERS.flatMap((s) =>
    s.categories.map((c) => ({ supplier_no: s.supplierNo, category_code: c.code, status: c.status ?? 10, life_cycle: c.lifeCycle ?? 0 })),
  );
  await upsertRows(db, 'supplier_category', categories, { key: ['supplier_no', 'category_code'], update: [] });
  const contacts = DEMO_SUPPLIERS.flatMap((s) =>
    s.contacts.map((c) => ({ id: c.id, supplier_no: s.supplierNo, name: c.name, email: c.email, area_code: '+86', phone: c.phone, position: c.position })),
  );
  await upsertRows(db, 'supplier_contact', contacts, { key: ['id'], update: [] });
}
