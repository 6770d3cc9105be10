import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { Auth } from '../auth/guards.ts';
import type { EndpointDoc } from '../http/endpoint.ts';
import { fileAnswer, redirectAnswer } from '#domain/contracts/answers.ts';
import { pendingResponse } from '../http/envelope.ts';

const envelope = (data: z.ZodType) => z.object({ code: z.literal(0), data });
const errorEnvelope = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional().describe('Per-field messages keyed by dot path, e.g. factoryList.0.baseName'),
});
const upload = z.object({ file: z.string().meta({ format: 'binary' }) });
const binary = z.string().meta({ format: 'binary' });
/** api/http/request-keys.ts */
const requestKey = z.object({
  'Idempotency-Key': z
    .string()
    .max(255)
    .optional()
    .describe('A key of the caller for this request, the same on its retries: a retry is answered with the first outcome instead of running again'),
});

const ERROR_RESPONSES = {
  400: 'Invalid input; `errors` names every bad field',
  401: 'No session',
  403: 'Not allowed for this caller',
  404: 'Not found',
  409: 'State conflict (stale version, refused by the workflow)',
  429: 'Too many requests',
  503: 'A backing service is unavailable',
} as const;

const SECURITY: Record<Auth, Array<Record<string, string[]>>> = {
  none: [],
  staff: [{ staffSession: [] }],
  supplier: [{ supplierToken: [] }],
  portal: [{ portalToken: [] }],
  any: [{ staffSession: [] }, { supplierToken: [] }, { portalToken: [] }],
};

function register(registry: OpenAPIRegistry, e: EndpointDoc): void {
  const body = e.upload ? { 'multipart/form-data': { schema: upload } } : e.body && { 'application/json': { schema: e.body } };
  registry.registerPath({
    method: e.method,
    path: e.path.replace(/:(\w+)/g, '{$1}'),
    summary: e.summary,
    ...(e.permissions ? { description: `Needs one of the permission keys ${e.permissions.map((k) => `\`${k}\``).join(', ')}.` } : {}),
    tags: [e.tag],
    security: SECURITY[e.auth],
    request: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { query: e.query } : {}),
      ...(body ? { body: { content: body } } : {}),
      ...(e.keyed ? { headers: requestKey } : {}),
    },
    responses: {
      ...(e.response === redirectAnswer
        ? { 303: { description: 'A redirect (a browser navigation, not a call)' } }
        : {
            200:
              e.response === fileAnswer
                ? { description: 'The file', content: { 'application/octet-stream': { schema: binary } } }
                : { description: 'Success', content: { 'application/json': { schema: envelope(e.response ?? z.unknown()) } } },
          }),
      ...(e.pending
        ? {
            202: {
              description: 'Accepted: the workflow engine has the write durably and is still carrying it out; the same Idempotency-Key is answered 202 until the outcome, then the outcome',
              content: { 'application/json': { schema: envelope(pendingResponse) } },
            },
          }
        : {}),
      ...Object.fromEntries(
        Object.entries({ ...ERROR_RESPONSES, ...(e.keyed ? { 422: 'The Idempotency-Key was used for another request' } : {}) }).map(([status, description]) => [status, { description, content: { 'application/json': { schema: errorEnvelope } } }]),
      ),
    },
  });
}

/** The OpenAPI 3 document of the declared endpoints, from the same domain schemas their handlers parse with. */
export function buildOpenApiDocument(endpoints: readonly EndpointDoc[], serverUrl: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'staffSession', { type: 'apiKey', in: 'cookie', name: 'staff_session' });
  registry.registerComponent('securitySchemes', 'supplierToken', { type: 'http', scheme: 'bearer', description: 'Questionnaire session of an invitation link' });
  registry.registerComponent('securitySchemes', 'portalToken', { type: 'http', scheme: 'bearer', description: 'Supplier portal session' });
  for (const e of endpoints) register(registry, e);
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Supplier onboarding platform API',
      version: '1',
      description:
        'Every answer is an envelope `{ code: 0, data }`; failures carry `{ code, message, errors? }` and the fitting HTTP status. ' +
        'Send `x-locale: zh|en` for messages in that language.',
    },
    servers: [{ url: serverUrl }],
  });
}
