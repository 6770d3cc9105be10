import { queryOptions } from '@tanstack/react-query';
import type { Page } from '#domain/fields.ts';
import type { ExitCertFlowRow, ExitDetail, ExitFormInput, ExitHistoryRow, ExitRow, ExitStatus } from '#domain/supplier-exit/exit.ts';
import { get, post } from './client.ts';

/** Supplier exit (spec 3 §7.2): list, detail, the supplier's flows and exit history, and the writes. */
export const exitKeys = {
  all: ['supplier-exit'] as const,
  lists: () => [...exitKeys.all, 'list'] as const,
  detail: (flowNo: string) => [...exitKeys.all, 'detail', flowNo] as const,
  history: (supplierNo: string) => [...exitKeys.all, 'history', supplierNo] as const,
  certFlows: (supplierNo: string) => [...exitKeys.all, 'cert-flow', supplierNo] as const,
};

export interface ExitListSearch {
  currentPage: number;
  pageSize: number;
  supplier?: string;
  status?: ExitStatus;
}

export const exitPageQuery = (q: ExitListSearch, locale: string) =>
  queryOptions({
    queryKey: [...exitKeys.lists(), q, locale],
    queryFn: ({ signal }) => post<Page<ExitRow>>('/v1/supplier-exit/page', q, { signal }),
  });

export const exitDetailQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...exitKeys.detail(flowNo), locale],
    queryFn: ({ signal }) => get<ExitDetail>('/v1/supplier-exit/detail', { flowNo }, { signal }),
    enabled: Boolean(flowNo),
    // An approval takes effect in the workflow, after the decision answered: read again until it has.
    refetchInterval: (q) => (q.state.data?.status === 'submitted' && q.state.data.decidedBy ? 1000 : false),
  });

export const exitHistoryQuery = (supplierNo: string, locale: string) =>
  queryOptions({
    queryKey: [...exitKeys.history(supplierNo), locale],
    queryFn: ({ signal }) => get<ExitHistoryRow[]>('/v1/supplier-exit/history', { supplier: supplierNo }, { signal }),
    enabled: Boolean(supplierNo),
  });

export const exitCertFlowsQuery = (supplierNo: string) =>
  queryOptions({
    queryKey: exitKeys.certFlows(supplierNo),
    queryFn: ({ signal }) => get<ExitCertFlowRow[]>('/v1/supplier-exit/cert-flow', { supplierNo }, { signal }),
    enabled: Boolean(supplierNo),
  });

type Saved = { flowNo: string; message: string };
/** Field errors and a running flow's link come back on the ApiError; the form shows them itself. */
export const saveExit = (form: ExitFormInput) => post<Saved>('/v1/supplier-exit/save', form, { handleErrors: true });
export const submitExit = (form: ExitFormInput) => post<Saved>('/v1/supplier-exit/submit', form, { handleErrors: true });
export const terminateExit = (flowNo: string) => post<{ message: string }>('/v1/supplier-exit/termination', { flowNo });
export const deleteExitDraft = (flowNo: string) => post<{ message: string }>('/v1/supplier-exit/delete', { flowNo });
export const approveExit = (flowNo: string) => post<{ message: string }>('/v1/supplier-exit/audit-pass', { flowNo });
export const rejectExit = (flowNo: string, reason: string) => post<{ message: string }>('/v1/supplier-exit/audit-reject', { flowNo, reason });
