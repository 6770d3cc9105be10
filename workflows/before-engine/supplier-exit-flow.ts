import { allHandlersFinished, ApplicationFailure, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { SupplierExitActivities } from '#activities/supplier-exit-activities.ts';
import {
  type DecideExitInput,
  decideExitUpdate,
  EXIT_REFUSAL,
  exitStateQuery,
  type SupplierExitInput,
  type SupplierExitPhase,
  type SupplierExitState,
  type TerminateExitInput,
  terminateExitUpdate,
} from '../supplier-exit-definitions.ts';

const acts = proxyActivities<SupplierExitActivities>({
  // The ERP call inside applyExit has its own 60 s deadline (req exit §9).
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/**
 * A supplier exit submitted before exits ran on the approval engine, as it was then (style 6): kept so that
 * such runs finish and replay. Next: removed once no exit from before is open (docs/decisions/0052-one-approval-engine.md).
 */
export async function exitFlowBeforeEngine(input: SupplierExitInput): Promise<SupplierExitPhase> {
  const state: SupplierExitState = { flowNo: input.flowNo, phase: 'pending' };
  let asked: { decide: DecideExitInput } | { terminate: TerminateExitInput } | undefined;
  let recorded = false;

  setHandler(exitStateQuery, () => state);
  setHandler(
    decideExitUpdate,
    async (d) => {
      asked = { decide: d };
      await condition(() => recorded);
      return state;
    },
    {
      validator: ({ decision, reason, actor, asAdmin }: DecideExitInput) => {
        if (state.phase !== 'pending' || asked) throw ApplicationFailure.nonRetryable(EXIT_REFUSAL.notPending);
        if (actor.jobNumber === input.sponsorJobNumber) throw ApplicationFailure.nonRetryable(EXIT_REFUSAL.ownApproval);
        if (!asAdmin && actor.jobNumber !== input.approverJobNumber) throw ApplicationFailure.nonRetryable(EXIT_REFUSAL.notApprover);
        if (decision === 'reject' && !reason?.trim()) throw ApplicationFailure.nonRetryable(EXIT_REFUSAL.reasonRequired);
      },
    },
  );
  setHandler(
    terminateExitUpdate,
    async (t) => {
      asked = { terminate: t };
      await condition(() => recorded);
      return state;
    },
    {
      validator: ({ actor, asAdmin }: TerminateExitInput) => {
        if (state.phase !== 'pending' || asked) throw ApplicationFailure.nonRetryable(EXIT_REFUSAL.notPending);
        if (!asAdmin && actor.jobNumber !== input.sponsorJobNumber) throw ApplicationFailure.nonRetryable(EXIT_REFUSAL.notSponsor);
      },
    },
  );

  await acts.openExitApproval({ flowNo: input.flowNo });
  await condition(() => asked !== undefined);
  const a = asked!;
  if ('terminate' in a) {
    await acts.closeExit({ flowNo: input.flowNo, outcome: 'terminated', actor: a.terminate.actor });
    state.phase = 'terminated';
  } else if (a.decide.decision === 'reject') {
    await acts.closeExit({ flowNo: input.flowNo, outcome: 'rejected', actor: a.decide.actor, reason: a.decide.reason });
    state.phase = 'rejected';
  } else {
    await acts.recordExitApproval({ flowNo: input.flowNo, actor: a.decide.actor, reason: a.decide.reason });
    state.phase = 'applying';
  }
  recorded = true;
  if (state.phase === 'applying') {
    await acts.applyExit({ flowNo: input.flowNo });
    state.phase = 'approved';
  }
  await condition(allHandlersFinished);
  return state.phase;
}
