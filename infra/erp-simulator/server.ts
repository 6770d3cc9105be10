import crypto from 'node:crypto';
import http from 'node:http';
import {
  BUSINESS_PARTNER_SERVICE,
  CSRF_TOKEN,
  odataError,
  PURCHASING_BLOCK_SERVICE,
  REPEATABILITY_FIRST_SENT,
  REPEATABILITY_REQUEST_ID,
  REPEATABILITY_RESULT,
  VALUE_HELP_SERVICE,
  VALUE_HELPS,
  VENDOR_CHANGE_SERVICE,
} from '#adapters/erp/odata-contract.ts';
import type { SimulatorDb } from './store.ts';
import { blockPurchasing, blocksOf } from './blocks.ts';
import { changesOf, changeVendor } from './vendor-changes.ts';
import { countPartners, createPartner, findPartnerTaxNumbers, readPartner, type SimulatorResponse } from './vendors.ts';

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The simulator's HTTP side: the subset of S/4's OData services the adapter uses
 * (adapters/erp/odata-contract.ts), with basic auth when configured and SAP Gateway's CSRF token.
 */
export function createSimulatorServer(db: SimulatorDb, opts: { user?: string; password?: string }): http.Server {
  // One token per process: after a restart the adapter is told to fetch a new one, as after a session timeout.
  const csrfToken = crypto.randomBytes(18).toString('base64url');
  const expectedAuth = opts.user ? Buffer.from(`Basic ${Buffer.from(`${opts.user}:${opts.password ?? ''}`).toString('base64')}`) : undefined;

  async function route(req: http.IncomingMessage, url: URL): Promise<SimulatorResponse & { headers?: Record<string, string> }> {
    const path = url.pathname.replace(/\/+$/, '');
    if (req.method === 'GET' && (path === BUSINESS_PARTNER_SERVICE || path === VALUE_HELP_SERVICE)) {
      const sets = path === VALUE_HELP_SERVICE ? Object.values(VALUE_HELPS).map((h) => h.entitySet) : ['A_BusinessPartner', 'A_BusinessPartnerTaxNumber'];
      return { status: 200, body: { d: { EntitySets: sets } } };
    }
    if (path.startsWith(`${VALUE_HELP_SERVICE}/`) && req.method === 'GET') {
      const help = Object.values(VALUE_HELPS).find((h) => path === `${VALUE_HELP_SERVICE}/${h.entitySet}`);
      if (help) {
        const kind = Object.entries(VALUE_HELPS).find(([, h]) => h === help)![0];
        const rows = await db.selectFrom('config_value').select(['code', 'description']).where('kind', '=', kind).orderBy('code').execute();
        return { status: 200, body: { d: { results: rows.map((r) => ({ [help.key]: r.code, [help.text]: r.description })) } } };
      }
    }
    if (path === `${BUSINESS_PARTNER_SERVICE}/A_BusinessPartner` && req.method === 'POST') {
      if (req.headers[CSRF_TOKEN] !== csrfToken) {
        return { status: 403, body: 'CSRF token validation failed', headers: { [CSRF_TOKEN]: 'Required' } };
      }
      const payload = await readJson(req);
      if (payload === undefined) return { status: 400, body: odataError('SIM/PAYLOAD', ['The request body is not valid JSON']) };
      const requestId = header(req, REPEATABILITY_REQUEST_ID);
      const response = await createPartner(db, payload, requestId ? { requestId, firstSent: header(req, REPEATABILITY_FIRST_SENT) } : undefined);
      return requestId ? { ...response, headers: { [REPEATABILITY_RESULT]: 'accepted' } } : response;
    }
    if (path === `${PURCHASING_BLOCK_SERVICE}/PurchasingBlock` && req.method === 'POST') {
      if (req.headers[CSRF_TOKEN] !== csrfToken) {
        return { status: 403, body: 'CSRF token validation failed', headers: { [CSRF_TOKEN]: 'Required' } };
      }
      const payload = await readJson(req);
      if (payload === undefined) return { status: 400, body: odataError('SIM/PAYLOAD', ['The request body is not valid JSON']) };
      const requestId = header(req, REPEATABILITY_REQUEST_ID);
      const response = await blockPurchasing(db, payload, requestId ? { requestId, firstSent: header(req, REPEATABILITY_FIRST_SENT) } : undefined);
      return requestId ? { ...response, headers: { [REPEATABILITY_RESULT]: 'accepted' } } : response;
    }
    if (path === `${VENDOR_CHANGE_SERVICE}/VendorChange` && req.method === 'POST') {
      if (req.headers[CSRF_TOKEN] !== csrfToken) {
        return { status: 403, body: 'CSRF token validation failed', headers: { [CSRF_TOKEN]: 'Required' } };
      }
      const payload = await readJson(req);
      if (payload === undefined) return { status: 400, body: odataError('SIM/PAYLOAD', ['The request body is not valid JSON']) };
      const requestId = header(req, REPEATABILITY_REQUEST_ID);
      const response = await changeVendor(db, payload, requestId ? { requestId, firstSent: header(req, REPEATABILITY_FIRST_SENT) } : undefined);
      return requestId ? { ...response, headers: { [REPEATABILITY_RESULT]: 'accepted' } } : response;
    }
    if (path === `${VENDOR_CHANGE_SERVICE}/VendorChange` && req.method === 'GET') {
      const filter = /^Supplier eq '((?:[^']|'')*)'$/.exec(url.searchParams.get('$filter') ?? '');
      if (!filter) return { status: 400, body: odataError('SIM/FILTER', ["The simulator supports only $filter=Supplier eq '…'"]) };
      return { status: 200, body: { d: { results: await changesOf(db, filter[1].replaceAll("''", "'")) } } };
    }
    if (path === `${PURCHASING_BLOCK_SERVICE}/PurchasingBlock` && req.method === 'GET') {
      const filter = /^Supplier eq '((?:[^']|'')*)'$/.exec(url.searchParams.get('$filter') ?? '');
      if (!filter) return { status: 400, body: odataError('SIM/FILTER', ["The simulator supports only $filter=Supplier eq '…'"]) };
      return { status: 200, body: { d: { results: await blocksOf(db, filter[1].replaceAll("''", "'")) } } };
    }
    if (path === `${BUSINESS_PARTNER_SERVICE}/A_BusinessPartner/$count` && req.method === 'GET') {
      return { status: 200, body: String(await countPartners(db)) };
    }
    const one = /^A_BusinessPartner\('((?:[^']|'')*)'\)$/.exec(path.slice(BUSINESS_PARTNER_SERVICE.length + 1));
    if (path.startsWith(`${BUSINESS_PARTNER_SERVICE}/`) && one && req.method === 'GET') {
      const expand = (url.searchParams.get('$expand') ?? '').split(',').map((e) => e.trim().split('/')[0]);
      const partner = await readPartner(db, one[1].replaceAll("''", "'"), expand);
      return partner ? { status: 200, body: { d: partner } } : notFound(path);
    }
    if (path === `${BUSINESS_PARTNER_SERVICE}/A_BusinessPartnerTaxNumber` && req.method === 'GET') {
      // The one filter the adapter sends; anything else is beyond this simulator.
      const filter = /^BPTaxNumber eq '((?:[^']|'')*)'$/.exec(url.searchParams.get('$filter') ?? '');
      if (!filter) return { status: 400, body: odataError('SIM/FILTER', ["The simulator supports only $filter=BPTaxNumber eq '…'"]) };
      return { status: 200, body: { d: { results: await findPartnerTaxNumbers(db, filter[1].replaceAll("''", "'")) } } };
    }
    return notFound(path);
  }

  return http.createServer((req, res) => {
    const reply = (r: { status: number; body: unknown; headers?: Record<string, string> }) => {
      const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
      res.writeHead(r.status, {
        'content-type': typeof r.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
        dataserviceversion: '2.0',
        ...r.headers,
      });
      res.end(text);
    };
    if (expectedAuth && !sameBytes(Buffer.from(req.headers.authorization ?? ''), expectedAuth)) {
      return reply({ status: 401, body: 'Logon failed', headers: { 'www-authenticate': 'Basic realm="ERP simulator"' } });
    }
    const fetchToken = req.method === 'GET' && req.headers[CSRF_TOKEN]?.toString().toLowerCase() === 'fetch';
    route(req, new URL(req.url ?? '/', 'http://erp.invalid'))
      .then((r) => reply({ ...r, headers: { ...r.headers, ...(fetchToken ? { [CSRF_TOKEN]: csrfToken } : {}) } }))
      .catch((err: unknown) => {
        console.error('erp-simulator:', err);
        if (!res.headersSent) reply({ status: 500, body: odataError('SIM/INTERNAL', ['Internal error of the ERP simulator']) });
      });
  });
}

function notFound(path: string): SimulatorResponse {
  return { status: 404, body: odataError('SIM/NOT_FOUND', [`Resource not found for segment ${path}`]) };
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The body as JSON, or undefined when it is none; a body over 1 MB is cut off and refused alike. */
async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
