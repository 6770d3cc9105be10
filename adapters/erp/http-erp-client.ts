import crypto from 'node:crypto';
import { ErpRefusal, type ErpBlockScope, type ErpClient, type ErpConfiguration, type ErpVendor, type ErpVendorInput } from './erp-client.ts';
import { configurationProblemMessages, configurationProblems } from './configuration-check.ts';
import {
  BUSINESS_PARTNER_SERVICE,
  businessPartnerOf,
  CSRF_TOKEN,
  odataString,
  PURCHASING_BLOCK_SERVICE,
  type PurchasingBlock,
  REPEATABILITY_FIRST_SENT,
  REPEATABILITY_REQUEST_ID,
  VALUE_HELP_SERVICE,
  VALUE_HELPS,
  VENDOR_CHANGE_SERVICE,
  type VendorChange,
  vendorOf,
  type BusinessPartnerEntity,
  type ODataError,
} from './odata-contract.ts';

/** An infrastructure failure (timeout, network, an unexpected answer): retried, unlike a refusal. */
class ErpFailure extends Error {
  override readonly name = 'ErpFailure';
}

export interface HttpErpClientOptions {
  /** The ERP's origin, e.g. `https://s4.example.com` (the services' paths are added). */
  baseUrl: string;
  user?: string;
  password?: string;
  /** Per call, all its requests included (req flow §7.9: 60 s). */
  timeoutMs?: number;
  /** How long the ERP's configuration is reused before it is read again. */
  configurationTtlMs?: number;
}

/**
 * The ERP adapter over HTTP (odata-contract.ts). A timeout or a network or server failure is an
 * ordinary Error, which Temporal retries; the ERP refusing the vendor (HTTP 400/422 with an OData
 * error) and a payload that does not match the ERP's configuration are an ErpRefusal, which no
 * retry can change.
 */
export function createHttpErpClient(opts: HttpErpClientOptions): ErpClient {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const ttlMs = opts.configurationTtlMs ?? 60_000;
  const authorization = opts.user ? `Basic ${Buffer.from(`${opts.user}:${opts.password ?? ''}`).toString('base64')}` : undefined;
  let session: { token: string; cookie: string } | undefined;
  let cached: { expires: number; value: Promise<ErpConfiguration> } | undefined;

  /** Runs one call under its deadline; an abort becomes a timeout Error whatever step it hit. */
  async function withDeadline<T>(what: string, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      return await fn(signal);
    } catch (err) {
      if (err instanceof ErpRefusal || err instanceof ErpFailure) throw err;
      if (signal.aborted) throw new ErpFailure(`The ERP did not answer within ${timeoutMs / 1000} s (${what})`, { cause: err });
      // fetch says only "fetch failed"; the reason (refused, reset, unknown host) is its cause.
      const reason = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      throw new ErpFailure(`The ERP at ${base} failed (${what}): ${reason}`, { cause: err });
    }
  }

  const origin = new URL(base).origin;

  /** Every call goes to the configured ERP, so its credentials never reach another host. */
  function send(method: 'GET' | 'POST', url: string, signal: AbortSignal, headers: Record<string, string> = {}, body?: unknown): Promise<Response> {
    if (new URL(url).origin !== origin) throw new ErpFailure(`Refused to call ${new URL(url).origin}: only the configured ERP at ${origin} is called`);
    return fetch(url, {
      method,
      signal,
      // A redirect elsewhere would carry the credentials along: the ERP answers in place or not at all.
      redirect: 'error',
      headers: {
        accept: 'application/json',
        ...(authorization ? { authorization } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** The JSON of a successful answer; a business refusal or any other failure otherwise. */
  async function answer<T>(res: Response, what: string): Promise<T> {
    const body = await res.text();
    if (res.ok) return JSON.parse(body) as T;
    const refusal = (res.status === 400 || res.status === 422) && refusalMessage(body);
    if (refusal) throw new ErpRefusal(refusal);
    throw new ErpFailure(`The ERP answered ${res.status} to ${what}: ${body.slice(0, 300)}`);
  }

  async function get<T>(url: string, signal: AbortSignal): Promise<T> {
    return answer<T>(await send('GET', url, signal), `GET ${new URL(url).pathname}`);
  }

  /** SAP Gateway's CSRF protection: a token fetched with a GET, sent back with the session cookie. */
  async function csrfSession(signal: AbortSignal): Promise<{ token: string; cookie: string }> {
    const res = await send('GET', `${base}${BUSINESS_PARTNER_SERVICE}/`, signal, { [CSRF_TOKEN]: 'Fetch' });
    await res.body?.cancel();
    if (!res.ok) throw new ErpFailure(`The ERP answered ${res.status} to the CSRF token request`);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    return { token: res.headers.get(CSRF_TOKEN) ?? '', cookie };
  }

  async function post(path: string, body: unknown, headers: Record<string, string>, signal: AbortSignal): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      session ??= await csrfSession(signal);
      const res = await send('POST', `${base}${path}`, signal, { ...headers, [CSRF_TOKEN]: session.token, ...(session.cookie ? { cookie: session.cookie } : {}) }, body);
      // An expired token or session (the ERP restarted, the session timed out): fetch a new one once.
      if (res.status === 403 && res.headers.get(CSRF_TOKEN)?.toLowerCase() === 'required' && attempt === 0) {
        await res.body?.cancel();
        session = undefined;
        continue;
      }
      return res;
    }
  }

  async function readConfiguration(signal: AbortSignal): Promise<ErpConfiguration> {
    const kinds = Object.entries(VALUE_HELPS) as [keyof ErpConfiguration, (typeof VALUE_HELPS)[keyof ErpConfiguration]][];
    const lists = await Promise.all(
      kinds.map(async ([kind, help]) => {
        const values: string[] = [];
        // A server-side page ends with a `__next` link to the rest.
        let url: string | undefined = `${base}${VALUE_HELP_SERVICE}/${help.entitySet}?$select=${help.key}&$format=json`;
        while (url) {
          const page: { d: { results: Record<string, string>[]; __next?: string } } = await get(url, signal);
          values.push(...page.d.results.map((row) => row[help.key]));
          url = page.d.__next ? new URL(page.d.__next, url).toString() : undefined;
        }
        return [kind, values] as const;
      }),
    );
    return Object.fromEntries(lists) as unknown as ErpConfiguration;
  }

  /** Read under a deadline of its own, since concurrent callers share one read. */
  function configuration(): Promise<ErpConfiguration> {
    if (cached && cached.expires > Date.now()) return cached.value;
    const entry = { expires: Date.now() + ttlMs, value: withDeadline('configuration', readConfiguration) };
    cached = entry;
    // A failed read is not kept: the next call asks again.
    entry.value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return entry.value;
  }

  return {
    configuration,

    findVendorByTaxNumber: (taxNumber) =>
      withDeadline('vendor by tax number', async (signal) => {
        const filter = encodeURIComponent(`BPTaxNumber eq ${odataString(taxNumber)}`);
        const found: { d: { results: { BusinessPartner: string; BPTaxNumber: string }[] } } = await get(
          `${base}${BUSINESS_PARTNER_SERVICE}/A_BusinessPartnerTaxNumber?$filter=${filter}&$format=json`,
          signal,
        );
        for (const row of found.d.results) {
          const partner: { d: BusinessPartnerEntity | { to_Supplier: null } } = await get(
            `${base}${BUSINESS_PARTNER_SERVICE}/A_BusinessPartner(${odataString(row.BusinessPartner)})?$expand=to_Supplier,to_BusinessPartnerTax&$format=json`,
            signal,
          );
          // A partner that is a customer only is no vendor.
          if (partner.d.to_Supplier?.Supplier) return { ...vendorOf(partner.d as BusinessPartnerEntity), taxNumber: row.BPTaxNumber };
        }
        return undefined;
      }),

    createVendor: (input: ErpVendorInput, idempotencyKey: string): Promise<ErpVendor> =>
      withDeadline('create vendor', async (signal) => {
        const problems = configurationProblems(input, await configuration());
        if (problems.length) throw new ErpRefusal(configurationProblemMessages(problems).join('; '));
        const path = `${BUSINESS_PARTNER_SERVICE}/A_BusinessPartner`;
        const res = await post(
          path,
          businessPartnerOf(input),
          {
            [REPEATABILITY_REQUEST_ID]: repeatabilityRequestId(idempotencyKey),
            // The time of this attempt: a retried activity cannot know when its first attempt was sent.
            [REPEATABILITY_FIRST_SENT]: new Date().toUTCString(),
          },
          signal,
        );
        const created: { d: BusinessPartnerEntity } = await answer(res, `POST ${path}`);
        return vendorOf(created.d);
      }),

    blockVendor: (supplierCode: string, scope: ErpBlockScope, idempotencyKey: string): Promise<void> =>
      withDeadline('block vendor', async (signal) => {
        const path = `${PURCHASING_BLOCK_SERVICE}/PurchasingBlock`;
        const body: PurchasingBlock = {
          Supplier: supplierCode,
          BlockScope: scope.kind === 'all' ? 'ALL' : 'MATERIAL_GROUP',
          to_MaterialGroup: { results: scope.kind === 'all' ? [] : scope.categoryCodes.map((MaterialGroup) => ({ MaterialGroup })) },
        };
        const res = await post(
          path,
          body,
          { [REPEATABILITY_REQUEST_ID]: repeatabilityRequestId(idempotencyKey), [REPEATABILITY_FIRST_SENT]: new Date().toUTCString() },
          signal,
        );
        await answer(res, `POST ${path}`);
      }),

    updateVendor: (supplierCode: string, input: ErpVendorInput, idempotencyKey: string): Promise<void> =>
      withDeadline('update vendor', async (signal) => {
        const problems = configurationProblems(input, await configuration());
        if (problems.length) throw new ErpRefusal(configurationProblemMessages(problems).join('; '));
        const path = `${VENDOR_CHANGE_SERVICE}/VendorChange`;
        const body: VendorChange = { Supplier: supplierCode, ...businessPartnerOf(input) };
        const res = await post(
          path,
          body,
          { [REPEATABILITY_REQUEST_ID]: repeatabilityRequestId(idempotencyKey), [REPEATABILITY_FIRST_SENT]: new Date().toUTCString() },
          signal,
        );
        await answer(res, `POST ${path}`);
      }),
  };
}

/** The ERP's own message from an OData error body, or undefined when the body is no such error. */
export function refusalMessage(body: string): string | undefined {
  let parsed: Partial<ODataError>;
  try {
    parsed = JSON.parse(body) as Partial<ODataError>;
  } catch {
    return undefined;
  }
  const details = parsed.error?.innererror?.errordetails?.filter((d) => d.severity !== 'info').map((d) => d.message) ?? [];
  const messages = details.length ? [...new Set(details)] : [parsed.error?.message?.value].filter((m): m is string => !!m);
  return messages.length ? messages.join('; ') : undefined;
}

// A fixed namespace, so one idempotency key always gives the same request id.
const REQUEST_ID_NAMESPACE = Buffer.from('6f1c0a52c2b94b8f9e3e4a0d5b7c1e20', 'hex');

/** SAP asks a UUID as the request id: a name-based (version 5) UUID of the idempotency key. */
export function repeatabilityRequestId(idempotencyKey: string): string {
  const hash = crypto.createHash('sha1').update(REQUEST_ID_NAMESPACE).update(idempotencyKey).digest().subarray(0, 16);
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
