import { FLOW_ROLES } from '#domain/permissions.ts';
import { RESPONSIBILITY_NAME } from '#domain/cert-flow/node-principals.ts';
import { e, type DictSeed } from './dict-types.ts';

/**
 * Dictionaries of the certification flow and supplier master (req flow §3, §4, §5, §9; req shell §3.4).
 * `extra.pass` tells which conclusions let a flow go on: a failing KCP1, KCP2 or sample
 * conclusion ends the flow (req flow §4.3, §4.9).
 */

export const CERTIFICATION_DICTS: DictSeed = {
  // Req rfi §3 / req flow §5.11: three required certificates, six optional ones. `onExpiry` (domain/certificates):
  // an ended IATF 16949 refuses new flows and expansions until renewed; any other ended certificate warns.
  certificate_file: [
    e('IATF16949', 'IATF16949（TS16949）', 'IATF 16949 (TS 16949)', { required: true, onExpiry: 'block', requalifyAfterDays: 30 }),
    e('ISO14000', 'ISO14000', 'ISO 14000', { required: true }),
    e('ISO45001', 'ISO45001', 'ISO 45001', { required: true }),
    e('QUALITY_ORG_CHART', '质量组织架构图', 'Quality organisation chart', { required: false }),
    e('ORG_CHART', '组织架构图', 'Organisation chart', { required: false }),
    e('ISO9000', 'ISO9000', 'ISO 9000', { required: false }),
    e('VDA', 'VDA', 'VDA', { required: false }),
    e('ISO21434', 'ISO21434', 'ISO 21434', { required: false }),
    e('ISO27000', 'ISO27000', 'ISO 27000', { required: false }),
  ],

  // The responsible-person roles of a flow (req flow §3.13, §5.13), plus the CMT leader.
  cert_task_responsible_person: [
    ...FLOW_ROLES.map((r) => e(r, RESPONSIBILITY_NAME[r].zh, RESPONSIBILITY_NAME[r].en, { protected: true })),
    e('CMT_LEADER', RESPONSIBILITY_NAME.CMT_LEADER.zh, RESPONSIBILITY_NAME.CMT_LEADER.en, { protected: false }),
  ],

  // KCP1, aptitude and sample certification conclusions.
  approve_result: [
    e('10', '通过', 'Passed', { pass: true }),
    e('20', '有条件通过', 'Passed with conditions', { pass: true }),
    e('30', '不通过', 'Failed', { pass: false }),
  ],

  // KCP2 conclusion: access granted, with conditions, as a high-potential supplier, or refused.
  kcp2_supplier_access_apply_status: [
    e('10', '准入', 'Access granted', { pass: true }),
    e('20', '有条件准入', 'Access with conditions', { pass: true }),
    e('30', '高潜供应商准入', 'Access as high-potential supplier', { pass: true, highPotential: true }),
    e('40', '不准入', 'Access refused', { pass: false }),
  ],

  // The expert panel's conclusion of a system certification dimension (req flow §3.8).
  expert_audit_status: [
    e('10', '合格', 'Qualified', { pass: true }),
    e('20', '有条件合格', 'Qualified with conditions', { pass: true }),
    e('30', '不合格', 'Not qualified', { pass: false }),
  ],

  // Self-inspection approveStatus (req flow §4.7) and audit conclusions; 40 needs an opinion (req flow §5.3).
  cert_approve_status: [
    e('10', '待下发', 'Awaiting checklist issue', { conclusion: false }),
    e('20', '待供应商提交', 'Awaiting supplier submission', { conclusion: false }),
    e('30', '待审核', 'Awaiting audit', { conclusion: false }),
    e('40', '驳回', 'Rejected', { conclusion: true, opinionRequired: true }),
    e('50', '通过', 'Approved', { conclusion: true, opinionRequired: false }),
  ],

  // Flow stages (req flow §1, §4.1).
  fri_cert_stage: [
    e('0', '已终止', 'Terminated'),
    e('10', '认证准备', 'Certification preparation'),
    e('20', '资质认证', 'Qualification certification'),
    e('30', '综合评价', 'Comprehensive evaluation'),
    e('40', '公示发布', 'Publicity and release'),
    e('90', '已完成', 'Finished'),
  ],

  // Req change §5.2: 0 and -1 are protected; only admins change them and 0 is not selectable.
  supplier_factory_state: [
    e('-1', '已淘汰', 'Eliminated', { protected: true, selectable: true }),
    e('0', '准入中', 'In admission', { protected: true, selectable: false }),
    e('10', '正常供货', 'Supplying', { protected: false, selectable: true }),
    e('20', '暂停供货', 'Supply suspended', { protected: false, selectable: true }),
    e('30', '整改中', 'Under rectification', { protected: false, selectable: true }),
  ],

  // What a supplier's site is (req change §5.2's 工厂属性, maintained by factory administrators); the factories of
  // the questionnaire are production sites, which admission records them as.
  supplier_factory_attribute: [
    e('1', '生产工厂', 'Production plant'),
    e('2', '仓储物流中心', 'Warehouse and logistics centre'),
    e('3', '研发中心', 'R&D centre'),
    e('4', '办公地点', 'Office'),
  ],
};
