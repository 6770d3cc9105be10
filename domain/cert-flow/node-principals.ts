import type { FlowRole } from '../permissions.ts';
import type { NodeCode } from './enums.ts';

/** The responsibilities a flow assigns: the seven protected roles of req flow §5.13 and the CMT leader. */
export type FlowResponsibility = FlowRole | 'CMT_LEADER';

/** Names of the responsibilities, shown in the reassign dialog, the dictionary and the change log. */
export const RESPONSIBILITY_NAME: Record<FlowResponsibility, { zh: string; en: string }> = {
  PURCHASE_MANAGER: { zh: '采购经理', en: 'Purchasing manager' },
  QUALITY_OPERATIONS: { zh: '质量运营', en: 'Quality operations' },
  PROCUREMENT: { zh: '采购执行', en: 'Procurement' },
  TECHNICAL_REVIEWER: { zh: '技术评审', en: 'Technical reviewer' },
  BUSINESS_REVIEWER: { zh: '商务评审', en: 'Business reviewer' },
  SUPPLY_REVIEWER: { zh: '供应评审', en: 'Supply reviewer' },
  QUALITY_REVIEWER: { zh: '质量评审', en: 'Quality reviewer' },
  CMT_LEADER: { zh: 'CMT负责人', en: 'CMT leader' },
};

/**
 * Whose task each node is (req flow §6): the purchasing manager runs the preparation and the meeting
 * nodes and picks the system-certification experts; quality owns the self-inspection and the
 * certificate check; the technical reviewer owns the sample certification.
 */
export const NODE_PRINCIPAL_ROLE: Partial<Record<NodeCode, FlowResponsibility>> = {
  RFI: 'PURCHASE_MANAGER',
  APTITUDE: 'PURCHASE_MANAGER',
  KCP1: 'PURCHASE_MANAGER',
  SELF_INSPECTION: 'QUALITY_REVIEWER',
  SYSTEM_CERT: 'PURCHASE_MANAGER',
  SAMPLE_CERT: 'TECHNICAL_REVIEWER',
  CERT: 'QUALITY_REVIEWER',
  KCP2: 'PURCHASE_MANAGER',
  PUBLICITY: 'PURCHASE_MANAGER',
  RELEASE: 'PURCHASE_MANAGER',
  PRERELEASE: 'PURCHASE_MANAGER',
};

/** Task names of node principal tasks, shown in the task lists. */
export const NODE_TASK_NAME: Record<NodeCode, { zh: string; en: string }> = {
  START: { zh: '发起', en: 'Start' },
  RFI: { zh: 'RFI', en: 'RFI' },
  APTITUDE: { zh: '资质匹配', en: 'Qualification matching' },
  KCP1: { zh: '一阶段上会结论', en: 'First-stage meeting conclusion' },
  SELF_INSPECTION: { zh: '自检', en: 'Self-inspection' },
  SYSTEM_CERT: { zh: '体系认证', en: 'System certification' },
  SAMPLE_CERT: { zh: '样件认证', en: 'Sample certification' },
  CERT: { zh: '资质认证', en: 'Certificate check' },
  KCP2: { zh: '二阶段上会结论', en: 'Second-stage meeting conclusion' },
  PUBLICITY: { zh: '公示', en: 'Publicity' },
  RELEASE: { zh: '发布', en: 'Release' },
  PRERELEASE: { zh: '预发布', en: 'Pre-release' },
};
