import { queryOptions } from '@tanstack/react-query';
import type { Page } from '#domain/fields.ts';
import type {
  AuditConclusionRequest,
  ChecklistIssueRequest,
  ChecklistSubmitRequest,
  SelfInspectionDetail,
  SupplierChecklistRow,
} from '#domain/cert-flow/nodes/self-inspection.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';
import { get, post } from './client.ts';

/** Self-inspection (spec 2 §7.4): the staff calls ride on the cookie, the supplier's on its portal token. */
export const selfInspectionKeys = {
  detail: (flowNo: string) => [...flowDetailKeys.node(flowNo, 'SELF_INSPECTION'), 'detail'] as const,
  portal: (flowNo: string) => ['self-inspection', 'portal', flowNo] as const,
};

type Done = { message: string };

// Other owners and the supplier act in other browsers: read afresh whenever the panel is shown.
export const selfInspectionDetailQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...selfInspectionKeys.detail(flowNo), locale],
    queryFn: ({ signal }) => get<SelfInspectionDetail>('/v1/self-inspection/detail', { flowNo }, { signal }),
    staleTime: 0,
  });

/** The dialogs show field errors themselves. */
export const issueChecklist = (input: ChecklistIssueRequest) => post<Done>('/v1/self-inspection/checklist/issue', input, { handleErrors: true });
export const submitAuditConclusion = (input: AuditConclusionRequest) => post<Done>('/v1/self-inspection/audit-conclusion/submit', input, { handleErrors: true });
export const finishSelfInspection = (flowNo: string) => post<Done>('/v1/self-inspection/finish-node', { flowNo });

/* The supplier's calls carry its portal token (`portal: true`); a 401 leads to the portal login. */

export const portalChecklistQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...selfInspectionKeys.portal(flowNo), locale],
    queryFn: ({ signal }) => post<Page<SupplierChecklistRow>>('/v1/self-inspection/checklist/page', { flowNo, currentPage: 1, pageSize: 100 }, { signal, portal: true }),
    staleTime: 0,
  });

export const submitPortalChecklist = (input: ChecklistSubmitRequest) =>
  post<Done>('/v1/self-inspection/checklist/submit', input, { portal: true, handleErrors: true });
