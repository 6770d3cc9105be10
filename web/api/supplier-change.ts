import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { REFERENCE } from '#domain/contracts/reference.ts';
import { CHANGE_APPROVAL, CHANGE_SIDE } from '#domain/contracts/supplier-change.ts';
import type { ChangeListRequest } from '#domain/supplier-change/requests.ts';
import type { ChangeFormValues } from '#domain/supplier-change/change-form.ts';
import type { ChangeSide } from '#domain/supplier-change/status.ts';
import { call } from './call.ts';

/**
 * The supplier information change (req change §7.1): the supplier portal's calls (CHANGE_PORTAL, with the portal
 * token) and the staff's (CHANGE_STAFF, session cookie), the comparison by its code (no login), and the approval
 * card's calls. One set of factories per side, keyed apart.
 */

/** The portal's calls carry the portal token; staff ride on their cookie. */
const auth = (side: ChangeSide) => ({ portal: side === 'supplier' });

/** Per side, because a portal account and a staff member may share a browser. */
export const changeKeys = {
  all: (side: ChangeSide) => [side === 'supplier' ? 'supplier-portal' : 'staff', 'supplier-change'] as const,
  lists: (side: ChangeSide) => [...changeKeys.all(side), 'list'] as const,
  detail: (side: ChangeSide, flowNo: string) => [...changeKeys.all(side), 'detail', flowNo] as const,
  supplier: (side: ChangeSide, supplierNo: string) => [...changeKeys.all(side), 'supplier', supplierNo] as const,
  approval: (flowNo: string) => ['staff', 'supplier-change', 'approval', flowNo] as const,
  comparison: (code: string) => ['comparison', code] as const,
};

export type ChangeListSearch = Pick<ChangeListRequest, 'currentPage' | 'pageSize' | 'supplier' | 'flowNo' | 'modifyType' | 'status'>;

export const changePageQuery = (side: ChangeSide, q: ChangeListSearch, locale: string) =>
  queryOptions({
    queryKey: [...changeKeys.lists(side), q, locale],
    queryFn: ({ signal }) => call(CHANGE_SIDE[side].list, { body: q }, { signal, ...auth(side) }),
  });

/** Whether a change of the supplier is running (one at a time); the portal's own supplier when none is named. */
export const changeStatusQuery = (side: ChangeSide, supplierNo: string) =>
  queryOptions({
    queryKey: [...changeKeys.supplier(side, supplierNo), 'status'],
    queryFn: ({ signal }) => call(CHANGE_SIDE[side].status, { query: { supplierNo } }, { signal, ...auth(side) }),
    enabled: side === 'supplier' || Boolean(supplierNo),
    staleTime: 0,
  });

/** The supplier and its current master: what a new change starts from. */
export const changeSupplierDataQuery = (side: ChangeSide, supplierNo: string) =>
  queryOptions({
    queryKey: [...changeKeys.supplier(side, supplierNo), 'data'],
    queryFn: ({ signal }) => call(CHANGE_SIDE[side].data, { query: { supplierNo } }, { signal, ...auth(side), handleErrors: true }),
    enabled: side === 'supplier' || Boolean(supplierNo),
    staleTime: 0,
  });

/** Req change §7.1: the supplier's categories, cached 60 s. */
export const changeSupplierCategoryQuery = (side: ChangeSide, supplierNo: string, locale: string) =>
  queryOptions({
    queryKey: [...changeKeys.supplier(side, supplierNo), 'category', locale],
    queryFn: ({ signal }) => call(CHANGE_SIDE[side].category, { query: { supplierNo } }, { signal, ...auth(side) }),
    enabled: side === 'supplier' || Boolean(supplierNo),
    staleTime: 60_000,
  });

export const changeDetailQuery = (side: ChangeSide, flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...changeKeys.detail(side, flowNo), locale],
    queryFn: ({ signal }) => call(CHANGE_SIDE[side].detail, { query: { flowNo } }, { signal, ...auth(side), handleErrors: true }),
    enabled: Boolean(flowNo),
    staleTime: 0,
  });

/** The snapshot with the labels of its codes, in the reader's language. */
export const changeSnapshotQuery = (side: ChangeSide, flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...changeKeys.detail(side, flowNo), 'snapshot', locale],
    queryFn: ({ signal }) => call(CHANGE_SIDE[side].snapshot, { query: { flowNo } }, { signal, ...auth(side), handleErrors: true }),
    enabled: Boolean(flowNo),
  });

/**
 * The comparison by its code, without login (req change §2.1, req shell §2.6): /info-diff-supplier reads a supplier-side
 * change's, /info-diff a staff-side one's. The page shows "invalid or expired" itself.
 */
export const comparisonQuery = (side: ChangeSide, comparisonCode: string, locale: string) =>
  queryOptions({
    queryKey: [...changeKeys.comparison(comparisonCode), side, locale],
    queryFn: ({ signal }) => call(CHANGE_SIDE[side].comparison, { query: { comparisonCode } }, { signal, handleErrors: true }),
    enabled: Boolean(comparisonCode),
    retry: false,
  });

/** Field errors and the open change's number come back on the ApiError; the form shows them itself. */
export const saveChange = (side: ChangeSide, form: ChangeFormValues) =>
  call(CHANGE_SIDE[side].tempSave, { body: form }, {
    ...auth(side),
    handleErrors: true,
  });
export const submitChange = (side: ChangeSide, form: ChangeFormValues) =>
  call(CHANGE_SIDE[side].submit, { body: form }, {
    ...auth(side),
    handleErrors: true,
  });
export const cancelChange = (side: ChangeSide, flowNo: string) => call(CHANGE_SIDE[side].cancel, { body: { flowNo } }, auth(side));

/** Req change §5.2: the coordinates of a picked address (REFERENCE.gpsLocation), cached like the other lookups. */
export const gpsLocationQuery = (side: ChangeSide, address: string, areaCode: string) =>
  queryOptions({
    queryKey: ['gps-location', address, areaCode],
    queryFn: ({ signal }) => call(REFERENCE.gpsLocation, { query: { address, areaCode } }, { signal, ...auth(side), handleErrors: true }),
    staleTime: 60_000,
    retry: false,
  });

/** A write of the change: its lists, its supplier's status and the change itself are read again. */
export function invalidateChange(queryClient: QueryClient, side: ChangeSide, flowNo?: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: changeKeys.lists(side) }),
    queryClient.invalidateQueries({
      queryKey: [...changeKeys.all(side), 'supplier'],
    }),
    flowNo
      ? queryClient.invalidateQueries({
          queryKey: changeKeys.detail(side, flowNo),
        })
      : undefined,
    flowNo ? queryClient.invalidateQueries({ queryKey: changeKeys.approval(flowNo) }) : undefined,
  ]).then(() => undefined);
}

// The approval card (staff): the steps, the decisions, the conflict.

// Decisions land in the workflow, after the call answered: read afresh whenever shown.
export const changeApprovalQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...changeKeys.approval(flowNo), locale],
    queryFn: ({ signal }) => call(CHANGE_APPROVAL.record, { query: { flowNo } }, { signal, handleErrors: true }),
    enabled: Boolean(flowNo),
    staleTime: 0,
    retry: false,
  });

export const approveChange = (flowNo: string, reason?: string) =>
  call(CHANGE_APPROVAL.approve, { body: { flowNo, reason: reason || undefined } }, { handleErrors: true });
export const rejectChange = (flowNo: string, reason: string) => call(CHANGE_APPROVAL.reject, { body: { flowNo, reason } }, { handleErrors: true });
export const decideConflict = (flowNo: string, decision: 'apply' | 'reject', reason?: string) =>
  call(CHANGE_APPROVAL.conflictDecision, { body: { flowNo, decision, reason: reason || undefined } }, { handleErrors: true });
