import { describe, expect, it, vi } from 'vitest';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, WorkflowNotFoundError } from '@temporalio/common';
import type { UpdateDefinition } from '@temporalio/common';
import type { Request, Response } from 'express';
import { engineUpdater } from '#adapters/temporal/engine-calls.ts';
import { errorMiddleware } from '#api/http/envelope.ts';
import { WritePending } from '#domain/errors.ts';
import { runInRequestScope, type EarlyAnswer } from '#adapters/request/request-scope.ts';

/**
 * An update waits for its acceptance, then for its result: not accepted in time is the 503 the user retries,
 * a refusal the 409, accepted with a late result the 202 (`WritePending`) — never an error for a write the
 * engine has taken.
 */
const update = { type: 'update', name: 'anything' } as unknown as UpdateDefinition<unknown, [string]>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The engine's deadline as the gRPC call has it: the call fails once its deadline passes. */
const client = {
  withDeadline: <T>(deadline: number, fn: () => Promise<T>) =>
    Promise.race([fn(), sleep(Math.max(0, deadline - Date.now())).then(() => Promise.reject(new Error('4 DEADLINE_EXCEEDED')))]),
} as unknown as Client;
const refusals = { known: new Set(['reviewAlreadyDecided']), otherwise: 'flowRefused', notFound: 'flowNotFound' };

/** A workflow that accepts after `acceptMs` and answers `resultMs` later (or refuses with `refusal`). */
function engine(opts: { acceptMs: number; resultMs: number; refusal?: string }) {
  const started = vi.fn();
  const handle = {
    async startUpdate() {
      started();
      await sleep(opts.acceptMs);
      return {
        async result() {
          await sleep(opts.resultMs);
          if (opts.refusal) throw new WorkflowUpdateFailedError('refused', ApplicationFailure.nonRetryable(opts.refusal));
        },
      };
    },
  } as unknown as WorkflowHandle;
  return { handle, started };
}

const send = engineUpdater(client, refusals, { acceptMs: 300, resultMs: 150 });

describe('an update sent to the engine', () => {
  it('answers when its result comes within the wait', async () => {
    await expect(send(engine({ acceptMs: 10, resultMs: 20 }).handle, update, 'x', 'u1', 'CF1')).resolves.toBeUndefined();
  });

  it('accepted with its result later than the wait: pending (202) with the flow, not an error', async () => {
    const err = await send(engine({ acceptMs: 10, resultMs: 1_000 }).handle, update, 'x', 'u1', 'CF1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WritePending);
    expect(err).toMatchObject({ flowNo: 'CF1' });
  });

  it('not accepted within its wait: the 503, asked once without a request key', async () => {
    const slow = engine({ acceptMs: 1_000, resultMs: 0 });
    await expect(send(slow.handle, update, 'x', 'u1', 'CF1')).rejects.toMatchObject({ kind: 'unavailable' });
    expect(slow.started).toHaveBeenCalledTimes(1);
  });

  it('accepted, then refused by its handler: the 409 with the reason', async () => {
    await expect(send(engine({ acceptMs: 10, resultMs: 10, refusal: 'reviewAlreadyDecided' }).handle, update, 'x', 'u1', 'CF1')).rejects.toMatchObject({
      kind: 'conflict',
      message: 'reviewAlreadyDecided',
    });
  });
});

describe('an update to a workflow whose start is still being carried out', () => {
  /** A workflow not found for its first `missing` askings, then accepting at once. */
  function startsLate(missing: number) {
    const asked = vi.fn();
    const handle = {
      async startUpdate() {
        asked();
        if (asked.mock.calls.length <= missing) throw new WorkflowNotFoundError('not found', 'approval-x', undefined);
        return { result: async () => {} };
      },
    } as unknown as WorkflowHandle;
    return { handle, asked };
  }
  const wait = engineUpdater(client, refusals, { acceptMs: 2_500, resultMs: 1_000 });
  const inProgress = async () => true;

  it('is asked again while the database has it in progress, until the workflow has started', async () => {
    const late = startsLate(2);
    await expect(wait(late.handle, update, 'x', 'u1', 'CF1', { starting: inProgress })).resolves.toBeUndefined();
    expect(late.asked).toHaveBeenCalledTimes(3);
  });

  it('still not started at the end of the acceptance wait: the 503 the caller may retry, not a 404', async () => {
    const never = startsLate(Infinity);
    await expect(wait(never.handle, update, 'x', 'u1', 'CF1', { starting: inProgress })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(never.asked.mock.calls.length).toBeGreaterThan(1);
  });

  it('not found once the database has it ended, or for any other workflow: the 404 at once', async () => {
    let pending = true;
    const ended = startsLate(Infinity);
    const t0 = Date.now();
    const ending = setTimeout(() => (pending = false), 1_200);
    const longWait = engineUpdater(client, refusals, { acceptMs: 5_000, resultMs: 1_000 });
    await expect(longWait(ended.handle, update, 'x', 'u1', 'CF1', { starting: async () => pending })).rejects.toMatchObject({ kind: 'notFound', message: 'flowNotFound' });
    clearTimeout(ending);
    // Answered at the first asking after it ended, well before the acceptance wait is over.
    expect(Date.now() - t0).toBeLessThan(3_500);
    expect(ended.asked.mock.calls.length).toBeGreaterThan(1);

    const other = startsLate(Infinity);
    await expect(wait(other.handle, update, 'x', 'u1', 'CF1')).rejects.toMatchObject({ kind: 'notFound' });
    expect(other.asked).toHaveBeenCalledTimes(1);
  });
});

describe('an update the workflow refuses while the database already allows it (the engine behind)', () => {
  /** A workflow whose validator refuses `nodeNotInProgress` for its first `behindFor` asks, then accepts. */
  function behindEngine(behindFor: number) {
    let asked = 0;
    const handle = {
      async startUpdate() {
        if (++asked <= behindFor) throw new WorkflowUpdateFailedError('refused', ApplicationFailure.nonRetryable('nodeNotInProgress'));
        return { result: async () => {} };
      },
    } as unknown as WorkflowHandle;
    return { handle, asked: () => asked };
  }
  const wait = engineUpdater(client, { ...refusals, known: new Set(['nodeNotInProgress']) }, { acceptMs: 2_500, resultMs: 1_000 });
  const behind = (stillAllowed: () => Promise<boolean>) => ({ behind: { refusals: new Set(['nodeNotInProgress']), stillAllowed } });

  it('is asked again while the database still shows the node in progress, and goes through once the workflow has caught up', async () => {
    const engine = behindEngine(2);
    await expect(wait(engine.handle, update, 'x', 'u1', 'CF1', behind(async () => true))).resolves.toBeUndefined();
    expect(engine.asked()).toBe(3);
  });

  it('is the 409 at once when the database no longer allows it either', async () => {
    const engine = behindEngine(5);
    await expect(wait(engine.handle, update, 'x', 'u1', 'CF1', behind(async () => false))).rejects.toMatchObject({ kind: 'conflict', message: 'nodeNotInProgress' });
    expect(engine.asked()).toBe(1);
    // Without the database's word, the refusal is the answer.
    await expect(wait(behindEngine(5).handle, update, 'x', 'u1', 'CF1')).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('still behind when the acceptance wait is over: the 503 the user may retry, not a refusal', async () => {
    await expect(wait(behindEngine(100).handle, update, 'x', 'u1', 'CF1', behind(async () => true))).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('an update of a keyed request', () => {
  const hooks = () => ({ updateSent: vi.fn(), pending: vi.fn(), notAccepted: vi.fn() }) satisfies EarlyAnswer;

  it('its caller hears pending at the wait, while the attempt waits on for the result', async () => {
    const early = hooks();
    const t0 = Date.now();
    await runInRequestScope({ key: 'k', engineDeadlineMs: 5_000, early }, () => send(engine({ acceptMs: 10, resultMs: 600 }).handle, update, 'x', 'u1', 'CF7'));
    expect(early.updateSent).toHaveBeenCalledTimes(1);
    expect(early.pending).toHaveBeenCalledWith('CF7');
    expect(early.notAccepted).not.toHaveBeenCalled();
    // Resolved with the result, after the caller was told.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(600);
  });

  it('its caller hears 503 when not accepted within the wait; an answer in time tells nothing early', async () => {
    const late = hooks();
    await runInRequestScope({ key: 'k', engineDeadlineMs: 5_000, early: late }, () => send(engine({ acceptMs: 500, resultMs: 10 }).handle, update, 'x', 'u1', 'CF7'));
    expect(late.notAccepted).toHaveBeenCalledTimes(1);
    // Accepted after the result's wait: pending at once.
    expect(late.pending).toHaveBeenCalledTimes(1);
    const quick = hooks();
    await runInRequestScope({ key: 'k', engineDeadlineMs: 5_000, early: quick }, () => send(engine({ acceptMs: 10, resultMs: 10 }).handle, update, 'x', 'u1', 'CF7'));
    expect(quick.pending).not.toHaveBeenCalled();
    expect(quick.notAccepted).not.toHaveBeenCalled();
  });
});

describe('the answer to a pending write', () => {
  it('is 202 with the envelope: pending, the flow and the message in the caller\'s language', () => {
    let status = 0;
    let body: unknown;
    const res = {
      headersSent: false,
      status(s: number) {
        status = s;
        return res;
      },
      json(b: unknown) {
        body = b;
        return res;
      },
    } as unknown as Response;
    const req = { get: (h: string) => (h.toLowerCase() === 'x-locale' ? 'en' : undefined), headers: { 'x-locale': 'en' } } as unknown as Request;
    errorMiddleware(() => {})(new WritePending('CF9'), req, res, () => {});
    expect(status).toBe(202);
    expect(body).toEqual({ code: 0, data: { pending: true, flowNo: 'CF9', message: 'Submitted, being processed' } });
  });
});
