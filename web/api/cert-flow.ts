import { queryOptions } from '@tanstack/react-query';
import { keepPreviousData } from './keep-previous-data.ts';
import type { FlowExportQuery, FlowListQuery } from '#domain/cert-flow/flow-list.ts';
import type { ExpandApply, RegisterApply } from '#domain/cert-flow/apply.ts';
import { FLOWS } from '#domain/contracts/flows.ts';
import { call } from './call.ts';
import { downloadGenerated } from './download.ts';

// The keys live apart: the flow progress page's query, in the app's entry, refreshes the lists by them.
export { certFlowKeys } from './cert-flow-keys.ts';
import { certFlowKeys } from './cert-flow-keys.ts';

export const flowListQuery = (q: FlowListQuery, locale: string) =>
  queryOptions({
    queryKey: certFlowKeys.list(q, locale),
    queryFn: ({ signal }) => call(FLOWS.list, { body: q }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Field errors are shown in the drawer, so the call handles its own errors. */
export const createRegisterApplication = (input: RegisterApply) =>
  call(FLOWS.create, { body: input }, { handleErrors: true });

/** Expand an accepted supplier's categories (req flow §2.2); field errors shown in the drawer too. */
export const createExpandApplication = (input: ExpandApply) =>
  call(FLOWS.expand, { body: input }, { handleErrors: true });

/** Row actions (req flow §2.1, §7.1); both answer with the success text in the caller's language. */
/** POST /api/v1/flows/export: the list with its filters as an .xlsx workbook, saved under `fileName`. */
export const exportFlowList = (query: FlowExportQuery, fileName: string) => downloadGenerated(FLOWS.export, query, fileName);

export const terminateFlow = (flowNo: string) => call(FLOWS.terminate, { body: { flowNo } });

export interface AdjustOwnerInput {
  flowNo: string;
  purchaseJobNumber: string;
  purchaseName: string;
  cmtLeader: string;
  cmtLeaderName: string;
}
export const adjustOwner = (input: AdjustOwnerInput) => call(FLOWS.adjustOwner, { body: input }, { handleErrors: true });

/** The duplicate check of a new registration, as its name and credit code are typed (read afresh each time). */
export const duplicateCheckQuery = (input: { supplierName: string; creditCode: string }, locale: string) =>
  queryOptions({
    queryKey: ['cert-flow', 'duplicates', input, locale],
    queryFn: ({ signal }) => call(FLOWS.duplicates, { query: { supplierName: input.supplierName || undefined, creditCode: input.creditCode || undefined } }, { signal }),
    enabled: Boolean(input.supplierName.trim() || input.creditCode.trim()),
    staleTime: 0,
  });
