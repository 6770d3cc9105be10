import { allHandlersFinished, ApplicationFailure, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { SupplierChangeActivities } from '#activities/supplier-change-activities.ts';
import {
  type CancelChangeInput,
  cancelChangeUpdate,
  CHANGE_REFUSAL,
  changeStateQuery,
  type DecideChangeInput,
  decideChangeUpdate,
  type ResolveConflictInput,
  resolveChangeConflictUpdate,
  type SupplierChangeInput,
  type SupplierChangePhase,
  type SupplierChangeState,
} from '../supplier-change-definitions.ts';

const retry = { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 } as const;
const acts = proxyActivities<SupplierChangeActivities>({ startToCloseTimeout: '1 minute', retry });
/** The ERP call has its own 60 s deadline (req change §9) and heartbeats, so a worker dying mid-call is noticed in seconds. */
const erp = proxyActivities<Pick<SupplierChangeActivities, 'sendChangeToErp'>>({ startToCloseTimeout: '2 minutes', heartbeatTimeout: '10 seconds', retry });

const refuse = (reason: string) => ApplicationFailure.nonRetryable(reason);

type Asked = { decide: DecideChangeInput } | { resolve: ResolveConflictInput } | { cancel: CancelChangeInput };

/**
 * A change round submitted before changes ran on the approval engine, as it was then (style 6): kept so that
 * such runs finish and replay. Next: removed once no change from before is open (docs/decisions/0052-one-approval-engine.md).
 */
export async function changeFlowBeforeEngine(input: SupplierChangeInput): Promise<SupplierChangePhase> {
  const { flowNo, round, steps } = input;
  const state: SupplierChangeState = { flowNo, round, phase: 'pending', currentStep: null };
  /** Who decided each step of this round, in order: step 2 of a bank change is refused to step 1's decider. */
  const deciders: string[] = [];
  let asked: Asked | undefined;
  /** The steps have begun opening in turn; before, the first step is the one a decision waits for. */
  let approving = false;
  let accepted = 0;
  let settled = 0;

  async function accept(message: Asked): Promise<SupplierChangeState> {
    asked = message;
    const ticket = ++accepted;
    await condition(() => settled >= ticket);
    return state;
  }
  /** The message's effects are recorded: its caller is answered with the state they left. */
  function settle(phase: SupplierChangePhase): void {
    state.phase = phase;
    asked = undefined;
    settled = accepted;
  }
  const isSubmitter = (jobNumber: string) => input.side === 'staff' && input.submitterId === jobNumber;

  setHandler(changeStateQuery, () => state);
  setHandler(decideChangeUpdate, (d) => accept({ decide: d }), {
    validator: ({ decision, reason, actor, asAdmin }: DecideChangeInput) => {
      // The card shows the first step open from the submit on: a decision sent while the change is still being
      // opened (a bank change's contacts alerted) is taken, and waits for its step as a node completion does.
      const waitingStep = state.currentStep ?? (approving ? null : steps[0]?.seq ?? null);
      if (state.phase !== 'pending' || waitingStep === null || asked) throw refuse(CHANGE_REFUSAL.notPending);
      if (isSubmitter(actor.jobNumber)) throw refuse(CHANGE_REFUSAL.ownApproval);
      if (deciders.includes(actor.jobNumber)) throw refuse(CHANGE_REFUSAL.secondApprover);
      const step = steps.find((s) => s.seq === waitingStep);
      if (!asAdmin && actor.jobNumber !== step?.approverJobNumber) throw refuse(CHANGE_REFUSAL.notApprover);
      if (decision === 'reject' && !reason?.trim()) throw refuse(CHANGE_REFUSAL.reasonRequired);
    },
  });
  setHandler(resolveChangeConflictUpdate, (r) => accept({ resolve: r }), {
    validator: ({ decision, reason, actor, asAdmin }: ResolveConflictInput) => {
      if (state.phase !== 'conflict' || asked) throw refuse(CHANGE_REFUSAL.noConflict);
      if (isSubmitter(actor.jobNumber)) throw refuse(CHANGE_REFUSAL.ownApproval);
      // The conflict is the last approver's to decide: they approved what turned out to be outdated.
      if (!asAdmin && actor.jobNumber !== deciders.at(-1)) throw refuse(CHANGE_REFUSAL.notApprover);
      if (decision === 'reject' && !reason?.trim()) throw refuse(CHANGE_REFUSAL.reasonRequired);
    },
  });
  setHandler(cancelChangeUpdate, (c) => accept({ cancel: c }), {
    // Who may cancel (the side that started the change) is the API's check, against the change as stored.
    validator: (_cancel: CancelChangeInput) => {
      if (state.phase !== 'pending' || state.currentStep === null || asked) throw refuse(CHANGE_REFUSAL.notCancellable);
    },
  });

  const opened = await acts.openChange({ flowNo, round, steps });
  if (!opened) {
    // Started for a round the change is no longer in (cancelled before this run began): nothing to do, and a
    // decision that came meanwhile is answered with that.
    settle('cancelled');
    return state.phase;
  }
  // Every contact on file learns of a bank change before anyone can approve it.
  if (input.bankChange) await acts.alertContactsOfBankChange({ flowNo, round });

  await approve();
  await condition(allHandlersFinished);
  return state.phase;

  async function approve(): Promise<void> {
    approving = true;
    let previousDecided = false;
    for (const step of steps) {
      // The step waits from here: a decision that arrives while its task is being opened is taken after it.
      state.currentStep = step.seq;
      await acts.openChangeStep({ flowNo, round, step: step.seq, approver: { jobNumber: step.approverJobNumber, name: step.approverName } });
      // The previous step's approver is answered once this step is open (its approver can act on the answer).
      if (previousDecided) settle('pending');
      previousDecided = false;
      await condition(() => asked !== undefined);
      const a = asked!;
      state.currentStep = null;
      if ('cancel' in a) {
        await acts.cancelChange({ flowNo, round, actor: a.cancel.actor, reason: a.cancel.reason });
        return settle('cancelled');
      }
      if (!('decide' in a)) throw new Error('unexpected message while a step waits');
      const { decision, reason, actor } = a.decide;
      await acts.recordChangeDecision({ flowNo, round, step: step.seq, decision, reason, actor });
      deciders.push(actor.jobNumber);
      if (decision === 'reject') {
        await acts.returnChange({ flowNo, round, reason: reason ?? '', actor });
        return settle('rejected');
      }
      // A bank change's first approval changes nothing yet: the next step opens.
      if (step !== steps.at(-1)) {
        previousDecided = true;
        continue;
      }
      return apply();
    }
  }

  async function apply(): Promise<void> {
    let outcome = await acts.applyChange({ flowNo, round, overConflict: false });
    while (outcome === 'conflict') {
      await acts.recordChangeConflict({ flowNo, round });
      settle('conflict');
      await condition(() => asked !== undefined);
      const a = asked!;
      if (!('resolve' in a)) throw new Error('unexpected message in conflict');
      const { decision, reason, actor } = a.resolve;
      if (decision === 'reject') {
        await acts.returnChange({ flowNo, round, reason: reason ?? '', actor });
        return settle('rejected');
      }
      outcome = await acts.applyChange({ flowNo, round, overConflict: true, actor });
    }
    settle('applying');
    await erp.sendChangeToErp({ flowNo, round });
    state.phase = 'finished';
  }
}
