import type { FlowResponsibility } from './node-principals.ts';

/**
 * The dimensions a supplier is inspected on: one self-inspection row and one system-certification
 * item each (req flow §3.7, §3.8). The owner of a dimension's self-inspection row is the flow's holder
 * of `owner`; when nobody holds it, the self-inspection node's principal owns the row.
 */
export const INSPECTION_DIMENSIONS = [
  { code: 'QUALITY', zh: '质量管理', en: 'Quality management', owner: 'QUALITY_REVIEWER' },
  { code: 'TECHNOLOGY', zh: '技术研发', en: 'Engineering and development', owner: 'TECHNICAL_REVIEWER' },
  { code: 'PRODUCTION', zh: '生产制造', en: 'Manufacturing', owner: 'QUALITY_OPERATIONS' },
  { code: 'SUPPLY', zh: '供应与物流', en: 'Supply and logistics', owner: 'SUPPLY_REVIEWER' },
  { code: 'BUSINESS', zh: '商务与财务', en: 'Commercial and finance', owner: 'BUSINESS_REVIEWER' },
] as const satisfies readonly { code: string; zh: string; en: string; owner: FlowResponsibility }[];

export type DimensionCode = (typeof INSPECTION_DIMENSIONS)[number]['code'];
export const DIMENSION_CODES = INSPECTION_DIMENSIONS.map((d) => d.code) as [DimensionCode, ...DimensionCode[]];

/** A dimension a flow inspects and the flow responsibility that owns it (its scenario version's, architecture §4). */
export interface FlowDimension {
  code: DimensionCode;
  owner: FlowResponsibility;
}

/**
 * The dimensions a flow inspects, in the standard order: those its scenario version configures, or
 * every dimension with its default owner for a flow started before scenarios had versions (`null`).
 */
export function flowDimensions(configured: readonly { code: string; owner: string }[] | null): FlowDimension[] {
  if (!configured) return INSPECTION_DIMENSIONS.map((d) => ({ code: d.code, owner: d.owner }));
  return INSPECTION_DIMENSIONS.flatMap((d) => {
    const c = configured.find((x) => x.code === d.code);
    return c ? [{ code: d.code, owner: c.owner as FlowResponsibility }] : [];
  });
}
