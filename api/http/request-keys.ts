import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { ServiceError, unavailable } from '#domain/errors.ts';
import { runInRequestScope, type EarlyAnswer } from '#adapters/request/request-scope.ts';
import {
  claimRequestKey,
  recordPendingAnswer,
  recordRequestOutcome,
  recordedOutcome,
  releaseRequestKey,
  type KeyedRequest,
  type RecordedAnswer,
} from '#services/request-keys/request-key-store.ts';
import { ENGINE_CALL_DEADLINE_MS } from '#adapters/temporal/engine-calls.ts';
import type { AppDeps } from '../deps.ts';
import { ERROR_CODE, HttpError } from './errors.ts';
import { errorMiddleware, pendingAnswer, PENDING_STATUS, sendJson } from './envelope.ts';
import { requestLocale } from './context.ts';

/**
 * Request keys (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Request keys"; the IETF httpapi Idempotency-Key header, as Stripe
 * has it). A write whose answer was lost — the engine's deadline passed (503), the connection dropped —
 * is sent again by the client with the same key, and is answered what its first attempt answered
 * instead of being run against a node it already finished (409). Without the header nothing changes: a
 * second write on a finished node or an ended flow is refused as before, whoever sends it.
 *
 * - The first attempt claims the key (caller, key, route, digest of query and body) before it runs,
 *   and records its status and envelope when it has one; later attempts get that answer again.
 * - The same key with another route or body: 422 naming the header. Still running: the later attempt
 *   waits a moment for the outcome, then 409 with Retry-After.
 * - A 5xx is no outcome: the key is released and the next attempt runs the write again. What such a
 *   rerun writes twice is made harmless below it (history rows keyed by the request, node completions
 *   by their update ids).
 * - The caller is answered at the engine's usual deadline (503) while the attempt goes on waiting for
 *   the engine (up to ENGINE_WAIT_MS, asking again while it is unreachable), so the outcome recorded for
 *   the key is the engine's. A workflow update sets that clock itself: 503 only when the engine has not
 *   accepted it within its wait, 202 (`pending`, recorded for the key until the outcome replaces it) when
 *   it has and its result is late.
 */
export const REQUEST_KEY_HEADER = 'Idempotency-Key';

/** Printable ASCII without spaces, as a UUID or any client's token is; at most 255 characters. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long a keyed attempt waits for the engine after its caller was answered 503. */
const ENGINE_WAIT_MS = 120_000;
/** How long the attempt holds its key: past it, its process is taken for dead and the key taken over. */
const LEASE_MS = ENGINE_WAIT_MS + 15_000;
/** How long an attempt arriving while the first runs waits for its outcome before 409 + Retry-After. */
const RUNNING_WAIT_MS = 5_000;
/**
 * Its first look after 200 ms, each next one after twice the pause, at most a second apart: six reads in the 5 s
 * instead of 25. On an engine so far behind that every attempt waits (the 1,000-flow run), the waiting retries'
 * reads were most of the database's statements (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Under load").
 */
const FIRST_POLL_MS = 200;
const MAX_POLL_MS = 1_000;

/**
 * `REQUEST_KEY_TRACE=1`: one line on stderr per keyed attempt that ends without its outcome recorded or
 * that takes over a key (the fault loop reads them to tell why a retry was answered otherwise). Quiet
 * by default.
 */
const TRACE = process.env.REQUEST_KEY_TRACE === '1';
const trace = (keyed: KeyedRequest, event: string) => {
  if (TRACE) console.error(`${new Date().toISOString().slice(11, 23)} request key ${keyed.key} ${keyed.route}: ${event}`);
};
const describeError = (err: unknown): string => {
  const cause = err instanceof Error && err.cause instanceof Error ? ` (cause: ${err.cause.name}: ${err.cause.message})` : '';
  return `${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}${cause}`;
};

/** The caller the key belongs to: keys of different people never meet. */
function callerOf(req: Request): string | undefined {
  if (req.staff) return `staff:${req.staff.id}`;
  if (req.supplier) return `supplier:${req.supplier.applyNo}`;
  if (req.portal) return `portal:${req.portal.accountId}`;
  return undefined;
}

/** Key order does not matter, values do. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** A response that only records what the endpoint answers, so the key's layer decides when and what to send. */
function recorder(): { res: Response; answer: () => RecordedAnswer | undefined } {
  let status = 200;
  let answer: RecordedAnswer | undefined;
  const res = {
    headersSent: false,
    status(s: number) {
      status = s;
      return res;
    },
    json(body: unknown) {
      answer = { status, answer: body };
      return res;
    },
  };
  return { res: res as unknown as Response, answer: () => answer };
}

/** An error as the envelope renders it (the app's error middleware), when it is an answer worth repeating. */
const renderError = errorMiddleware(() => {});
function answerOfError(err: unknown, req: Request): RecordedAnswer | undefined {
  if (!(err instanceof ServiceError || err instanceof HttpError || err instanceof ZodError)) return undefined;
  const { res, answer } = recorder();
  renderError(err, req, res, () => {});
  const a = answer();
  return a && a.status < 500 ? a : undefined;
}

const send = (res: Response, a: RecordedAnswer, replayed = false) => {
  if (replayed) res.set('Idempotent-Replayed', 'true');
  sendJson(res, a.status, a.answer);
};

/**
 * The endpoint's answer behind its request key. `answer` must answer with the envelope (`ok`) or throw;
 * endpoints that write their own responses (downloads, cookies) are not keyed.
 */
export function answerOncePerKey(deps: AppDeps, route: string, answer: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req, res, next) => {
    const key = req.get(REQUEST_KEY_HEADER);
    const caller = callerOf(req);
    if (key === undefined || !caller) {
      answer(req, res).catch(next);
      return;
    }
    if (!KEY_PATTERN.test(key)) {
      next(new HttpError(400, ERROR_CODE.invalid, 'invalidInput', { [REQUEST_KEY_HEADER]: 'invalidRequestKey' }));
      return;
    }
    const keyed: KeyedRequest = { caller, key, route, fingerprint: digest(JSON.stringify(canonical({ query: req.query, body: req.body ?? null }))) };
    answerKeyed(deps, keyed, req, res, next, answer).catch(next);
  };
}

async function answerKeyed(deps: AppDeps, keyed: KeyedRequest, req: Request, res: Response, next: NextFunction, answer: (req: Request, res: Response) => Promise<void>) {
  const claim = await claimRequestKey(deps.db, keyed, LEASE_MS);
  if (claim.kind === 'mismatch') {
    next(new HttpError(422, ERROR_CODE.unprocessable, 'requestKeyReused', { [REQUEST_KEY_HEADER]: 'requestKeyReused' }));
    return;
  }
  if (claim.kind === 'answered') return send(res, claim.recorded, true);
  if (claim.kind === 'running') {
    for (let pause = FIRST_POLL_MS, until = Date.now() + RUNNING_WAIT_MS; Date.now() < until; pause = Math.min(pause * 2, MAX_POLL_MS)) {
      await new Promise((r) => setTimeout(r, pause));
      const recorded = await recordedOutcome(deps.db, keyed);
      if (recorded) return send(res, recorded, true);
    }
    res.set('Retry-After', '1');
    next(new HttpError(409, ERROR_CODE.conflict, 'requestInFlight', { [REQUEST_KEY_HEADER]: 'requestInFlight' }));
    return;
  }

  // Claimed: this attempt runs the write. The caller hears at the usual deadline; the attempt goes on.
  trace(keyed, claim.retry ? 'attempt runs again (an earlier one left no outcome)' : 'attempt runs');
  let answered = false;
  const unavailableNow = (why: string) => {
    if (answered) return;
    answered = true;
    trace(keyed, `caller answered 503 ${why}; the attempt goes on`);
    next(unavailable());
  };
  const deadline = setTimeout(() => unavailableNow('at the deadline'), ENGINE_CALL_DEADLINE_MS + 2_000);
  // A workflow update answers on its own waits (adapters/temporal/engine-calls.ts): 503 when not accepted in time,
  // 202 when accepted and its result is late. The 202 is recorded for the key until the outcome replaces it,
  // so a retry meanwhile — in any API process — is answered the same 202, and once done the outcome.
  const early: EarlyAnswer = {
    updateSent: () => clearTimeout(deadline),
    notAccepted: () => unavailableNow('(the update not accepted in time)'),
    pending(flowNo) {
      if (answered) return;
      answered = true;
      const taken = { status: PENDING_STATUS, answer: pendingAnswer(flowNo, requestLocale(req)) };
      trace(keyed, 'caller answered 202: the update is accepted, its result late; the attempt goes on');
      void recordPendingAnswer(deps.db, keyed, taken).catch((e: unknown) => trace(keyed, `202 not recorded: ${describeError(e)}`));
      send(res, taken);
    },
  };
  const { res: recording, answer: recordedAnswer } = recorder();
  const scopeKey = digest(`${keyed.caller}\n${keyed.key}`).slice(0, 32);
  try {
    await runInRequestScope({ key: scopeKey, engineDeadlineMs: ENGINE_WAIT_MS, retry: claim.retry, early }, () => answer(req, recording));
    const outcome = recordedAnswer() ?? { status: 200, answer: { code: 0, data: null } };
    clearTimeout(deadline);
    trace(keyed, `outcome ${outcome.status}`);
    // The write went through: its caller hears so even when the outcome cannot be recorded (the database
    // restarting); a retry then reruns it after the lease, which the layers below make harmless.
    await recordRequestOutcome(deps.db, keyed, outcome).catch((e: unknown) => trace(keyed, `outcome ${outcome.status} not recorded: ${describeError(e)}`));
    if (!answered) send(res, outcome);
  } catch (err) {
    clearTimeout(deadline);
    const outcome = answerOfError(err, req);
    if (outcome) trace(keyed, `outcome ${outcome.status}: ${describeError(err)}`);
    // Recording may fail too (the database restarting): the key's lease then lets a later attempt run.
    if (outcome) await recordRequestOutcome(deps.db, keyed, outcome).catch((e: unknown) => trace(keyed, `outcome ${outcome.status} not recorded: ${describeError(e)}`));
    else {
      trace(keyed, `no outcome, key released: ${describeError(err)}`);
      await releaseRequestKey(deps.db, keyed).catch((e: unknown) => trace(keyed, `not released: ${describeError(e)}`));
    }
    if (!answered) next(err);
  }
}
