import type { ExitGateway } from '#services/supplier-exit/exit-gateway.ts';

/** An ExitGateway that records what the API asks and accepts it (workflow suites use the Temporal one). */
export function recordingExits(): { exits: ExitGateway; calls: { method: keyof ExitGateway; args: unknown[] }[] } {
  const calls: { method: keyof ExitGateway; args: unknown[] }[] = [];
  const record =
    (method: keyof ExitGateway) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
    };
  return { exits: { start: record('start'), decide: record('decide'), terminate: record('terminate') }, calls };
}

/** For suites that never reach an exit's workflow. */
export function noExitEngine(): ExitGateway {
  const refuse = async () => {
    throw new Error('this suite runs without a workflow engine');
  };
  return { start: refuse, decide: refuse, terminate: refuse };
}
