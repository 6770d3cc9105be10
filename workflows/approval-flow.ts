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
import { APPROVAL_RULES, decisionRefusal } from '#domain/approvals/kinds.ts';
import {
  type ApprovalFlowInput,
  type ApprovalFlowResult,
  approvalStateQuery,
  type DecideApprovalInput,
  decideApprovalUpdate,
  type WithdrawApprovalInput,
  withdrawApprovalUpdate,
} from './approval-definitions.ts';
import { approvalStepOpenedSignal } from './definitions.ts';
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
 * The one approval engine (docs/decisions/0052-one-approval-engine.md): every approval of the product — a flow's
 * high potential and supplier code, an information change, an exit, an assessment summary — is a run of it, as a
 * child of the workflow of what it approves. Each approver's step opens in turn (task and mail, by the kind's
 * subject, services/approvals/subjects.ts); the approver decides on the approval card; a rejection ends it, the
 * last pass approves it; the subject's side may withdraw it while a step waits. The rules across kinds — the open
 * step's approver (or the area's administrator where the kind allows), never the submitter, a different person
 * per step, a reason for a rejection — are the decision's validator (domain/approvals/kinds.ts). One message is
 * handled at a time: an update is refused while another's effect is being recorded, and answers once its own is.
 * Cancelled by the parent when the subject ends first; the open step's task is closed then.
 */
export async function approvalFlow(input: ApprovalFlowInput): Promise<ApprovalFlowResult> {
  const has = runPatches();
  const { kind, approvers, firstStepOpened, submitter } = input;
  const ref = { kind, flowNo: input.flowNo, round: input.round, approvalNo: input.approvalNo };
  const rules = APPROVAL_RULES[kind];
  /**
   * The step that takes a decision (1-based; 0 before the first) and the last step recorded. The first
   * step takes a decision from the start — one sent before this workflow's first task included, which the
   * handler below validates as it is set — when the parent opened it, or as it opens (the patch).
   */
  let open = firstStepOpened || has(STEP_OPEN_BEFORE_ACTIVITY_PATCH) ? 1 : 0;
  let recorded = 0;
  let ended = false;
  let asked: { decide: DecideApprovalInput } | { withdraw: WithdrawApprovalInput } | undefined;
  const deciders: string[] = [];
  const refuse = (reason: string) => ApplicationFailure.nonRetryable(reason);
  const waiting = () => !ended && open > 0 && recorded < open && !asked;

  /** The parent follows the open step (its start answers once the first is open). */
  async function tellParent(step: number): Promise<void> {
    const parent = workflowInfo().parent;
    if (!parent) return;
    try {
      await getExternalWorkflowHandle(parent.workflowId, parent.runId).signal(approvalStepOpenedSignal, { kind, approvalNo: ref.approvalNo, step });
    } catch (err) {
      // A closed parent has cancelled this approval as it ended: nobody waits for the signal.
      if (isCancellation(err)) throw err;
    }
  }

  setHandler(approvalStateQuery, () => ({ kind, approvalNo: ref.approvalNo, openStep: waiting() ? open : 0, deciders, ended }));
  setHandler(
    decideApprovalUpdate,
    async (decide) => {
      asked = { decide };
      const step = open;
      // Answers once the decision is in the DB (after the step's opening, when it came during it);
      // what follows (next step, the outcome) runs on.
      await condition(() => recorded >= step);
    },
    {
      validator: (d: DecideApprovalInput) => {
        if (d.kind !== kind || !waiting()) throw refuse(rules.refusals.notPending);
        const at = { approver: approvers[open - 1].jobNumber, submitter: submitter?.jobNumber, deciders };
        const refusal = decisionRefusal(rules, { actor: d.actor.jobNumber, asAdmin: d.asAdmin, decision: d.decision, reason: d.reason }, at);
        if (refusal) throw refuse(refusal);
      },
    },
  );
  setHandler(
    withdrawApprovalUpdate,
    async (withdraw) => {
      asked = { withdraw };
      await condition(() => ended);
    },
    {
      // Taken back any time until it ends, its first step's opening included.
      validator: (_withdraw: WithdrawApprovalInput) => {
        if (ended || asked) throw refuse(rules.refusals.notPending);
      },
    },
  );

  try {
    const result = await decideSteps();
    ended = true;
    await condition(allHandlersFinished);
    return result;
  } catch (err) {
    // The parent ended while the approval ran: nobody is left with a task that can no longer be decided.
    if (isCancellation(err)) await CancellationScope.nonCancellable(() => acts.step(has).closeApprovalTasks(ref));
    throw err;
  }

  async function decideSteps(): Promise<ApprovalFlowResult> {
    let result: ApprovalFlowResult = { outcome: 'approved' };
    for (const [i, approver] of approvers.entries()) {
      const step = i + 1;
      // The parent opened the first step with the approval and knows it open.
      if (!(firstStepOpened && step === 1)) {
        if (has(STEP_OPEN_BEFORE_ACTIVITY_PATCH)) open = step;
        await acts.step(has).openApprovalStep({ ...ref, step, approver, ...(submitter ? { submitter } : {}) });
        open = step;
        await tellParent(step);
      }
      await condition(() => asked !== undefined);
      const a = asked!;
      if ('withdraw' in a) {
        const { actor, reason } = a.withdraw;
        await acts.remote.withdrawApproval({ ...ref, step, actor, reason });
        recorded = step;
        return { outcome: 'withdrawn', by: actor, ...(reason ? { reason } : {}) };
      }
      const { decision, reason, actor } = a.decide;
      await acts.remote.recordApprovalDecision({ ...ref, step, decision, reason, actor });
      deciders.push(actor.jobNumber);
      recorded = step;
      asked = undefined;
      result = { outcome: decision === 'pass' ? 'approved' : 'rejected', by: actor, ...(reason ? { reason } : {}) };
      if (decision === 'reject') break;
    }
    return result;
  }
}
