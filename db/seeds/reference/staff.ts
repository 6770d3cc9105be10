export interface StaffSeed {
  jobNumber: string;
  username: string;
  name: string;
  departmentId: string;
  departmentName: string;
  roles: readonly string[];
  /** A factory_location code: the workshop the shell's factory tag names. */
  factoryLocation?: string;
}

export interface CmtSeed {
  code: string;
  zh: string;
  en: string;
  leaderJobNumber: string;
}

const PURCHASING = { departmentId: 'D100', departmentName: '采购部' };
const QUALITY = { departmentId: 'D200', departmentName: '质量部' };
const RND = { departmentId: 'D300', departmentName: '研发部' };
const SUPPLY = { departmentId: 'D400', departmentName: '供应链部' };
const IT = { departmentId: 'D900', departmentName: '数字化部' };

/** Demo staff: at least one per role; every CMT has its own leader. */
export const DEMO_STAFF: readonly StaffSeed[] = [
  { jobNumber: 'E10001', username: 'admin', name: '系统管理员', ...IT, roles: ['CERT_ADMIN'] },
  { jobNumber: 'E10002', username: 'pm.wang', name: '王磊', ...PURCHASING, roles: ['PURCHASE_MANAGER'], factoryLocation: '1040' },
  { jobNumber: 'E10003', username: 'pm.zhou', name: '周婷', ...PURCHASING, roles: ['PURCHASE_MANAGER'], factoryLocation: '1010' },
  { jobNumber: 'E10010', username: 'cmt.li', name: '李强', ...PURCHASING, roles: ['CMT_LEADER'] },
  { jobNumber: 'E10011', username: 'cmt.liu', name: '刘洋', ...PURCHASING, roles: ['CMT_LEADER'] },
  { jobNumber: 'E10012', username: 'cmt.sun', name: '孙浩', ...PURCHASING, roles: ['CMT_LEADER'] },
  { jobNumber: 'E10013', username: 'cmt.he', name: '何静', ...PURCHASING, roles: ['CMT_LEADER'] },
  { jobNumber: 'E10014', username: 'cmt.guo', name: '郭敏', ...PURCHASING, roles: ['CMT_LEADER'] },
  { jobNumber: 'E10015', username: 'cmt.ma', name: '马超', ...PURCHASING, roles: ['CMT_LEADER'] },
  { jobNumber: 'E10020', username: 'quality.zhang', name: '张伟', ...QUALITY, roles: ['QUALITY_REVIEWER'], factoryLocation: '1030' },
  { jobNumber: 'E10021', username: 'tech.zhao', name: '赵军', ...RND, roles: ['TECHNICAL_REVIEWER'] },
  { jobNumber: 'E10022', username: 'biz.qian', name: '钱芳', ...PURCHASING, roles: ['BUSINESS_REVIEWER'] },
  { jobNumber: 'E10023', username: 'supply.lin', name: '林涛', ...SUPPLY, roles: ['SUPPLY_REVIEWER'] },
  { jobNumber: 'E10024', username: 'qops.huang', name: '黄丽', ...QUALITY, roles: ['QUALITY_OPERATIONS'] },
  { jobNumber: 'E10025', username: 'proc.xu', name: '徐鹏', ...PURCHASING, roles: ['PROCUREMENT'] },
  { jobNumber: 'E10030', username: 'expert.chen', name: '陈刚', ...QUALITY, roles: ['EXPERT'] },
  { jobNumber: 'E10031', username: 'expert.yang', name: '杨帆', ...RND, roles: ['EXPERT'] },
  { jobNumber: 'E10032', username: 'expert.wu', name: '吴昊', ...SUPPLY, roles: ['EXPERT'] },
];

export const DEMO_EMAIL_DOMAIN = 'oem.example.com';

/** Cross-functional category teams; every small category belongs to one. */
export const CMTS: readonly CmtSeed[] = [
  { code: 'CMT_BODY', zh: '车身外饰CMT', en: 'Body & exterior CMT', leaderJobNumber: 'E10010' },
  { code: 'CMT_CHASSIS', zh: '底盘CMT', en: 'Chassis CMT', leaderJobNumber: 'E10011' },
  { code: 'CMT_POWERTRAIN', zh: '动力总成CMT', en: 'Powertrain CMT', leaderJobNumber: 'E10012' },
  { code: 'CMT_EE', zh: '电子电器CMT', en: 'Electrical & electronics CMT', leaderJobNumber: 'E10013' },
  { code: 'CMT_INTERIOR', zh: '内饰CMT', en: 'Interior CMT', leaderJobNumber: 'E10014' },
  { code: 'CMT_NEV', zh: '新能源与热管理CMT', en: 'New energy & thermal CMT', leaderJobNumber: 'E10015' },
];
