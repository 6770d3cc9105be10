import type { MessageId } from '../../messages.ts';

/**
 * Step 1's choices, limits and labels, apart from its zod schema (company.ts, which re-exports them):
 * the web form shows them before the schema loads.
 */

export const COMPANY_TYPES = ['OEM', 'AGENT', 'DISTRIBUTOR', 'OTHER'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const CERTIFIED_REGION = { mainland: 10, hkMoTw: 20, overseas: 30 } as const;
export const CERTIFIED_REGIONS = [10, 20, 30] as const;
export type CertifiedRegion = (typeof CERTIFIED_REGIONS)[number];

/** Company categories with a partner country: 20 Hong Kong/Macao/Taiwan (hk_mo_tw), 30 foreign. */
export const PARTNER_CATEGORIES: readonly number[] = [20, 30];

/** Req rfi §3: read-only for suppliers; a supplier's save keeps the stored values. */
export const SUPPLIER_READ_ONLY_COMPANY_FIELDS = ['creditCode', 'enterpriseScale'] as const;

export const LEGAL_NAME_MAX = { supplier: 50, staff: 100 } as const;
export const SUPPLIER_SHORT_NAME_MAX = 10;
/** Req rfi §5: 20 for the mainland, 60 for regions 20 and 30. */
export function creditCodeMax(region: unknown): number {
  return outsideMainland(region) ? 60 : 20;
}

/** Regions 20 and 30; a select may hold the region as a string. */
function outsideMainland(region: unknown): boolean {
  const n = Number(region);
  return n === CERTIFIED_REGION.hkMoTw || n === CERTIFIED_REGION.overseas;
}

/** The label of creditCode: unified social credit code on the mainland, else registration/D&B number. */
export function creditCodeLabel(region: unknown): MessageId {
  return outsideMainland(region) ? 'creditCodeOther' : 'creditCodeMainland';
}

export const CN_POSTAL_CODE_LENGTH = 6;
export const POSTAL_CODE_MAX = 10;
export const COMPANY_PHONE_MAX = 20;
/** The requirements leave the upper bound open; 12 integer digits (in ten-thousands) is far beyond any company. */
export const REGISTERED_CAPITAL_MAX = 999_999_999_999.99;
