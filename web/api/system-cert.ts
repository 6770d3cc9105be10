import { queryOptions } from '@tanstack/react-query';
import type { DimensionCode } from '#domain/cert-flow/dimensions.ts';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { call } from './call.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';

/** System certification (req flow §7.5). */
export const systemCertKeys = {
  detail: (flowNo: string) => [...flowDetailKeys.node(flowNo, 'SYSTEM_CERT'), 'detail'] as const,
};

// Experts score in other browsers: read the items afresh whenever the panel is shown.
export const systemCertDetailQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...systemCertKeys.detail(flowNo), locale],
    queryFn: ({ signal }) => call(FLOW_NODES.systemCert, { query: { flowNo } }, { signal }),
    staleTime: 0,
  });

export interface SaveExpertInput {
  flowNo: string;
  items: { indexCode: DimensionCode; approveExpertId: string | null }[];
}

// A type, not an interface: the form's zod resolver needs an indexable record.
export type SaveScoreInput = {
  flowNo: string;
  indexCode: DimensionCode;
  targetList: { targetCode: string; score: number | string | null }[];
  riskDesc: string | null;
  expertConclusionStatus: number | null;
  documentList: DocumentItem[];
};


/** Field errors show in the table, so the writes that have them handle their own errors. */
export const saveSystemCertExperts = (input: SaveExpertInput) => call(FLOW_NODES.systemCertExperts, { body: input }, { handleErrors: true });
export const saveSystemCertScore = (input: SaveScoreInput) => call(FLOW_NODES.systemCertScore, { body: input }, { handleErrors: true });
export const completeSystemCert = (flowNo: string) => call(FLOW_NODES.systemCertComplete, { body: { flowNo } });
