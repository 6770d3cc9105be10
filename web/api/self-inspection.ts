import { queryOptions } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { LOCALE_HEADER } from '#domain/i18n.ts';
import type { Page } from '#domain/fields.ts';
import type {
  AuditConclusionRequest,
  ChecklistIssueRequest,
  ChecklistSubmitRequest,
  SelfInspectionDetail,
  SupplierChecklistRow,
} from '#domain/cert-flow/nodes/self-inspection.ts';
import { currentLocale } from '../i18n.ts';
import { ERROR_TOAST_MS, get, post, request } from './client.ts';
import { portalSession } from './portal-session.ts';

/** Self-inspection (spec 2 §7.4): the staff calls ride on the cookie, the supplier's on its portal token. */
export const selfInspectionKeys = {
  all: ['self-inspection'] as const,
  detail: (flowNo: string) => [...selfInspectionKeys.all, 'detail', flowNo] as const,
  portal: (flowNo: string) => [...selfInspectionKeys.all, 'portal', flowNo] as const,
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
export const finishSelfInspection = (flowNo: string) => get<Done>('/v1/self-inspection/finish-node', { flowNo });

/* The supplier's calls carry its portal token (`portal: true`); a 401 leads to the portal login. */

export const portalChecklistQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...selfInspectionKeys.portal(flowNo), locale],
    queryFn: ({ signal }) => post<Page<SupplierChecklistRow>>('/v1/self-inspection/checklist/page', { flowNo, currentPage: 1, pageSize: 100 }, { signal, portal: true }),
    staleTime: 0,
  });

export const submitPortalChecklist = (input: ChecklistSubmitRequest) =>
  post<Done>('/v1/self-inspection/checklist/submit', input, { portal: true, handleErrors: true });

/** Uploads one file as the portal account (the server keeps it as that account's own upload). */
export function uploadPortalFile(file: File): Promise<{ fileName: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  return request('/common/v1/file', { method: 'POST', body, portal: true, timeoutMs: 300_000 });
}

/** Downloads through fetch so the portal token goes along (a plain link would carry only cookies). */
export async function downloadPortalFile(url: string, fileName: string): Promise<void> {
  const token = portalSession.token();
  const res = await fetch(url, { headers: { [LOCALE_HEADER]: currentLocale(), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await res.json().catch(() => null)) as { message?: string } | null;
    notifications.show({ color: 'red', message: env?.message ?? res.statusText, autoClose: ERROR_TOAST_MS });
    return;
  }
  const href = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href, download: fileName });
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
