import { RFI_STEPS } from '#domain/rfi/steps.ts';
import { e, type DictSeed } from './dict-types.ts';

/** Dictionaries of the RFI questionnaire (req rfi §3). */

const STEP_LABELS: Record<(typeof RFI_STEPS)[number]['key'], [string, string]> = {
  company: ['基本信息-公司信息', 'Basic info - company'],
  contacts: ['基本信息-联系人信息', 'Basic info - contacts'],
  finance: ['商务-财务状况', 'Business - finance'],
  sales: ['商务-销售及主要客户', 'Business - sales and key customers'],
  certificates: ['质量-证书及文件', 'Quality - certificates and files'],
  factories: ['质量-工厂及产线', 'Quality - factories and product lines'],
  qualityTargets: ['质量-关键质量指标', 'Quality - key quality targets'],
  otherCapability: ['质量-其他能力', 'Quality - other capabilities'],
  development: ['研发-产品开发能力', 'R&D - product development'],
  securityDelivery: ['研发-信息安全及其他（交付与物流）', 'R&D - information security and other (delivery, logistics)'],
};

export const QUESTIONNAIRE_DICTS: DictSeed = {
  // Key = step number, the value the current-step call returns; extra ties it to domain/rfi/steps.ts.
  rfi_step: RFI_STEPS.map((s) => e(String(s.no), STEP_LABELS[s.key][0], STEP_LABELS[s.key][1], { key: s.key, group: s.group })),

  rfi_security_info: [
    e('ISMS', '信息安全管理体系', 'Information security management system', {
      desc: { zh: '是否建立并运行信息安全管理体系（如ISO27001）', en: 'Is an information security management system (e.g. ISO 27001) in place and operated?' },
    }),
    e('TISAX', 'TISAX评估', 'TISAX assessment', {
      desc: { zh: '是否通过TISAX评估及其等级', en: 'Has a TISAX assessment been passed, and at which level?' },
    }),
    e('CYBERSECURITY', '汽车网络安全', 'Automotive cybersecurity', {
      desc: { zh: '产品开发是否满足ISO/SAE 21434及UN R155要求', en: 'Does product development meet ISO/SAE 21434 and UN R155?' },
    }),
    e('DATA_PROTECTION', '数据及个人信息保护', 'Data and personal information protection', {
      desc: { zh: '是否有数据分类分级及个人信息保护制度', en: 'Are data classification and personal information protection rules in place?' },
    }),
    e('ACCESS_CONTROL', '访问控制', 'Access control', {
      desc: { zh: '图纸、设计数据等客户资料是否按权限管控', en: 'Is access to customer drawings and design data controlled by role?' },
    }),
    e('BACKUP', '数据备份与恢复', 'Backup and recovery', {
      desc: { zh: '关键业务数据是否定期备份并演练恢复', en: 'Is key business data backed up regularly and is recovery rehearsed?' },
    }),
    e('INCIDENT_RESPONSE', '安全事件响应', 'Security incident response', {
      desc: { zh: '是否有安全事件响应流程及通报机制', en: 'Is there an incident response process including customer notification?' },
    }),
  ],

  rfi_deliver_info: [
    e('JIT', '准时化供货（JIT）', 'Just-in-time delivery (JIT)', {
      desc: { zh: '是否具备按生产节拍准时供货能力', en: 'Can parts be delivered to the production takt?' },
    }),
    e('JIS', '排序供货（JIS）', 'Just-in-sequence delivery (JIS)', {
      desc: { zh: '是否具备按整车顺序排序供货能力', en: 'Can parts be delivered in vehicle build sequence?' },
    }),
    e('VMI', '供应商管理库存（VMI）', 'Vendor-managed inventory (VMI)', {
      desc: { zh: '是否可在主机厂周边设立中转库', en: 'Can a hub warehouse near the plant be run?' },
    }),
    e('EDI', '电子数据交换（EDI）', 'Electronic data interchange (EDI)', {
      desc: { zh: '是否支持EDI收发预测、订单及发货通知', en: 'Are forecasts, orders and dispatch notes exchanged by EDI?' },
    }),
    e('PACKAGING', '包装方案', 'Packaging', {
      desc: { zh: '是否可提供可循环包装及包装设计方案', en: 'Can returnable packaging and packaging design be provided?' },
    }),
    e('TRANSPORT', '运输能力', 'Transport', {
      desc: { zh: '自有或合作物流的运输方式与时效', en: 'Own or contracted transport modes and lead times' },
    }),
    e('TRACEABILITY', '批次追溯', 'Batch traceability', {
      desc: { zh: '是否可按批次/序列号追溯至原材料', en: 'Can parts be traced by batch or serial number back to raw material?' },
    }),
  ],

  supplier_type: [
    e('10', '零部件供应商', 'Parts supplier'),
    e('20', '原材料供应商', 'Raw material supplier'),
    e('30', '模具及工装供应商', 'Tooling supplier'),
    e('40', '软件供应商', 'Software supplier'),
    e('50', '系统集成供应商', 'System integrator'),
  ],

  financial_status: [
    e('TOTAL_ASSETS', '资产总额（万元）', 'Total assets (10k)'),
    e('TOTAL_LIABILITIES', '负债总额（万元）', 'Total liabilities (10k)'),
    e('NET_ASSETS', '净资产（万元）', 'Net assets (10k)'),
    e('OPERATING_REVENUE', '营业收入（万元）', 'Operating revenue (10k)'),
    e('OPERATING_COST', '营业成本（万元）', 'Operating cost (10k)'),
    e('NET_PROFIT', '净利润（万元）', 'Net profit (10k)'),
    e('OPERATING_CASH_FLOW', '经营活动现金流量净额（万元）', 'Net operating cash flow (10k)'),
    e('RD_EXPENSE', '研发投入（万元）', 'R&D expense (10k)'),
  ],

  company_sales: [
    e('TOTAL_SALES', '销售总额（万元）', 'Total sales (10k)'),
    e('AUTOMOTIVE_SALES', '汽车行业销售额（万元）', 'Automotive sales (10k)'),
    e('OEM_SALES', '整车配套销售额（万元）', 'OEM series supply sales (10k)'),
    e('NEV_SALES', '新能源汽车配套销售额（万元）', 'New energy vehicle sales (10k)'),
    e('AFTERMARKET_SALES', '售后市场销售额（万元）', 'Aftermarket sales (10k)'),
    e('EXPORT_SALES', '出口销售额（万元）', 'Export sales (10k)'),
  ],

  position: [
    e('GENERAL_MANAGER', '总经理', 'General manager'),
    e('SALES_DIRECTOR', '销售总监', 'Sales director'),
    e('KEY_ACCOUNT_MANAGER', '大客户经理', 'Key account manager'),
    e('SALES_MANAGER', '销售经理', 'Sales manager'),
    e('QUALITY_MANAGER', '质量经理', 'Quality manager'),
    e('RD_MANAGER', '研发经理', 'R&D manager'),
    e('PROJECT_MANAGER', '项目经理', 'Project manager'),
    e('LOGISTICS_MANAGER', '物流经理', 'Logistics manager'),
    e('FINANCE_MANAGER', '财务经理', 'Finance manager'),
    e('OTHER', '其他', 'Other'),
  ],

  mold_ability: [
    e('MOLD_DESIGN', '模具设计', 'Mould design'),
    e('MOLD_FLOW', '模流/成形仿真分析', 'Mould flow and forming simulation'),
    e('MOLD_MANUFACTURE', '模具制造', 'Mould manufacturing'),
    e('STAMPING_DIE', '冲压模具', 'Stamping dies'),
    e('INJECTION_MOLD', '注塑模具', 'Injection moulds'),
    e('DIE_CASTING_MOLD', '压铸模具', 'Die-casting moulds'),
    e('MOLD_MAINTENANCE', '模具维修保养', 'Mould maintenance'),
    e('OTHER', '其他', 'Other'),
  ],

  // Req rfi §3: the IT defaults are MES, SAP, PLM, OA, ERP and other.
  it_ability: [
    e('MES', 'MES（制造执行系统）', 'MES (manufacturing execution)'),
    e('SAP', 'SAP', 'SAP'),
    e('PLM', 'PLM（产品生命周期管理）', 'PLM (product lifecycle management)'),
    e('OA', 'OA（办公自动化）', 'OA (office automation)'),
    e('ERP', 'ERP（企业资源计划）', 'ERP (enterprise resource planning)'),
    e('OTHER', '其他', 'Other'),
  ],

  sample_file_types: [
    e('PRODUCT_DRAWING', '产品图纸', 'Product drawing'),
    e('TEST_REPORT', '试验报告', 'Test report'),
    e('PPAP', 'PPAP文件', 'PPAP documents'),
    e('DFMEA', 'DFMEA', 'DFMEA'),
    e('PFMEA', 'PFMEA', 'PFMEA'),
    e('CONTROL_PLAN', '控制计划', 'Control plan'),
    e('PROCESS_FLOW', '工艺流程图', 'Process flow chart'),
    e('PRODUCT_PHOTO', '产品照片', 'Product photos'),
    e('OTHER', '其他', 'Other'),
  ],
};
