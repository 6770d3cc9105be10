import type { RfiStepKey } from './steps.ts';

/**
 * The path segment of each step's read and save calls (req rfi §7: get-<section>, save-<section>), the
 * same under /v1/rfi (supplier), /v1/cert-rfi (expand, detail) and /v1/register (audit reads).
 */
export const RFI_SECTION_PATHS = {
  company: 'base-info',
  contacts: 'contact-info',
  finance: 'business-finance-info',
  sales: 'business-sale-info',
  certificates: 'quality-cert-info',
  factories: 'quality-factory-info',
  qualityTargets: 'quality-index-info',
  otherCapability: 'quality-expand-info',
  development: 'develop-info',
  securityDelivery: 'expand-info',
} as const satisfies Record<RfiStepKey, string>;

