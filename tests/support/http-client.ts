import type { Locale } from '#domain/i18n.ts';

/**
 * Who calls, as the header that says so: a staff session's cookie, or the Bearer token of a
 * supplier's questionnaire or portal session (sessions.ts makes them).
 */
export type Caller = { cookie: string } | { authorization: string };

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON, the `{ code, data, message, errors }` envelope; undefined when the answer is not JSON. */
  body: any;
  /** The answer's bytes (a download, a page). */
  bytes: Buffer;
}

type Query = Record<string, string | number | boolean>;

export interface HttpClient {
  /** The same client calling as this caller; null calls anonymously. */
  as(caller: Caller | null): HttpClient;
  /** The same client asking for answers in this language (`x-locale`). */
  locale(locale: Locale): HttpClient;
  /** The same client sending one more header (`x-forwarded-for`, …). */
  header(name: string, value: string): HttpClient;
  get(path: string, query?: Query): Promise<Answer>;
  /** Sends a JSON body, or a FormData as multipart; no body sends none. */
  post(path: string, body?: unknown, query?: Query): Promise<Answer>;
  /** Uploads one file as the `file` field of a multipart form, as the web's upload fields do. */
  upload(path: string, name: string, bytes: Buffer, type?: string): Promise<Answer>;
  /** Sends a body exactly as given with its own content type (a hand-made multipart, malformed JSON). */
  send(method: 'GET' | 'POST', path: string, body: Uint8Array | string, contentType: string): Promise<Answer>;
}

/**
 * The one way API tests call the app: `client(app).as(caller).locale('en').post(path, body)`.
 * Each step answers a new client, so a suite can keep one per caller.
 */
export function client(app: { baseUrl: string } | string, headers: Record<string, string> = {}): HttpClient {
  const baseUrl = typeof app === 'string' ? app : app.baseUrl;
  const call = async (method: string, path: string, query: Query | undefined, body?: BodyInit, contentType?: string): Promise<Answer> => {
    const search = query ? `${path.includes('?') ? '&' : '?'}${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
    const res = await fetch(`${baseUrl}${path}${search}`, { method, headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) }, body });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = res.headers.get('content-type')?.includes('json');
    return { status: res.status, headers: res.headers, body: json ? JSON.parse(bytes.toString('utf8')) : undefined, bytes };
  };
  return {
    as: (caller) => {
      const { cookie: _cookie, authorization: _authorization, ...others } = headers;
      // Only the identifying header: a session helper's answer may carry more (its id, application number).
      const identity: Record<string, string> = !caller ? {} : 'cookie' in caller ? { cookie: caller.cookie } : { authorization: caller.authorization };
      return client(baseUrl, { ...others, ...identity });
    },
    locale: (locale) => client(baseUrl, { ...headers, 'x-locale': locale }),
    header: (name, value) => client(baseUrl, { ...headers, [name]: value }),
    get: (path, query) => call('GET', path, query),
    post: (path, body, query) =>
      body === undefined
        ? call('POST', path, query)
        : body instanceof FormData
          ? call('POST', path, query, body)
          : call('POST', path, query, JSON.stringify(body), 'application/json'),
    upload: (path, name, bytes, type) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], type ? { type } : {}), name);
      return call('POST', path, undefined, form);
    },
    send: (method, path, body, contentType) => call(method, path, undefined, typeof body === 'string' ? body : new Uint8Array(body), contentType),
  };
}

/**
 * A client that calls as the app's own pages do: from its origin, so writes pass the cross-site check
 * (api/security). Tests of that check itself build their headers by hand.
 */
export const sameOriginClient = (app: { baseUrl: string }): HttpClient => client(app).header('origin', app.baseUrl).header('sec-fetch-site', 'same-origin');

/** Uploads a file as a node screen does; answers the `{ documentName, documentUrl }` its forms send. */
export async function uploadDocument(api: HttpClient, name: string, bytes: Buffer, type?: string): Promise<{ documentName: string; documentUrl: string }> {
  const res = await api.upload('/common/v1/file', name, bytes, type);
  if (res.status !== 200) throw new Error(`upload of ${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { documentName: res.body.data.fileName, documentUrl: res.body.data.url };
}
