import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a write sent with a request key (Idempotency-Key) carries down to the code it runs, without every
 * service taking it as a parameter. A request key's first attempt may be run again when its outcome was
 * never recorded (the API process died, the engine failed outright): the history rows it writes are
 * keyed by the request key, so the rerun logs nothing twice; and its engine calls may wait longer than
 * the caller's answer deadline, so the outcome recorded for the key is the engine's, not a timeout.
 */
interface RequestScope {
  /** Derived from the caller and the request key: the same on every attempt of that request. */
  key: string;
  /** How long an engine call of this request may wait for its answer. */
  engineDeadlineMs: number;
  /** An earlier attempt with this key ended without a recorded outcome (request-key-store.ts `Claim`). */
  retry: boolean;
  /** Rows already written per history row kind, so two rows of one kind in one request keep distinct keys. */
  seen: Map<string, number>;
  /** How the caller is answered while this attempt goes on waiting for the engine (the request key's layer). */
  early?: EarlyAnswer;
}

/**
 * The caller of a keyed request is answered before its attempt ends when the engine is slow, and the attempt
 * goes on so that the outcome recorded for its key is the engine's (api/http/request-keys.ts). A workflow
 * update sets the clock of that answer itself: acceptance and result have waits of their own
 * (adapters/temporal/engine-calls.ts).
 */
export interface EarlyAnswer {
  /** An update was sent: the caller's answer now waits on the update's own waits, not the layer's. */
  updateSent(): void;
  /** The engine accepted the update and its result is late: the caller hears 202 (`pending`) now. */
  pending(flowNo: string): void;
  /** The engine did not accept the update within its wait: the caller hears 503 now. */
  notAccepted(): void;
}

const scope = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(input: { key: string; engineDeadlineMs: number; retry?: boolean; early?: EarlyAnswer }, fn: () => Promise<T>): Promise<T> {
  return scope.run({ ...input, retry: input.retry ?? false, seen: new Map() }, fn);
}

/**
 * The dedupe key of a history row written by a keyed request (none outside one): request, log, action and
 * the row's ordinal among its kind in this attempt — what a rerun of the same request writes again.
 */
export function requestScopedHistoryKey(row: { relationType: number; relationCode: string; action: string }): string | null {
  const s = scope.getStore();
  if (!s) return null;
  const kind = `${row.relationType}:${row.relationCode}:${row.action}`;
  const n = (s.seen.get(kind) ?? 0) + 1;
  s.seen.set(kind, n);
  return `request:${s.key}:${kind}:${n}`;
}

/** The engine deadline of the request in scope, if it has one of its own. */
export function requestEngineDeadlineMs(): number | undefined {
  return scope.getStore()?.engineDeadlineMs;
}

/**
 * The request in scope is sent again with its key after an attempt that ended without a recorded outcome:
 * what that attempt asked of the engine may have gone through after its answer was lost.
 */
export function isRetryWithoutOutcome(): boolean {
  return scope.getStore()?.retry ?? false;
}

/** The early answer of the keyed request in scope, if any. */
export function earlyAnswer(): EarlyAnswer | undefined {
  return scope.getStore()?.early;
}
