import { allHandlersFinished, ApplicationFailure, condition, proxyActivities, setHandler } from '@temporalio/workflow';
import type { SupplierChangeActivities } from '#activities/supplier-change-activities.ts';
import {
  type CancelChangeInput,
  cancelChangeUpdate,
  CHANGE_REFUSAL,
  changeStateQuery,
  type DecideChangeInput,
  decideChangeUpdate,
  type OpenedChange,
  type ResolveConflictInput,
  resolveChangeConflictUpdate,
  type SupplierChangeInput,
  type SupplierChangePhase,
  type SupplierChangeState,
} from './supplier-change-definitions.ts';

const retry = { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 } as const;
const acts = proxyActivities<SupplierChangeActivities>({ startToCloseTimeout: '1 minute', retry });
/** The ERP call has its own 60 s deadline (spec 3 §9) and heartbeats, so a worker dying mid-call is noticed in seconds. */
const erp = proxyActivities<Pick<SupplierChangeActivities, 'sendChangeToErp'>>({ startToCloseTimeout: '2 minutes', heartbeatTimeout: '10 seconds', retry });

const refuse = (reason: string) => ApplicationFailure.nonRetryable(reason);

type Asked = { decide: DecideChangeInput } | { resolve: ResolveConflictInput } | { cancel: CancelChangeInput };

/**
 * One submission (round) of a supplier information change (spec 3 §2.2, §4; docs/decisions.md): a bank
 * change first alerts every contact on file; each approval step opens in turn (task and mail) and is
 * decided on the approval card; a rejection returns the change to its submitter; the last approval
 * applies the change to the master under a version check — a master changed since the snapshot is a
 * conflict the approver decides — and then sends it to the ERP. The submitter may cancel while a step waits.
 */
export async function supplierChangeFlow(input: SupplierChangeInput): Promise<SupplierChangePhase> {
  const { flowNo, round } = input;
  const state: SupplierChangeState = { flowNo, round, phase: 'opening', step: 0, deciders: [] };
  let opened: OpenedChange | undefined;
  /** One message at a time: the one being handled, and how many were accepted and how many settled. */
  let asked: Asked | undefined;
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
  const isSubmitter = (jobNumber: string) => opened?.side === 'staff' && opened.submitterId === jobNumber;

  setHandler(changeStateQuery, () => state);
  setHandler(decideChangeUpdate, (d) => accept({ decide: d }), {
    validator: ({ decision, reason, actor, asAdmin }: DecideChangeInput) => {
      if (state.phase !== 'waiting' || state.step === 0 || asked || !opened) throw refuse(CHANGE_REFUSAL.notPending);
      if (isSubmitter(actor.jobNumber)) throw refuse(CHANGE_REFUSAL.ownApproval);
      if (state.deciders.includes(actor.jobNumber)) throw refuse(CHANGE_REFUSAL.sameApprover);
      if (!asAdmin && actor.jobNumber !== opened.approvers[state.step - 1].jobNumber) throw refuse(CHANGE_REFUSAL.notApprover);
      if (decision === 'reject' && !reason?.trim()) throw refuse(CHANGE_REFUSAL.reasonRequired);
    },
  });
  setHandler(resolveChangeConflictUpdate, (r) => accept({ resolve: r }), {
    validator: ({ decision, reason, actor, asAdmin }: ResolveConflictInput) => {
      if (state.phase !== 'conflict' || asked || !opened) throw refuse(CHANGE_REFUSAL.notConflict);
      if (isSubmitter(actor.jobNumber)) throw refuse(CHANGE_REFUSAL.ownApproval);
      // The conflict is the last approver's to decide: they approved what turned out to be outdated.
      if (!asAdmin && actor.jobNumber !== state.deciders.at(-1)) throw refuse(CHANGE_REFUSAL.notApprover);
      if (decision === 'reject' && !reason?.trim()) throw refuse(CHANGE_REFUSAL.reasonRequired);
    },
  });
  setHandler(cancelChangeUpdate, (c) => accept({ cancel: c }), {
    validator: ({ callerId }: CancelChangeInput) => {
      if (state.phase !== 'waiting' || asked || !opened) throw refuse(CHANGE_REFUSAL.notPending);
      if (callerId !== opened.submitterId) throw refuse(CHANGE_REFUSAL.notSubmitter);
    },
  });

  opened = await acts.openChange({ flowNo, round });
  if (!opened.open) {
    state.phase = 'superseded';
    return state.phase;
  }
  // Spec (issue): every contact on file learns of a bank change before anyone can approve it.
  if (opened.bankChange) await acts.alertContactsOfBankChange({ flowNo, round });

  await approve(opened);
  await condition(allHandlersFinished);
  return state.phase;

  async function approve(change: OpenedChange): Promise<void> {
    for (const [i, approver] of change.approvers.entries()) {
      const step = i + 1;
      await acts.openChangeStep({ flowNo, round, step, approver });
      state.step = step;
      state.phase = 'waiting';
      await condition(() => asked !== undefined);
      const a = asked!;
      state.step = 0;
      if ('cancel' in a) {
        await acts.cancelChange({ flowNo, round, actor: a.cancel.actor });
        return settle('cancelled');
      }
      if (!('decide' in a)) throw new Error('unexpected message while a step waits');
      const { decision, reason, actor } = a.decide;
      await acts.recordChangeDecision({ flowNo, round, step, decision, reason, actor });
      state.deciders.push(actor.jobNumber);
      if (decision === 'reject') {
        await acts.returnChange({ flowNo, round, reason: reason ?? '', actor });
        return settle('rejected');
      }
      // A bank change's first approval changes nothing yet: the next step opens.
      if (step < change.approvers.length) {
        settle('waiting');
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
