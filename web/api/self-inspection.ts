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
import { PORTAL_LOGIN_PATH } from '#domain/supplier-portal/routes.ts';
import { currentLocale } from '../i18n.ts';
import { ApiError, ERROR_TOAST_MS, get, post, withQuery, type Query } from './client.ts';

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

/*
 * The supplier portal session: its Bearer token in sessionStorage under 'portal-token' (the portal
 * login stores it there); a 401 leads back to the portal login.
 */
const PORTAL_TOKEN_KEY = 'portal-token';
const portalToken = () => sessionStorage.getItem(PORTAL_TOKEN_KEY);

function portalHeaders(): Record<string, string> {
  const token = portalToken();
  return { [LOCALE_HEADER]: currentLocale(), accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

async function portalCall<T>(path: string, opts: { query?: Query; body?: unknown; signal?: AbortSignal; handleErrors?: boolean } = {}): Promise<T> {
  const res = await fetch(withQuery(path, opts.query), {
    method: opts.body === undefined ? 'GET' : 'POST',
    headers: { ...portalHeaders(), ...(opts.body === undefined || opts.body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
    body: opts.body instanceof FormData ? opts.body : opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  }).catch((e: unknown) => {
    if (opts.signal?.aborted) throw e;
    throw new ApiError(0, 0, '');
  });
  const env = (await res.json().catch(() => null)) as { code?: number; data?: T; message?: string; errors?: Record<string, string> } | null;
  if (res.ok && env?.code === 0) return env.data as T;
  const error = new ApiError(res.status, env?.code ?? res.status * 100, env?.message ?? res.statusText, env?.errors ?? {});
  if (res.status === 401) window.location.assign(`${PORTAL_LOGIN_PATH}?${new URLSearchParams({ redirect: window.location.pathname + window.location.search })}`);
  if (!opts.handleErrors && error.message) notifications.show({ color: 'red', message: error.message, autoClose: ERROR_TOAST_MS });
  throw error;
}

export const portalChecklistQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...selfInspectionKeys.portal(flowNo), locale],
    queryFn: ({ signal }) => portalCall<Page<SupplierChecklistRow>>('/v1/self-inspection/checklist/page', { body: { flowNo, currentPage: 1, pageSize: 100 }, signal }),
    staleTime: 0,
  });

export const submitPortalChecklist = (input: ChecklistSubmitRequest) =>
  portalCall<Done>('/v1/self-inspection/checklist/submit', { body: input, handleErrors: true });

/** Uploads one file as the portal account (the server keeps it as that account's own upload). */
export const uploadPortalFile = (file: File) => {
  const data = new FormData();
  data.append('file', file);
  return portalCall<{ fileName: string; url: string }>('/common/v1/file', { body: data });
};

/** Downloads through fetch so the portal token goes along (a plain link would carry only cookies). */
export async function downloadPortalFile(url: string, fileName: string): Promise<void> {
  const res = await fetch(url, { headers: portalHeaders() });
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
