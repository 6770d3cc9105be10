import { queryOptions } from '@tanstack/react-query';
import type { SystemCertDetail } from '#domain/cert-flow/nodes/system-cert.ts';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';
import { get, post } from './client.ts';

/** System certification (spec 2 §7.5). */
export const systemCertKeys = {
  detail: (flowNo: string) => [...flowDetailKeys.node(flowNo, 'SYSTEM_CERT'), 'detail'] as const,
};

// Experts score in other browsers: read the items afresh whenever the panel is shown.
export const systemCertDetailQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...systemCertKeys.detail(flowNo), locale],
    queryFn: ({ signal }) => get<SystemCertDetail>('/v1/system-cert/task-detail', { flowNo }, { signal }),
    staleTime: 0,
  });

export interface SaveExpertInput {
  flowNo: string;
  items: { indexCode: string; approveExpertId: string | null }[];
}

// A type, not an interface: the form's zod resolver needs an indexable record.
export type SaveScoreInput = {
  flowNo: string;
  indexCode: string;
  targetList: { targetCode: string; score: number | string | null }[];
  riskDesc: string | null;
  expertConclusionStatus: number | null;
  documentList: DocumentItem[];
};

type Done = { message: string };

/** Field errors show in the table, so the writes that have them handle their own errors. */
export const saveSystemCertExperts = (input: SaveExpertInput) => post<Done>('/v1/system-cert/save-expert', input, { handleErrors: true });
export const saveSystemCertScore = (input: SaveScoreInput) => post<Done>('/v1/system-cert/save', input, { handleErrors: true });
export const completeSystemCert = (flowNo: string) => post<Done>('/v1/system-cert/complete', { flowNo });
