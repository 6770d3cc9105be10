import type { RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { rowsOver } from './step-fill.ts';

/**
 * Step 10 (information security and delivery) as the form holds it (req rfi §3, §5): one row per entry
 * of the dictionaries rfi_security_info and rfi_deliver_info; the supplier writes only the remark.
 */

export type SecurityDeliveryValues = RfiSectionValues<'securityDelivery'>;
export type InfoListKey = 'securityInfoList' | 'deliverInfoList';
export type InfoFormRow = NonNullable<SecurityDeliveryValues['securityInfoList']>[number];

export const INFO_DICTS: Record<InfoListKey, string> = { securityInfoList: 'rfi_security_info', deliverInfoList: 'rfi_deliver_info' };

/** A dictionary entry as GET /dict/v1/list gives it; desc is in `extra`. */
export interface InfoEntry {
  dictKey: string;
  dictValue: string;
  extra?: { desc?: string } | null;
}

/**
 * One row per entry, in the dictionary's order, with code, name and desc copied from the entry (the
 * caller's language) and the remark already written; saved rows whose code left the dictionary stay.
 */
export function mergeInfoRows(entries: readonly InfoEntry[], saved: readonly InfoFormRow[] | null | undefined): InfoFormRow[] {
  const byCode = new Map((saved ?? []).filter((r) => r.code).map((r) => [r.code as string, r]));
  const rows = entries.map((e) => ({ code: e.dictKey, name: e.dictValue, desc: e.extra?.desc ?? '', remark: byCode.get(e.dictKey)?.remark ?? '' }));
  const extra = (saved ?? []).filter((r) => !r.code || !entries.some((e) => e.dictKey === r.code));
  return [...rows, ...extra];
}

/** Whether the list already holds the entries as they read now (code, name and desc, in order). */
export function infoRowsMatch(entries: readonly InfoEntry[], list: readonly InfoFormRow[] | null | undefined): boolean {
  const current = list ?? [];
  return entries.every((e, i) => current[i]?.code === e.dictKey && current[i]?.name === e.dictValue && (current[i]?.desc ?? '') === (e.extra?.desc ?? ''));
}

export function prepareSecurityDelivery(values: SecurityDeliveryValues | null | undefined): SecurityDeliveryValues {
  const empty = (): InfoFormRow => ({ code: null, name: '', desc: '', remark: '' });
  return { securityInfoList: rowsOver(empty, values?.securityInfoList), deliverInfoList: rowsOver(empty, values?.deliverInfoList) };
}
