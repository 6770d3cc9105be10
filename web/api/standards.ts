import { queryOptions } from '@tanstack/react-query';
import { PORTAL_STANDARDS, PPAP, VDA_AUDIT } from '#domain/contracts/standards.ts';
import type { VdaActionAnswerRequest, VdaActionCloseRequest, VdaActionRequest, VdaExpertsRequest, VdaScoreRequest } from '#domain/vda63/audit.ts';
import type { PpapDispositionRequest, PpapElementSubmitRequest, PpapReviewRequest, PpapWarrantRequest } from '#domain/ppap/ppap.ts';
import type { CatalogueReviseRequest } from '#domain/vda63/catalogue.ts';
import { call } from './call.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';

/** The industry standards inside the nodes (req flow §10, §11): the staff's and the portal's calls. */
export const standardKeys = {
  vda: (flowNo: string) => [...flowDetailKeys.node(flowNo, 'SYSTEM_CERT'), 'vda63'] as const,
  ppap: (flowNo: string) => [...flowDetailKeys.node(flowNo, 'SAMPLE_CERT'), 'ppap'] as const,
  catalogue: ['vda-catalogue'] as const,
  portalActions: ['portal', 'vda-actions'] as const,
  portalPpap: (flowNo: string) => ['portal', 'ppap', flowNo] as const,
};

// Experts score in other browsers: read afresh whenever shown.
export const vdaAuditQuery = (flowNo: string, locale: string) =>
  queryOptions({ queryKey: [...standardKeys.vda(flowNo), locale], queryFn: ({ signal }) => call(VDA_AUDIT.detail, { query: { flowNo } }, { signal }), staleTime: 0 });
export const vdaCatalogueQuery = () => queryOptions({ queryKey: standardKeys.catalogue, queryFn: ({ signal }) => call(VDA_AUDIT.catalogue, {}, { signal }) });
export const ppapQuery = (flowNo: string, locale: string) =>
  queryOptions({ queryKey: [...standardKeys.ppap(flowNo), locale], queryFn: ({ signal }) => call(PPAP.detail, { query: { flowNo } }, { signal }), staleTime: 0 });
export const portalActionsQuery = (locale: string) =>
  queryOptions({ queryKey: [...standardKeys.portalActions, locale], queryFn: ({ signal }) => call(PORTAL_STANDARDS.actions, {}, { signal, portal: true }) });
export const portalPpapQuery = (flowNo: string, locale: string) =>
  queryOptions({ queryKey: [...standardKeys.portalPpap(flowNo), locale], queryFn: ({ signal }) => call(PORTAL_STANDARDS.ppap, { query: { flowNo } }, { signal, portal: true }) });

export const vdaReportHref = (flowNo: string) => `${VDA_AUDIT.report.path}?${new URLSearchParams({ flowNo })}`;

/** Writes with field errors handle their own errors (they show by the field). */
export const saveVdaExperts = (body: VdaExpertsRequest) => call(VDA_AUDIT.experts, { body }, { handleErrors: true });
export const saveVdaScores = (body: VdaScoreRequest) => call(VDA_AUDIT.score, { body }, { handleErrors: true });
export const createVdaAction = (body: VdaActionRequest) => call(VDA_AUDIT.action, { body }, { handleErrors: true });
export const closeVdaAction = (body: VdaActionCloseRequest) => call(VDA_AUDIT.closeAction, { body }, { handleErrors: true });
export const completeVdaAudit = (flowNo: string) => call(VDA_AUDIT.complete, { body: { flowNo } });
export const reviseVdaCatalogue = (body: CatalogueReviseRequest) => call(VDA_AUDIT.revise, { body }, { handleErrors: true });
export const answerVdaAction = (body: VdaActionAnswerRequest) => call(PORTAL_STANDARDS.answerAction, { body }, { portal: true, handleErrors: true });

export const reviewPpap = (body: PpapReviewRequest) => call(PPAP.review, { body }, { handleErrors: true });
export const decidePpap = (body: PpapDispositionRequest) => call(PPAP.disposition, { body }, { handleErrors: true });
export const submitPpapElement = (body: PpapElementSubmitRequest) => call(PORTAL_STANDARDS.ppapElement, { body }, { portal: true, handleErrors: true });
export const submitPpapWarrant = (body: PpapWarrantRequest) => call(PORTAL_STANDARDS.ppapWarrant, { body }, { portal: true, handleErrors: true });
