import { queryOptions } from '@tanstack/react-query';
import { EXIT } from '#domain/contracts/supplier-exit.ts';
import type { ExitFormInput, ExitStatus } from '#domain/supplier-exit/exit.ts';
import { call } from './call.ts';

/** Supplier exit (req exit §7.2): list, detail, the supplier's flows and exit history, and the writes. */
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
    queryFn: ({ signal }) => call(EXIT.page, { body: q }, { signal }),
  });

export const exitDetailQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...exitKeys.detail(flowNo), locale],
    queryFn: ({ signal }) => call(EXIT.detail, { query: { flowNo } }, { signal }),
    enabled: Boolean(flowNo),
    // An approval takes effect in the workflow, after the decision answered: read again until it has.
    refetchInterval: (q) => (q.state.data?.status === 'submitted' && q.state.data.decidedBy ? 1000 : false),
  });

export const exitHistoryQuery = (supplierNo: string, locale: string) =>
  queryOptions({
    queryKey: [...exitKeys.history(supplierNo), locale],
    queryFn: ({ signal }) => call(EXIT.history, { query: { supplier: supplierNo } }, { signal }),
    enabled: Boolean(supplierNo),
  });

export const exitCertFlowsQuery = (supplierNo: string) =>
  queryOptions({
    queryKey: exitKeys.certFlows(supplierNo),
    queryFn: ({ signal }) => call(EXIT.certFlows, { query: { supplierNo } }, { signal }),
    enabled: Boolean(supplierNo),
  });

/** Field errors and a running flow's link come back on the ApiError; the form shows them itself. */
export const saveExit = (form: ExitFormInput) => call(EXIT.save, { body: form }, { handleErrors: true });
export const submitExit = (form: ExitFormInput) => call(EXIT.submit, { body: form }, { handleErrors: true });
export const terminateExit = (flowNo: string) => call(EXIT.terminate, { body: { flowNo } });
export const deleteExitDraft = (flowNo: string) => call(EXIT.remove, { body: { flowNo } });
