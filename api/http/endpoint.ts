import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { fileAnswer, redirectAnswer } from '#domain/contracts/answers.ts';
import type { z } from 'zod';
import type { Contract } from '#domain/contracts/contract.ts';
import type { Locale } from '#domain/i18n.ts';
import type { PortalPrincipal, StaffPrincipal, SupplierPrincipal } from '#domain/identity.ts';
import type { Config } from '#infra/config.ts';
import type { AppDeps } from '../deps.ts';
import { authGuards, type Auth } from '../auth/guards.ts';
import { requestLocale } from './context.ts';
import { ok, parse } from './envelope.ts';
import { ERROR_CODE, HttpError } from './errors.ts';
import { storableInput } from './storable-input.ts';
import { answerOncePerKey } from './request-keys.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import type { LoadedSection } from '#services/rfi/questionnaire.ts';
import { sessionSection } from '../auth/supplier-auth.ts';

/**
 * One declaration per endpoint: what the OpenAPI document says of it (method, path, caller, schemas,
 * summary) and how it answers. `mountEndpoints` turns the declarations into Express routes and
 * api/openapi/document.ts into the document, so neither can fall behind the other.
 */

/** What the OpenAPI document says of an endpoint. */
export interface EndpointDoc {
  method: 'get' | 'post';
  path: string;
  auth: Auth;
  /** Staff permission keys, any one of which admits the caller (auth 'staff'). */
  permissions?: readonly string[];
  summary: string;
  tag: string;
  query?: z.ZodObject;
  params?: z.ZodObject;
  body?: z.ZodType;
  /** The body is one multipart file field `file`, read by the handler. */
  upload?: boolean;
  response?: z.ZodType;
  /**
   * A write answered once per Idempotency-Key (api/http/request-keys.ts): set by the definers for every
   * POST that answers with the envelope and has a caller, never per endpoint.
   */
  keyed?: boolean;
  /**
   * The write asks a flow's workflow to carry it out: once the engine has accepted it, a result later than the
   * wait is answered 202 `{ pending: true, flowNo, message }` (adapters/temporal/engine-calls.ts), never a 503.
   */
  pending?: boolean;
}

/** A declared endpoint, ready to mount. */
export interface Endpoint extends EndpointDoc {
  /** Middlewares after the caller's check and before the input is parsed (rate limits, ownership). */
  guards?(deps: AppDeps): RequestHandler[];
  /** Renders this endpoint's own errors (login refusals); others go on to the app's error middleware. */
  onError?: ErrorRequestHandler;
  /** Whether this installation has the endpoint at all (the dev mailbox); always when absent. */
  enabled?(config: Config): boolean;
  /**
   * A supplier endpoint about one questionnaire section: the session lookup reads the application's state
   * and this section in the same statement, and the handler gets them as `sessionSection`.
   */
  sessionSection?: RfiStepKey;
  answer(deps: AppDeps, req: Request, res: Response): Promise<void>;
}

/** The caller each auth guarantees to the handler. */
export interface CallerOf {
  none: Record<never, never>;
  staff: { staff: StaffPrincipal };
  supplier: { supplier: SupplierPrincipal };
  portal: { portal: PortalPrincipal };
  any: { staff?: StaffPrincipal; supplier?: SupplierPrincipal; portal?: PortalPrincipal };
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

type EndpointInput<A extends Auth, Q, B, P> = CallerOf[A] & {
  deps: AppDeps;
  /** The application and the declared section as the supplier's session lookup read them (`sessionSection`). */
  sessionSection?: LoadedSection;
  locale: Locale;
  query: Parsed<Q>;
  body: Parsed<B>;
  params: Parsed<P>;
};

interface Declaration<A extends Auth, Q, B, P> extends Pick<Endpoint, 'method' | 'path' | 'summary' | 'tag' | 'upload' | 'guards' | 'onError' | 'enabled' | 'sessionSection' | 'pending'> {
  auth: A;
  permissions?: A extends 'staff' ? readonly string[] : never;
  query?: Q;
  body?: B;
  params?: P;
  /** What the body schema parses, when it is more than the JSON body (req rfi §7: temp may come in the query). */
  bodyInput?(req: Request): unknown;
}

interface Answering<A extends Auth, Q, B, P, R> extends Declaration<A, Q, B, P> {
  response?: z.ZodType<R>;
  /** 200 unless said otherwise (201 for a created flow). */
  status?: number;
  /** Gets the parsed input and the caller; what it returns is the envelope's `data`. */
  handle(input: EndpointInput<A, Q, B, P>): R | Promise<R>;
}

interface Responding<A extends Auth, Q, B, P> extends Declaration<A, Q, B, P> {
  /** What it writes, for the API reference (a file, or the JSON it sends with cookies). */
  response?: z.ZodType;
  /** Writes the response itself: downloads, uploads, cookies, the health answer. */
  respond(input: EndpointInput<A, Q, B, P>, req: Request, res: Response): void | Promise<void>;
}

export function defineEndpoint<
  A extends Auth,
  R,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodObject | undefined = undefined,
>(d: Answering<A, Q, B, P, R>): Endpoint;
export function defineEndpoint<
  A extends Auth,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodObject | undefined = undefined,
>(d: Responding<A, Q, B, P>): Endpoint;
export function defineEndpoint(
  d: Answering<Auth, z.ZodObject | undefined, z.ZodType | undefined, z.ZodObject | undefined, unknown> | Responding<Auth, z.ZodObject | undefined, z.ZodType | undefined, z.ZodObject | undefined>,
): Endpoint {
  const { bodyInput, ...doc } = d;
  return {
    ...doc,
    keyed: d.method === 'post' && d.auth !== 'none' && !d.upload && !('respond' in d),
    async answer(deps, req, res) {
      // Params, query, body in that order; each failure is a 400 naming its fields.
      const input = {
        deps,
        locale: requestLocale(req),
        staff: req.staff,
        supplier: req.supplier,
        portal: req.portal,
        sessionSection: d.sessionSection && sessionSection(req),
        params: d.params && parse(d.params, req.params, req),
        query: d.query && parse(d.query, req.query, req),
        body: d.body && parse(d.body, bodyInput ? bodyInput(req) : (req.body ?? {}), req),
      } as EndpointInput<'any', z.ZodObject, z.ZodType, z.ZodObject>;
      if ('respond' in d) {
        // An endpoint writing its own JSON answer (cookies, uploads) is held to its schema as `ok` sends it.
        if (d.response && d.response !== fileAnswer && d.response !== redirectAnswer && deps.config.NODE_ENV === 'test') {
          res.locals.answerCheck = (data: unknown) => assertAnswer(d.response!, data, `${d.method.toUpperCase()} ${d.path}`);
        }
        return d.respond(input, req, res);
      }
      const data = await d.handle(input);
      // Under test every answer is held to its declared schema: a contract the code drifted from fails the suite.
      if (d.response && deps.config.NODE_ENV === 'test') assertAnswer(d.response, data, `${d.method.toUpperCase()} ${d.path}`);
      ok(res, data, d.status);
    },
  };
}

/** An answer that does not match its endpoint's declared response: a fault of the code, never of the caller. */
function assertAnswer(schema: z.ZodType, data: unknown, name: string): void {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`${name} answered outside its response schema: ${parsed.error.message}`);
}

/**
 * The endpoints as Express routes: storable input, caller check, guards, the answer, and the endpoint's
 * own error handler. A declared path asked with a method it does not have answers 405 naming the ones it
 * has, so a former GET write says it is a POST now.
 */
export function mountEndpoints(endpoints: readonly Endpoint[], deps: AppDeps): Router {
  const router = Router();
  const callerOf = authGuards(deps.db);
  const methodsOf = new Map<string, string[]>();
  for (const e of endpoints) {
    const run = (req: Request, res: Response) => e.answer(deps, req, res);
    const answer: RequestHandler = e.keyed
      ? answerOncePerKey(deps, `${e.method.toUpperCase()} ${e.path}`, run)
      : (req, res, next) => {
          run(req, res).catch(next);
        };
    router[e.method](e.path, storableInput, ...callerOf(e.auth, e.permissions, e.sessionSection), ...(e.guards?.(deps) ?? []), answer, ...(e.onError ? [e.onError] : []));
    methodsOf.set(e.path, [...(methodsOf.get(e.path) ?? []), e.method.toUpperCase()]);
  }
  for (const [path, methods] of methodsOf) {
    router.all(path, (_req, res, next) => {
      res.set('Allow', methods.join(', '));
      next(new HttpError(405, ERROR_CODE.methodNotAllowed, 'methodNotAllowed'));
    });
  }
  return router;
}

/**
 * An endpoint implementing a contract (domain/contracts): the contract's method, path, caller, schemas and
 * answer; the API adds who may call it, its guards and its handler.
 */
export function implement<
  A extends Auth,
  R,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodObject | undefined = undefined,
>(
  c: Contract<Q, B, P, z.ZodType<R>, A>,
  d: Omit<Answering<A, Q, B, P, R>, 'method' | 'path' | 'auth' | 'summary' | 'tag' | 'query' | 'body' | 'params' | 'response'>,
): Endpoint {
  return defineEndpoint<A, R, Q, B, P>({ ...c, ...d } as Answering<A, Q, B, P, R>);
}

/**
 * An endpoint implementing a contract whose answer it writes itself: a file, or an answer with cookies. Its
 * contract's response says what that is (`fileAnswer` for a file); the web still calls it by the contract.
 */
export function implementResponding<
  A extends Auth,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodObject | undefined = undefined,
>(
  c: Contract<Q, B, P, z.ZodType, A>,
  d: Omit<Responding<A, Q, B, P>, 'method' | 'path' | 'auth' | 'summary' | 'tag' | 'query' | 'body' | 'params' | 'response'>,
): Endpoint {
  return defineEndpoint<A, Q, B, P>({ ...c, ...d } as Responding<A, Q, B, P>);
}
