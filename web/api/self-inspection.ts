import { queryOptions } from '@tanstack/react-query';
import type { AuditConclusionRequest, ChecklistIssueRequest, ChecklistSubmitRequest } from '#domain/cert-flow/nodes/self-inspection.ts';
import { SELF_INSPECTION } from '#domain/contracts/self-inspection.ts';
import { call } from './call.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';

/** Self-inspection (req flow §7.4): the staff calls ride on the cookie, the supplier's on its portal token. */
export const selfInspectionKeys = {
  detail: (flowNo: string) => [...flowDetailKeys.node(flowNo, 'SELF_INSPECTION'), 'detail'] as const,
  portal: (flowNo: string) => ['self-inspection', 'portal', flowNo] as const,
};

// Other owners and the supplier act in other browsers: read afresh whenever the panel is shown.
export const selfInspectionDetailQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...selfInspectionKeys.detail(flowNo), locale],
    queryFn: ({ signal }) => call(SELF_INSPECTION.detail, { query: { flowNo } }, { signal }),
    staleTime: 0,
  });

/** The dialogs show field errors themselves. */
export const issueChecklist = (input: ChecklistIssueRequest) => call(SELF_INSPECTION.issue, { body: input }, { handleErrors: true });
export const submitAuditConclusion = (input: AuditConclusionRequest) => call(SELF_INSPECTION.audit, { body: input }, { handleErrors: true });
export const finishSelfInspection = (flowNo: string) => call(SELF_INSPECTION.finish, { body: { flowNo } });

/* The supplier's calls carry its portal token (`portal: true`); a 401 leads to the portal login. */

export const portalChecklistQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...selfInspectionKeys.portal(flowNo), locale],
    queryFn: ({ signal }) => call(SELF_INSPECTION.checklistPage, { body: { flowNo, currentPage: 1, pageSize: 100 } }, { signal, portal: true }),
    staleTime: 0,
  });

export const submitPortalChecklist = (input: ChecklistSubmitRequest) =>
  call(SELF_INSPECTION.submit, { body: input }, { portal: true, handleErrors: true });
