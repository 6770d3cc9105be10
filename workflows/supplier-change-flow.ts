import { allHandlersFinished, ApplicationFailure, condition, executeChild, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { SupplierChangeActivities } from '#activities/supplier-change-activities.ts';
import type { StaffActor } from '#domain/identity.ts';
import { approvalRunId } from './approval-definitions.ts';
import { approvalFlow } from './approval-flow.ts';
import { changeFlowBeforeEngine } from './before-engine/supplier-change-flow.ts';
import { approvalStepOpenedSignal } from './definitions.ts';
import {
  CHANGE_REFUSAL,
  changePastStepUpdate,
  changeStateQuery,
  type ResolveConflictInput,
  resolveChangeConflictUpdate,
  type SupplierChangeInput,
  type SupplierChangePhase,
  type SupplierChangeState,
  supplierChangeWorkflowId,
} from './supplier-change-definitions.ts';

/** Changes approved by the approval engine (a child run); rounds from before keep their own handlers. */
export const CHANGE_ON_ENGINE_PATCH = 'change-on-approval-engine';

const retry = { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 } as const;
const acts = proxyActivities<SupplierChangeActivities>({ startToCloseTimeout: '1 minute', retry });
/** The ERP call has its own 60 s deadline (req change §9) and heartbeats, so a worker dying mid-call is noticed in seconds. */
const erp = proxyActivities<Pick<SupplierChangeActivities, 'sendChangeToErp'>>({ startToCloseTimeout: '2 minutes', heartbeatTimeout: '10 seconds', retry });

const refuse = (reason: string) => ApplicationFailure.nonRetryable(reason);

/**
 * One submission (round) of a supplier information change (req change §2.2, §4; docs/decisions/): a bank
 * change first alerts every contact on file; its approval runs on the approval engine (one step, two by
 * different people for a bank change; the submitter side may cancel it while a step waits); a rejection
 * returns the change to its submitter; the approval applies the change to the master under a version
 * check — a master changed since the snapshot is a conflict the last approver decides — and then sends
 * it to the ERP.
 */
export async function supplierChangeFlow(input: SupplierChangeInput): Promise<SupplierChangePhase> {
  if (!patched(CHANGE_ON_ENGINE_PATCH)) return changeFlowBeforeEngine(input);
  const { flowNo, round, steps } = input;
  const state: SupplierChangeState = { flowNo, round, phase: 'pending', currentStep: null, onEngine: true };
  let lastApprover: string | undefined;
  /** The conflict's decision waiting to be carried out, and how many were: its update answers once its own is. */
  let resolution: ResolveConflictInput | undefined;
  let resolutions = 0;

  /** The approval's steps the change has moved past (all of them once the outcome is carried). */
  let past = 0;
  const moveOn = (phase: SupplierChangePhase) => {
    state.phase = phase;
    state.currentStep = null;
    past = steps.length;
  };

  setHandler(changeStateQuery, () => state);
  setHandler(approvalStepOpenedSignal, ({ step }) => {
    if (state.phase !== 'pending') return;
    state.currentStep = step;
    past = step - 1;
  });
  setHandler(changePastStepUpdate, async ({ step }) => {
    await condition(() => past >= step);
    return state;
  });
  setHandler(
    resolveChangeConflictUpdate,
    async (r) => {
      resolution = r;
      const mine = resolutions + 1;
      await condition(() => resolutions >= mine);
      return state;
    },
    {
      validator: ({ decision, reason, actor, asAdmin }: ResolveConflictInput) => {
        if (state.phase !== 'conflict' || resolution) throw refuse(CHANGE_REFUSAL.noConflict);
        if (input.side === 'staff' && input.submitterId === actor.jobNumber) throw refuse(CHANGE_REFUSAL.ownApproval);
        // The conflict is the last approver's to decide: they approved what turned out to be outdated.
        if (!asAdmin && actor.jobNumber !== lastApprover) throw refuse(CHANGE_REFUSAL.notApprover);
        if (decision === 'reject' && !reason?.trim()) throw refuse(CHANGE_REFUSAL.reasonRequired);
      },
    },
  );

  // Started for a round the change is no longer in (cancelled before this run began): nothing to do.
  if (!(await acts.openChange({ flowNo, round, steps }))) {
    moveOn('cancelled');
    return state.phase;
  }
  // Every contact on file learns of a bank change before anyone can approve it.
  if (input.bankChange) await acts.alertContactsOfBankChange({ flowNo, round });

  const submitter = { id: input.submitterId, name: input.submitterName, ...(input.side === 'staff' ? { jobNumber: input.submitterId } : {}) };
  const approval = await executeChild(approvalFlow, {
    workflowId: approvalRunId(supplierChangeWorkflowId(flowNo, round), 'SUPPLIER_CHANGE'),
    args: [
      {
        kind: 'SUPPLIER_CHANGE',
        flowNo,
        round,
        approvalNo: `${flowNo}-r${round}`,
        approvers: steps.map((s) => ({ jobNumber: s.approverJobNumber, name: s.approverName })),
        submitter,
      },
    ],
    staticSummary: `Approval of supplier information change ${flowNo} (round ${round})`,
  });
  if (approval.outcome === 'withdrawn') moveOn('cancelled');
  else if (approval.outcome === 'rejected') await returnToSubmitter(approval.by as StaffActor, approval.reason);
  else {
    lastApprover = (approval.by as StaffActor).jobNumber;
    await apply();
  }
  await condition(allHandlersFinished);
  return state.phase;

  async function returnToSubmitter(actor: StaffActor, reason = ''): Promise<void> {
    await acts.returnChange({ flowNo, round, reason, actor });
    moveOn('rejected');
  }

  async function apply(): Promise<void> {
    let outcome = await acts.applyChange({ flowNo, round, overConflict: false });
    while (outcome === 'conflict') {
      await acts.recordChangeConflict({ flowNo, round });
      moveOn('conflict');
      await condition(() => resolution !== undefined);
      const { decision, reason, actor } = resolution!;
      if (decision === 'reject') await returnToSubmitter(actor, reason);
      else {
        outcome = await acts.applyChange({ flowNo, round, overConflict: true, actor });
        moveOn('applying');
      }
      resolution = undefined;
      resolutions++;
      if (decision === 'reject') return;
    }
    moveOn('applying');
    await erp.sendChangeToErp({ flowNo, round });
    state.phase = 'finished';
  }
}
