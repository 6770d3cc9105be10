import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { portalSession as newPortalSession, staffSession, supplierSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { invitedSupplier } from '../support/rfi-questionnaire.ts';

/**
 * Every operation of the app's own OpenAPI document, sent bad input of six kinds by every caller it
 * admits and by nobody: no answer is a 500, and no row of the business tables changes (architecture §5: bad
 * input never yields a 500 and never changes data). The operations are read from the running app, so a
 * new endpoint is fuzzed without a line here.
 */

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  nullable?: boolean;
}
interface Operation {
  method: string;
  path: string;
  security: Array<Record<string, string[]>>;
  parameters: Array<{ name: string; in: 'query' | 'path' | 'header' | 'cookie'; schema?: Schema }>;
  body?: Schema;
  multipart: boolean;
}

type Kind = 'malformed' | 'oversized' | 'wrongType' | 'nul' | 'surrogate' | 'deep';
const KINDS: Kind[] = ['malformed', 'oversized', 'wrongType', 'nul', 'surrogate', 'deep'];

/** The string each kind puts into every text field. */
const TEXT: Partial<Record<Kind, string>> = { oversized: 'x'.repeat(20_000), nul: 'a\u0000b', surrogate: 'a\ud800b' };
/** In a URL, where a lone surrogate cannot be written: its UTF-8 bytes, which are not UTF-8. */
const URL_TEXT: Partial<Record<Kind, string>> = { oversized: 'x'.repeat(2_000), nul: 'a%00b', surrogate: 'a%ED%A0%80b', malformed: '%E0%A4%A' };
const DEEP = 10_000;

/** Written out, as JSON.stringify itself would overflow the stack on it. */
const DEEP_ARRAY = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;

/** A value of the schema's shape whose every leaf is this kind's bad value (or a well-formed one). */
function valueOf(schema: Schema | undefined, kind: Kind, depth = 0): unknown {
  if (!schema || depth > 8) return kind === 'wrongType' ? 12345 : (TEXT[kind] ?? 'x');
  const alternative = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternative) return valueOf(alternative.find((s) => s.type !== 'null') ?? alternative[0], kind, depth + 1);
  switch (schema.type) {
    case 'object':
      if (kind === 'wrongType') return ['not', 'an', 'object'];
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, valueOf(s, kind, depth + 1)]));
    case 'array':
      if (kind === 'wrongType') return { not: 'an array' };
      return [valueOf(schema.items, kind, depth + 1)];
    case 'integer':
    case 'number':
      return kind === 'wrongType' ? 'NaN' : (TEXT[kind] ?? 1);
    case 'boolean':
      return kind === 'wrongType' ? 'yes' : (TEXT[kind] ?? true);
    default:
      return kind === 'wrongType' ? { not: 'text' } : (TEXT[kind] ?? (schema.enum?.[0] as string | undefined) ?? 'x');
  }
}

/** The request body of a kind: bad JSON, the shape with bad leaves, or an array nested far too deep. */
function bodyOf(op: Operation, kind: Kind): string {
  if (kind === 'malformed') return '{"flowNo": "CF1", "list": [1, 2,';
  if (kind === 'deep') {
    const first = Object.keys(op.body?.properties ?? {})[0] ?? 'data';
    return `{${JSON.stringify(first)}:${DEEP_ARRAY}}`;
  }
  return JSON.stringify(valueOf(op.body, kind));
}

/** The URL of a kind: every path and query parameter given the bad value (wrong type: the name repeated). */
function urlOf(op: Operation, kind: Kind): string {
  const bad = kind === 'wrongType' || kind === 'deep' ? 'x' : (URL_TEXT[kind] ?? 'x');
  const path = op.path.replace(/\{(\w+)\}/g, () => bad);
  const query = op.parameters
    .filter((p) => p.in === 'query')
    .flatMap((p) => {
      if (kind === 'wrongType') return [`${p.name}=1`, `${p.name}=2`];
      if (kind === 'deep') return [`${p.name}${'[a]'.repeat(200)}=x`];
      return [`${p.name}=${bad}`];
    });
  return query.length ? `${path}?${query.join('&')}` : path;
}

/** Every operation the app documents, as its own /v1/openapi.json says. */
async function operationsOf(baseUrl: string): Promise<Operation[]> {
  const doc = (await client(baseUrl).get('/v1/openapi.json')).body as {
    paths: Record<string, Record<string, { security?: Operation['security']; parameters?: Operation['parameters']; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      security: op.security ?? [],
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
      multipart: Boolean(op.requestBody?.content['multipart/form-data']),
    })),
  );
}

/** The business tables: what no refused request may change. Sessions, codes and rate-limit counters may. */
const TABLES = [
  'cert_flow',
  'cert_flow_node',
  'cert_flow_role',
  'cert_task',
  'cert_node_form',
  'rfi_application',
  'self_inspection_item',
  'system_cert_item',
  'operation_history',
  'stored_file',
  'mail_outbox',
  'staff',
  'role',
  'supplier',
  'supplier_category',
  'supplier_contact',
  'supplier_account',
  'supplier_account_flow',
] as const;

describe('schema-driven fuzzing of every operation', () => {
  let app: TestApp;
  const engine = recordingFlows();

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
  });
  afterAll(() => app.close());

  /** One digest per table of its whole content. */
  async function snapshot(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const t of TABLES) {
      const { rows } = await sql<{ digest: string | null; n: string }>`select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*) as n from ${sql.table(t)} t`.execute(app.deps.db);
      out[t] = `${rows[0].n}:${rows[0].digest ?? ''}`;
    }
    return out;
  }

  it('answers no bad input with a 500 and changes no row, for anonymous, staff, supplier and portal callers', async () => {
    const db = app.deps.db;
    // Real objects for the callers to hold: a flow at the RFI with its supplier, one at self-inspection with a portal account.
    const supplier = await invitedSupplier(db, app.deps.config.appSecret);
    const atSelfInspection = await insertFlowAtNode(db, 'SELF_INSPECTION');
    const portalSession = () => newPortalSession(db, atSelfInspection.flowNo);
    await portalSession(); // makes the portal account, before the snapshot
    const ops = await operationsOf(app.baseUrl);
    expect(ops.length).toBeGreaterThan(100);

    const before = await snapshot();
    const failures: string[] = [];
    let sent = 0;
    const statuses: Record<number, number> = {};
    const started = Date.now();
    for (const op of ops) {
      const schemes = new Set(op.security.flatMap((s) => Object.keys(s)));
      // A fresh session per operation: a logout among the operations ends only its own.
      const callers: Record<string, Caller | null> = { anonymous: null };
      if (schemes.has('staffSession') || schemes.size === 0) callers.staff = await staffSession(db, 'E10001');
      if (schemes.has('supplierToken')) callers.supplier = await supplierSession(db, supplier.applyNo);
      if (schemes.has('portalToken')) callers.portal = await portalSession();

      for (const [who, caller] of Object.entries(callers)) {
        const api = client(app).as(caller).locale('en');
        for (const kind of KINDS) {
          if (op.method !== 'GET' && op.method !== 'POST') throw new Error(`${op.method} ${op.path}: only GET and POST are fuzzed`);
          const res = op.method === 'GET' ? await api.get(urlOf(op, kind)) : await api.send(op.method, urlOf(op, kind), bodyOf(op, kind), 'application/json');
          sent += 1;
          const text = res.bytes.toString();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          // 503 is an answer of its own (the health check without a workflow engine); 500 is a failure.
          if (res.status === 500) failures.push(`${op.method} ${op.path} as ${who}, ${kind}: ${res.status} ${text.slice(0, 200)}`);
        }
      }
    }

    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // The health check's probe of the engine is a read; every other call would be a write.
    const workflowCalls = Object.entries(engine.calls).flatMap(([method, calls]): unknown[] => (method === 'check' ? [] : calls));
    expect(workflowCalls).toEqual([]);
    // Bounded: six kinds per operation and caller.
    expect(sent).toBeLessThan(ops.length * KINDS.length * 5);
    console.info(`fuzz: ${sent} requests to ${ops.length} operations in ${Date.now() - started} ms, by status ${JSON.stringify(statuses)}`);
  }, 120_000);
});
