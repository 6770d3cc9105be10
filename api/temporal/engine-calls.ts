import {
  type Client,
  type WorkflowHandle,
  WorkflowExecutionAlreadyStartedError,
  WorkflowUpdateFailedError,
  type WorkflowStartOptions,
} from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import { ApplicationFailure, WorkflowNotFoundError } from '@temporalio/common';
import { conflict, notFound, ServiceError, unavailable } from '#services/errors.ts';
import { requestEngineDeadlineMs } from '#services/request-keys/request-scope.ts';

/** DESIGN §4: calls to a workflow carry a deadline; a timeout answers 503 and changes nothing. */
export const ENGINE_CALL_DEADLINE_MS = 10_000;
/** Between the attempts of a keyed request's engine call. */
const ENGINE_RETRY_PAUSE_MS = 1_000;

/**
 * How long a write waits for its update (docs/decisions.md "Under load"): under the browser's 30 s
 * request timeout (web/api/client.ts), and long enough for a busy engine to take and carry out what it
 * was given — an update it has accepted completes, so answering 503 at 10 s while it goes on made the
 * user retry a write that went through.
 */
export const UPDATE_DEADLINE_MS = 25_000;

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
 * Sends an update and waits for its outcome within the deadline. Not finished by then — not accepted (the
 * engine unreachable, no worker taking it) or accepted with its steps still running — is a 503: the write
 * is not reported done before it is, so the caller's next call never meets the node still open. The update
 * id makes a retry the same update; a keyed request goes on asking (the same id) until its key's deadline, so
 * the outcome its key records — and its retry is answered — is the update's own (api/http/request-keys.ts).
 */
export function engineUpdater(client: Client, refusals: EngineRefusals, deadlineMs = UPDATE_DEADLINE_MS) {
  return async <A>(handle: WorkflowHandle, def: UpdateDefinition<unknown, [A]>, arg: A, updateId?: string): Promise<void> => {
    // A keyed request asks again (the same update id) until its key's deadline, as engineCaller does.
    const keyedUntil = Date.now() + (requestEngineDeadlineMs() ?? 0);
    for (;;) {
      try {
        // One call that waits for the outcome (the engine long-polls it), not one call until accepted and a
        // second for the outcome: under load every call to the engine queues behind every flow's tasks.
        await client.withDeadline(Math.max(Date.now() + deadlineMs, keyedUntil), () =>
          handle.executeUpdate(def, { args: [arg], ...(updateId ? { updateId } : {}) }),
        );
        return;
      } catch (err) {
        const mapped = engineError(err, refusals);
        if (mapped.kind !== 'unavailable' || Date.now() + ENGINE_RETRY_PAUSE_MS >= keyedUntil) throw mapped;
        await new Promise((r) => setTimeout(r, ENGINE_RETRY_PAUSE_MS));
      }
    }
  };
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
