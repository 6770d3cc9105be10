import { APPLY_TYPE, type NodeCode } from '../cert-flow/node-codes.ts';
import type { ScenarioType } from './scenario-codes.ts';

// The scenario kinds and the screen's modes, apart from scenario-config.ts's zod schemas: the
// configuration routes read them from their URL without loading zod.

export { CONFIG_MODE, SCENARIO_STATUS, SCENARIO_TYPE_CODES, type ScenarioType } from './scenario-codes.ts';

/**
 * The kinds of scenario and the nodes each may hold. Expansion is for an accepted supplier whose system
 * was audited already: no SYSTEM_CERT; only trading companies have the certificate check (CERT) and no
 * plant to inspect or audit.
 */
export const SCENARIO_TYPES = {
  NEW_SUPPLIER: {
    applyType: APPLY_TYPE.REGISTER,
    zh: '新供应商注册',
    en: 'New registration',
    nodes: ['START', 'RFI', 'APTITUDE', 'KCP1', 'SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'KCP2', 'PUBLICITY', 'RELEASE'],
  },
  CATEGORY_EXPANSION: {
    applyType: APPLY_TYPE.EXPAND,
    zh: '品类扩充',
    en: 'Category expansion',
    nodes: ['START', 'RFI', 'APTITUDE', 'KCP1', 'SELF_INSPECTION', 'SAMPLE_CERT', 'KCP2', 'PUBLICITY', 'RELEASE'],
  },
  TRADING_COMPANY: {
    applyType: APPLY_TYPE.REGISTER,
    zh: '贸易商',
    en: 'Trading company',
    nodes: ['START', 'RFI', 'APTITUDE', 'KCP1', 'CERT', 'SAMPLE_CERT', 'KCP2', 'PUBLICITY', 'RELEASE'],
  },
  /**
   * An admitted supplier's categories checked again (domain/requalification): no questionnaire, no code, no
   * publicity; the supplier answers its self-inspection on the portal, experts audit, KCP2 decides.
   */
  REQUALIFICATION: {
    applyType: APPLY_TYPE.REQUALIFY,
    zh: '供应商再认证',
    en: 'Requalification',
    nodes: ['START', 'SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'CERT', 'KCP2'],
  },
} as const satisfies Record<ScenarioType, { applyType: number; zh: string; en: string; nodes: readonly NodeCode[] }>;
