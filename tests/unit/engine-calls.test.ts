import { describe, expect, it } from 'vitest';
import type { Client } from '@temporalio/client';
import { engineCaller } from '#adapters/temporal/engine-calls.ts';
import { runInRequestScope } from '#adapters/request/request-scope.ts';

/** An engine call of a keyed request outlives the engine's short outages; one without a key answers 503 at once. */
describe('engine calls of keyed requests', () => {
  const client = { withDeadline: (_deadline: number, fn: () => Promise<unknown>) => fn() } as unknown as Client;
  const call = engineCaller(client, { known: new Set(), otherwise: 'flowRefused', notFound: 'flowNotFound' }, 100);
  /** Fails (engine unreachable) `times` times, then answers. */
  const flaky = (times: number) => {
    let calls = 0;
    const fn = async () => {
      calls++;
      if (calls <= times) throw new Error('14 UNAVAILABLE: connection refused');
      return 'done';
    };
    return { fn, calls: () => calls };
  };

  it('without a request key: the first failure is the 503', async () => {
    const engine = flaky(1);
    await expect(call(engine.fn)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(engine.calls()).toBe(1);
  });

  it('with one: asked again until the engine answers, within the key\'s wait', async () => {
    const engine = flaky(2);
    await expect(runInRequestScope({ key: 'k', engineDeadlineMs: 10_000 }, () => call(engine.fn))).resolves.toBe('done');
    expect(engine.calls()).toBe(3);
    const down = flaky(100);
    await expect(runInRequestScope({ key: 'k', engineDeadlineMs: 1_500 }, () => call(down.fn))).rejects.toMatchObject({ kind: 'unavailable' });
    expect(down.calls()).toBeLessThan(4);
  });
});
