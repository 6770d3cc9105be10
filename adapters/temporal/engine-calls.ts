import {
  type Client,
  type WorkflowHandle,
  type WorkflowUpdateHandle,
  WorkflowUpdateStage,
  WorkflowExecutionAlreadyStartedError,
  WorkflowUpdateFailedError,
  type WorkflowStartOptions,
} from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import { ApplicationFailure, WorkflowNotFoundError } from '@temporalio/common';
import { conflict, notFound, ServiceError, unavailable, WritePending } from '#domain/errors.ts';
import { earlyAnswer, requestEngineDeadlineMs } from '#adapters/request/request-scope.ts';

/** architecture §4: calls to a workflow carry a deadline; a timeout answers 503 and changes nothing. */
export const ENGINE_CALL_DEADLINE_MS = 10_000;
/** Between the attempts of a keyed request's engine call. */
const ENGINE_RETRY_PAUSE_MS = 1_000;

/**
 * How long a write waits for its update (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Under load"). Acceptance — the workflow task that runs
 * the validator and makes the update durable — may take up to 25 s on a busy engine, under the browser's 30 s
 * request timeout (web/api/client.ts): a write not accepted by then is a 503 the user may retry (the update id
 * makes the retry the same update), so it is worth waiting for. Its result — the next node open, the approval
 * started — is waited for 10 s from the start: an accepted update completes, so past that the caller hears 202
 * (`pending`) instead of an error, and the screens follow the flow until it has moved on.
 */
export interface UpdateWaits {
  acceptMs: number;
  resultMs: number;
}
export const UPDATE_WAITS: UpdateWaits = { acceptMs: 25_000, resultMs: 10_000 };

/** How one kind of workflow's refusals read: its validators' reasons, and the codes for the rest. */
export interface EngineRefusals {
  /** Reasons a validator may give (a reason may carry facts after a `|`). */
  known: ReadonlySet<string>;
  /** The 409 code of a refusal whose reason is not one of them. */
  otherwise: string;
  /** The 404 code of an unknown workflow. */
  notFound: string;
}

/** Runs calls to the engine under the deadline and maps their failures to HTTP answers. */
export function engineCaller(client: Client, refusals: EngineRefusals, deadlineMs = ENGINE_CALL_DEADLINE_MS) {
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    // A request sent with a request key is answered at the usual deadline by the key's layer and may go on
    // here, asking again (the same update id) while the engine is unreachable or its worker restarting, so
    // that the outcome recorded for its key is the engine's (api/http/request-keys.ts).
    const keyedUntil = Date.now() + (requestEngineDeadlineMs() ?? 0);
    for (;;) {
      try {
        return await client.withDeadline(Math.max(Date.now() + deadlineMs, keyedUntil), fn);
      } catch (err) {
        const mapped = engineError(err, refusals);
        if (mapped.kind !== 'unavailable' || Date.now() + ENGINE_RETRY_PAUSE_MS >= keyedUntil) throw mapped;
        await new Promise((r) => setTimeout(r, ENGINE_RETRY_PAUSE_MS));
      }
    }
  };
}

/**
 * Sends an update and waits for it: first for its acceptance (the validator's answer), then for its result.
 * Not accepted within `acceptMs` — the engine unreachable, no worker, a long queue of workflow tasks — is the
 * 503; a validator's refusal the 409; accepted with its result later than `resultMs` from the start is
 * `WritePending` (202): the engine has the write durably and carries it out. A keyed request goes on asking
 * (the same update id) until its key's deadline, so that the outcome its key records — and its retry is
 * answered — is the update's own, and its caller is answered on these same waits through the request scope
 * (api/http/request-keys.ts). With `opts`, an engine behind the database — a workflow not yet started, a step
 * not yet taken in — is asked again within the acceptance wait (`UpdateOptions`).
 */
export function engineUpdater(client: Client, refusals: EngineRefusals, waits: UpdateWaits = UPDATE_WAITS) {
  return async <A>(
    handle: WorkflowHandle,
    def: UpdateDefinition<unknown, [A]>,
    arg: A,
    updateId: string | undefined,
    flowNo: string,
    opts: UpdateOptions = {},
  ): Promise<void> => {
    const startedAt = Date.now();
    const keyedUntil = startedAt + (requestEngineDeadlineMs() ?? 0);
    const early = earlyAnswer();
    early?.updateSent();
    const acceptBy = Math.max(startedAt + waits.acceptMs, keyedUntil);
    const notAccepted = early && setTimeout(() => early.notAccepted(), waits.acceptMs);
    let accepted: WorkflowUpdateHandle<unknown>;
    try {
      accepted = await retryWhileUnavailable(
        refusals,
        opts.starting || opts.behind ? acceptBy : keyedUntil,
        () => client.withDeadline(acceptBy, () => handle.startUpdate(def, { args: [arg], waitForStage: WorkflowUpdateStage.ACCEPTED, ...(updateId ? { updateId } : {}) })),
        opts,
      );
    } finally {
      clearTimeout(notAccepted);
    }
    // Accepted after the result's wait (a long queue): pending at once, the result is surely not there yet.
    const resultAt = Math.max(startedAt + waits.resultMs, Date.now());
    const resultBy = Math.max(resultAt, keyedUntil);
    const pending = early && setTimeout(() => early.pending(flowNo), resultAt - Date.now());
    try {
      await retryWhileUnavailable(refusals, keyedUntil, () => client.withDeadline(resultBy, () => accepted.result()));
    } catch (err) {
      // Only a late result: a refusal of the handler (its activity refused) is the caller's answer.
      if (err instanceof ServiceError && err.kind === 'unavailable') throw new WritePending(flowNo);
      throw err;
    } finally {
      clearTimeout(pending);
    }
  };
}

/** When an update is asked again, within its acceptance wait, besides an engine that does not answer. */
export interface UpdateOptions {
  /**
   * While the workflow is not found and `starting()` says the database has its object in progress: its start
   * queued behind other work on a busy engine, not the object missing or ended (the services tell which).
   */
  starting?: () => Promise<boolean>;
  /**
   * While the validator refuses with one of `refusals` and `stillAllowed()` says the database still allows the
   * write: the engine has not yet taken in what the database already shows (a worker lost between a step and
   * the workflow task that ran it, docs/decisions/0047-the-database-ahead-of-the-engine.md).
   */
  behind?: { refusals: ReadonlySet<string>; stillAllowed: () => Promise<boolean> };
}

/**
 * Runs an engine call, asking again while the engine is unreachable until `until` (a keyed request's deadline),
 * and in the cases `opts` names. Not found once the object has ended is the 404 at once.
 */
async function retryWhileUnavailable<T>(refusals: EngineRefusals, until: number, fn: () => Promise<T>, opts: UpdateOptions = {}): Promise<T> {
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      const mapped = engineError(err, refusals);
      const behind = opts.behind !== undefined && mapped.kind === 'conflict' && opts.behind.refusals.has(mapped.message) && (await opts.behind.stillAllowed());
      const notYetStarted = opts.starting !== undefined && mapped.kind === 'notFound' && (await opts.starting());
      if (!behind && !notYetStarted && mapped.kind !== 'unavailable') throw mapped;
      // An engine still behind the database when the wait is over — a step not yet taken in, a workflow not yet
      // started — is busy, not refusing: the 503 the user may retry (a 404 would deny a task the user sees open).
      if (Date.now() + ENGINE_RETRY_PAUSE_MS >= until) throw behind || notYetStarted ? Object.assign(unavailable(), { cause: err }) : mapped;
      await new Promise((r) => setTimeout(r, ENGINE_RETRY_PAUSE_MS));
    }
  }
}

/**
 * A validator's refusal is a 409 carrying its reason (translated by the error middleware); an unknown workflow
 * a 404; anything else — timeout, engine down — a 503: the caller may retry, and the update id makes it safe.
 */
export function engineError(err: unknown, refusals: EngineRefusals): ServiceError {
  if (err instanceof ServiceError) return err;
  if (err instanceof WorkflowUpdateFailedError) {
    const reason = err.cause instanceof ApplicationFailure ? err.cause.message : '';
    const known = refusals.known.has(reason.split('|')[0]);
    return Object.assign(conflict(known ? reason : refusals.otherwise), { cause: err });
  }
  if (err instanceof WorkflowNotFoundError) return Object.assign(notFound(refusals.notFound), { cause: err });
  return Object.assign(unavailable(), { cause: err });
}

/** Starts a workflow whose id is a business key: a repeated start is the same run, not an error. */
export async function startOnce(client: Client, workflowType: string, options: WorkflowStartOptions): Promise<void> {
  try {
    await client.workflow.start(workflowType, { ...options, workflowIdConflictPolicy: 'USE_EXISTING', workflowIdReusePolicy: 'REJECT_DUPLICATE' });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
  }
}
