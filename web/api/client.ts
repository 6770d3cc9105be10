import { t } from '@lingui/core/macro';
import { LOCALE_HEADER, type Locale } from '#domain/i18n.ts';
import { currentLocale } from '#web/i18n.ts';
import { supplierSession } from './supplier-session.ts';
import { portalLoginHref, portalSession } from './portal-session.ts';
import { isPendingAnswer } from './pending-writes.ts';
import { sessionEnded } from './session-ended.ts';
import { showToast } from '#web/components/overlays/toast-store.ts';

/** Req shell §7 / req shell §9: every call times out after 30 s; req rfi §8: error toasts stay 3 s. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const ERROR_TOAST_MS = 3_000;

/** A failed call: the envelope's code and message, and per-field errors of a 400 (dot paths). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
    /** The envelope's `data` of a refusal, when it names more (e.g. the failing step of a submit). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
export const isUnauthenticated = (e: unknown) => isApiError(e) && e.status === 401;

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  signal?: AbortSignal;
  /** The caller shows its own error (no toast, no redirect on 401). */
  handleErrors?: boolean;
  /** A supplier call: carries the supplier's Bearer token; a 401 leads to the supplier login. */
  supplier?: boolean;
  /** A supplier portal call: carries the portal Bearer token; a 401 leads to the portal login. */
  portal?: boolean;
  timeoutMs?: number;
  /** The language to ask in, when the page's is not active yet (a request sent as the app starts). */
  locale?: Locale;
}

type Navigate = (href: string) => void;
let navigate: Navigate = (href) => window.location.assign(href);

/** main.tsx hands in the router so a 401 navigates inside the app. */
export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

/**
 * A write's answer may be lost (the engine's deadline passed: 503; the connection dropped): the call is
 * sent again with the same request key, which the server answers with the first attempt's outcome instead
 * of running it twice (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Request keys"). Each call — one user action — has a key of its own.
 */
const REQUEST_KEY_HEADER = 'Idempotency-Key';
const WRITE_ATTEMPTS = 4;
const RETRY_PAUSE_MS = 1_000;

/** A random key; crypto.randomUUID exists only on secure origins. */
function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Answers after which a keyed write is sent again: no outcome (503), or the key's first attempt still running. */
const answerLost = (res: Response) => res.status === 503 || (res.status === 409 && res.headers.has('retry-after'));

/** Calls the API and unwraps the envelope: code 0 gives `data`, anything else throws an ApiError. */
async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', handleErrors = false } = options;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  // Uploads are not keyed: a second upload stores a second file, which nothing refers to.
  const key = method !== 'GET' && !(options.body instanceof FormData) ? newRequestKey() : undefined;
  const headers = headersFor(options);
  if (key) headers.set(REQUEST_KEY_HEADER, key);
  const pause = () => new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
  try {
    for (let attempt = 1; ; attempt++) {
      const last = !key || attempt >= WRITE_ATTEMPTS;
      let res: Response;
      try {
        res = await fetch(withQuery(path, options.query), { method, headers, body: encodeBody(options.body), credentials: 'include', signal });
      } catch (err) {
        // A dropped connection (not a cancellation or the timer): the write may have gone through.
        if (last || signal.aborted) throw err;
        await pause();
        continue;
      }
      if (last || !answerLost(res)) return await unwrap<T>(res);
      await pause();
    }
  } catch (err) {
    // Cancelled requests are silent (req shell §8); a fired timer is a timeout, not a cancellation.
    if (options.signal?.aborted) throw err;
    const error = toApiError(err, timeout.signal.aborted);
    if (!handleErrors) report(error, options);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Plain JSON helpers for the common shapes. */
export const get = <T>(path: string, query?: Query, opts: Omit<RequestOptions, 'query' | 'method'> = {}) =>
  request<T>(path, { ...opts, query, method: 'GET' });
export const post = <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body' | 'method'> = {}) =>
  request<T>(path, { ...opts, body: body ?? {}, method: 'POST' });

function headersFor(options: RequestOptions): Headers {
  const headers = new Headers({ [LOCALE_HEADER]: options.locale ?? currentLocale(), accept: 'application/json' });
  if (options.body !== undefined && !(options.body instanceof FormData)) headers.set('content-type', 'application/json');
  if (options.supplier) {
    const token = supplierSession.get()?.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
  }
  if (options.portal) {
    const token = portalSession.token();
    if (token) headers.set('authorization', `Bearer ${token}`);
  }
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  return body instanceof FormData ? body : JSON.stringify(body);
}

/** Array parameters repeat the name without indices (req shell §7: `a=1&a=2`). */
function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** A 202's flow is followed until it has moved on (pending-writes.ts); the app hands in how (main.tsx). */
let onPending: (flowNo: string) => void = () => {};
export function setPendingFollower(fn: (flowNo: string) => void): void {
  onPending = fn;
}

async function unwrap<T>(res: Response): Promise<T> {
  const body = (await res.json().catch(() => null)) as { code?: number; data?: T; message?: string; msg?: string; errors?: Record<string, string> } | null;
  // 202: the decision is taken and still being carried out — a success the page shows as such.
  if (body && body.code === 0 && res.status === 202 && isPendingAnswer(body.data)) onPending(body.data.flowNo);
  if (body && body.code === 0 && res.ok) return body.data as T;
  const message = body?.message ?? body?.msg ?? (res.status === 401 ? t`暂无业务请求权限` : t`系统错误`);
  throw new ApiError(res.status, body?.code ?? res.status * 100, message, body?.errors ?? {}, body?.data);
}

function toApiError(err: unknown, timedOut: boolean): ApiError {
  if (err instanceof ApiError) return err;
  if (timedOut) return new ApiError(0, 0, t`请求超时`);
  return new ApiError(0, 0, t`网络异常，请检查网络后重试`);
}

function report(error: ApiError, options: RequestOptions): void {
  // A 401 of a signed-in page is a session that ended: said so here and again on the login page, which
  // returns to this page (in place of req shell §6's no-business-permission message, which hid why).
  const message = error.status === 401 ? t`登录已失效，请重新登录` : error.message;
  showToast({ color: 'red', message, autoClose: ERROR_TOAST_MS });
  if (error.status !== 401) return;
  sessionEnded.mark();
  if (options.portal) {
    portalSession.clear();
    navigate(portalLoginHref(window.location.pathname + window.location.search));
    return;
  }
  if (options.supplier) {
    // Req rfi §8: the questionnaire side goes back to the supplier login of its invitation.
    const temp = supplierSession.get()?.temp;
    supplierSession.clear();
    if (temp) navigate(`/client/login/${encodeURIComponent(temp)}`);
    return;
  }
  const here = window.location.pathname + window.location.search;
  if (!window.location.pathname.startsWith('/login')) navigate(`/login?redirect=${encodeURIComponent(here)}`);
}
