import { IPTV_GROUPS, IPTV_MIS, type RfiSectionValues, TARGET_NUMBER_MAX, TARGET_ROWS } from '#domain/rfi/sections/index.ts';
import { addIptvGroup, canAddIptvGroup, canDeleteRow, newIptvGroup, removeIptvGroup } from '#domain/rfi/dependencies.ts';
import { over, rowsOver } from './step-fill.ts';

/**
 * Step 7 (key quality targets) as the form holds it (req rfi §3, §5): 0 km PPM, market PPM and IPTV.
 * Each list keeps a row (IPTV a group of three rows, byMis 3, 6 and 9); IPTV rows come and go by group.
 */

export type QualityTargetsValues = RfiSectionValues<'qualityTargets'>;
export type TargetListKey = 'zeroKmPpmList' | 'marketPpmList';
export type TargetFormRow = NonNullable<QualityTargetsValues['zeroKmPpmList']>[number];
export type IptvFormRow = NonNullable<QualityTargetsValues['iptvList']>[number];

export { IPTV_GROUPS, IPTV_MIS, TARGET_ROWS };

/** The numeric inputs: 0 to 99999999, 4 decimals (req rfi §5). */
export const TARGET_NUMBER = { min: 0, max: TARGET_NUMBER_MAX, decimalScale: 4 } as const;

/** The number columns of every list, in the order of the table; min/max pairs sit side by side. */
export const TARGET_NUMBER_FIELDS = [
  'customerRequireMin',
  'customerRequireMax',
  'internalGoalsAverage',
  'actualPerformanceMin',
  'actualPerformanceMax',
] as const;
export type TargetNumberField = (typeof TARGET_NUMBER_FIELDS)[number];

export function emptyTargetRow(): TargetFormRow {
  return { productLine: '', customerRequireMin: '', customerRequireMax: '', internalGoalsAverage: '', actualPerformanceMin: '', actualPerformanceMax: '' };
}

/** Each list shows at least its one row (one IPTV group) so there is always a row to fill. */
export function prepareQualityTargets(values: QualityTargetsValues | null | undefined): QualityTargetsValues {
  const v = over<QualityTargetsValues>({}, values);
  const iptv = rowsOver(emptyIptvRow, v.iptvList);
  return {
    ...v,
    zeroKmPpmList: rowsOver(emptyTargetRow, v.zeroKmPpmList, TARGET_ROWS.min),
    marketPpmList: rowsOver(emptyTargetRow, v.marketPpmList, TARGET_ROWS.min),
    iptvList: iptv.length ? iptv : (newIptvGroup() as IptvFormRow[]),
  };
}

function emptyIptvRow(): IptvFormRow {
  return { ...emptyTargetRow(), byMis: null, warrantyYear: '', warrantyKilometer: '' };
}

export const canDeleteTargetRow = (count: number) => canDeleteRow(count, TARGET_ROWS.min);

export const canAddIptv = (list: readonly unknown[]) => canAddIptvGroup(list);
export const canDeleteIptvGroup = (count: number) => canDeleteRow(count, IPTV_GROUPS.min * IPTV_MIS.length);
export const withIptvGroup = (list: readonly IptvFormRow[]) => addIptvGroup(list) as IptvFormRow[];
export const withoutIptvGroup = (list: readonly IptvFormRow[], index: number) => removeIptvGroup(list, index);

/** Rows of the group that holds row `index`, for the merged cells of product line and warranty. */
const iptvGroupOf = (index: number) => Math.floor(index / IPTV_MIS.length);
export const iptvGroupHeadIndex = (index: number) => iptvGroupOf(index) * IPTV_MIS.length;
