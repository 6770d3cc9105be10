import {
  allHandlersFinished,
  ApplicationFailure,
  CancellationScope,
  condition,
  getExternalWorkflowHandle,
  isCancellation,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { ApprovalActivities } from '#activities/approval-activities.ts';
import { REJECT_REASON_MAX } from '#domain/cert-flow/review.ts';
import { withParams } from '#domain/messages.ts';
import {
  type ApprovalFlowInput,
  type ApprovalFlowResult,
  approvalStepOpenedSignal,
  type DecideApprovalInput,
  decideApprovalUpdate,
  REFUSAL,
} from './definitions.ts';
import { stepActivities } from './local-steps.ts';
import { runPatches } from './run-patches.ts';

/**
 * A step is open for its approver's decision from the moment the workflow opens it, not only once the
 * opening activity (which writes the task the approver sees, then mails) has answered: a decision in
 * between is taken and recorded after the opening. Runs from before refused it (their replay keeps that).
 * Next: `deprecatePatch` once no approval from before is open.
 */
const STEP_OPEN_BEFORE_ACTIVITY_PATCH = 'approval-step-open-before-activity';

/** Each step's opening runs locally; a decision is its update's first step (local-steps.ts). */
const acts = stepActivities<ApprovalActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/**
 * One round of the approval of a flow's high-potential or supplier-code application (spec 2 §2.4),
 * run as a child of the flow's workflow: each approver's step opens in turn (task and mail), the
 * approver decides on the approval record card, a rejection ends it, the last pass approves it.
 * Cancelled by the flow when the flow ends first; the open step's task is closed then.
 */
export async function approvalFlow(input: ApprovalFlowInput): Promise<ApprovalFlowResult> {
  const has = runPatches();
  const { flowNo, kind, approvalNo, approvers, firstStepOpened } = input;
  /**
   * The step that takes a decision (1-based; 0 before the first) and the last step recorded. A first
   * step the flow opened takes a decision from the start, one sent before this workflow's first task
   * included (the handler below finds it buffered).
   */
  let open = firstStepOpened ? 1 : 0;
  let recorded = 0;
  let decision: DecideApprovalInput | undefined;

  /** The flow answers its start once the first step is open. */
  async function tellFlow(step: number): Promise<void> {
    const parent = workflowInfo().parent;
    if (!parent) return;
    try {
      await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(approvalStepOpenedSignal, { kind, approvalNo, step });
    } catch (err) {
      // A closed flow has cancelled this approval as it ended: nobody waits for the signal.
      if (isCancellation(err)) throw err;
    }
  }

  setHandler(
    decideApprovalUpdate,
    async (d) => {
      decision = d;
      const step = open;
      // Answers once the decision is in the DB (after the step's opening, when it came during it);
      // what follows (next step, the outcome) runs on.
      await condition(() => recorded >= step);
    },
    {
      validator: ({ kind: asked, decision: d, reason, actor }: DecideApprovalInput) => {
        if (asked !== kind || open === 0 || recorded >= open || decision) throw ApplicationFailure.nonRetryable(REFUSAL.approvalNotPending);
        if (actor.jobNumber !== approvers[open - 1].jobNumber) throw ApplicationFailure.nonRetryable(REFUSAL.notPendingApprover);
        if (d === 'reject' && !reason?.trim()) throw ApplicationFailure.nonRetryable(REFUSAL.reasonRequired);
        if (d === 'reject' && reason!.trim().length > REJECT_REASON_MAX) {
          throw ApplicationFailure.nonRetryable(withParams(REFUSAL.rejectReasonTooLong, { max: REJECT_REASON_MAX }));
        }
      },
    },
  );

  try {
    let result: ApprovalFlowResult = { outcome: 'approved' };
    for (const [i, approver] of approvers.entries()) {
      const step = i + 1;
      // The flow opened the first step with the approval and knows it open (flow-approvals.ts).
      if (!(firstStepOpened && step === 1)) {
        if (has(STEP_OPEN_BEFORE_ACTIVITY_PATCH)) open = step;
        await acts.step(has).openApprovalStep({ flowNo, kind, approvalNo, step, approver });
        open = step;
        await tellFlow(step);
      }
      await condition(() => decision !== undefined);
      const { decision: d, reason, actor } = decision!;
      await acts.remote.recordApprovalDecision({ flowNo, kind, approvalNo, step, decision: d, reason, actor });
      recorded = step;
      decision = undefined;
      if (d === 'reject') {
        result = { outcome: 'rejected' };
        break;
      }
    }
    await condition(allHandlersFinished);
    return result;
  } catch (err) {
    // The flow ended while the approval ran: nobody is left with a task that can no longer be decided.
    if (isCancellation(err)) await CancellationScope.nonCancellable(() => acts.step(has).closeApprovalTasks({ approvalNo }));
    throw err;
  }
}
