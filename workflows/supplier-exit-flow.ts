import { executeChild, patched, proxyActivities, setHandler } from '@temporalio/workflow';
import type { SupplierExitActivities } from '#activities/supplier-exit-activities.ts';
import { approvalRunId } from './approval-definitions.ts';
import { approvalFlow } from './approval-flow.ts';
import { exitFlowBeforeEngine } from './before-engine/supplier-exit-flow.ts';
import { approvalStepOpenedSignal } from './definitions.ts';
import { exitStateQuery, type SupplierExitInput, type SupplierExitPhase, type SupplierExitState, supplierExitWorkflowId } from './supplier-exit-definitions.ts';

/** Exits decided by the approval engine (a child run); runs from before keep their own handlers. */
export const EXIT_ON_ENGINE_PATCH = 'exit-on-approval-engine';

const acts = proxyActivities<SupplierExitActivities>({
  // The ERP call inside applyExit has its own 60 s deadline (req exit §9).
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/**
 * One submitted supplier exit (req exit §2.3, §4): its approval runs on the approval engine — the approver is
 * told, decides on the exit's card, or the sponsor (or an administrator) withdraws it, which terminates the
 * exit. An approval applies the exit in one idempotent activity: the ERP's purchasing block, the categories'
 * life cycle, the supplier's status and its portal write access, the history row.
 */
export async function supplierExitFlow(input: SupplierExitInput): Promise<SupplierExitPhase> {
  if (!patched(EXIT_ON_ENGINE_PATCH)) return exitFlowBeforeEngine(input);
  const { flowNo } = input;
  const state: SupplierExitState = { flowNo, phase: 'pending', onEngine: true };
  setHandler(exitStateQuery, () => state);
  setHandler(approvalStepOpenedSignal, () => undefined);

  const approver = { jobNumber: input.approverJobNumber, name: input.approverName ?? input.approverJobNumber };
  const sponsor = { id: input.sponsorJobNumber, jobNumber: input.sponsorJobNumber, name: input.sponsorName ?? input.sponsorJobNumber };
  const { outcome } = await executeChild(approvalFlow, {
    workflowId: approvalRunId(supplierExitWorkflowId(flowNo), 'SUPPLIER_EXIT'),
    args: [{ kind: 'SUPPLIER_EXIT', flowNo, round: 1, approvalNo: flowNo, approvers: [approver], submitter: sponsor }],
    staticSummary: `Approval of supplier exit ${flowNo}`,
  });
  if (outcome !== 'approved') {
    state.phase = outcome === 'rejected' ? 'rejected' : 'terminated';
    return state.phase;
  }
  state.phase = 'applying';
  await acts.applyExit({ flowNo });
  state.phase = 'approved';
  return state.phase;
}
