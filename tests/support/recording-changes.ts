import type { ChangeGateway } from '#services/supplier-change/change-gateway.ts';

type Method = keyof ChangeGateway;

/** A ChangeGateway that records what the API asks and accepts it (workflow suites use the Temporal one). */
export function recordingChanges(): { changes: ChangeGateway; calls: { method: Method; args: unknown[] }[] } {
  const calls: { method: Method; args: unknown[] }[] = [];
  const record =
    (method: Method) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
    };
  return {
    changes: { startChange: record('startChange'), decideChange: record('decideChange'), resolveConflict: record('resolveConflict'), cancelChange: record('cancelChange') },
    calls,
  };
}

/** For suites that never reach a change's workflow. */
export function noChangeEngine(): ChangeGateway {
  const refuse = async () => {
    throw new Error('this suite runs without a workflow engine');
  };
  return { startChange: refuse, decideChange: refuse, resolveConflict: refuse, cancelChange: refuse };
}
