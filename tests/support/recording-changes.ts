import type { ChangeGateway } from '#services/supplier-change/change-gateway.ts';

/** For suites that never reach a change's workflow. */
export function noChangeEngine(): ChangeGateway {
  const refuse = async () => {
    throw new Error('this suite runs without a workflow engine');
  };
  return { startChange: refuse, decideChange: refuse, resolveConflict: refuse, cancelChange: refuse };
}
