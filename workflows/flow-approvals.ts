import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  condition,
  isCancellation,
  proxyActivities,
  setHandler,
  startChild,
  upsertSearchAttributes,
  type ChildWorkflowHandle,
} from '@temporalio/workflow';
import type { ApprovalActivities } from '#activities/approval-activities.ts';
import type { ErpActivities } from '#activities/erp-activities.ts';
import { APPROVAL_STATUS, type ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import { APPROVAL_TASK_NAME, approvalNoOf, type ApprovalOutcome, type Approver } from '#domain/cert-flow/approvals.ts';
import type { StaffActor } from '#domain/identity.ts';
import { approvalFlow } from './approval-flow.ts';
import { stepActivities } from './local-steps.ts';
import type { HasPatch } from './run-patches.ts';
import {
  approvalStepOpenedSignal,
  approvalWorkflowId,
  type CertFlowState,
  type FlowApprovalState,
  REFUSAL,
  SA,
  startApprovalUpdate,
  type StartApprovalInput,
} from './definitions.ts';

/**
 * The start of an approval answered once the child workflow had opened the first step and signalled
 * back: under load the longest wait of a flow (an activity, the child's start, the child's first task
 * and its step, the signal, the flow's task taking it). Now the opening activity opens the first step
 * too, and the start answers as soon as the child has started — it takes the first decision from its
 * start (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Under load"). Runs from before keep their path (style 6). Next:
 * `deprecatePatch` once no approval from before is open.
 */
const FIRST_STEP_WITH_OPENING_PATCH = 'approval-first-step-with-opening';

/** Opening an approval (the start update's first step) and applying its outcome (local-steps.ts); the ERP call stays a remote activity. */
const acts = stepActivities<ApprovalActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/**
 * The ERP answers within 60 s (req flow §7.9, the adapter's deadline); the activity heartbeats meanwhile,
 * so a dead worker's call is retried — with the same key — after 10 s instead of 90.
 */
const erp = proxyActivities<ErpActivities>({
  startToCloseTimeout: '90 seconds',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '2 seconds', maximumInterval: '5 minutes', backoffCoefficient: 2 },
});

/**
 * The flow's side of its approvals (req flow §3.6, §4.5; architecture §4): the start update opens the
 * approval and runs it as a child workflow, answering once the first approver's task is open; the
 * child's result is kept in the flow's state and applied to the application by an activity. A flow
 * that ends first withdraws its running approvals (the child is cancelled and closes its task).
 *
 * Registers its handlers at once and returns what the flow's end needs. `acceptsApproval` says whether
 * an approval of the kind may start now; `codeObtained` is told, with the last approver, when the ERP
 * has given the supplier code.
 */
export function flowApprovals(
  state: CertFlowState,
  has: HasPatch,
  acceptsApproval: (kind: ApprovalKind) => boolean,
  codeObtained: (approver: StaffActor) => void,
) {
  const { flowNo } = state;
  const running = new Map<ApprovalKind, { scope: CancellationScope; settled: Promise<void> }>();
  // Starts between their validator and their child: the flow's end waits for them before withdrawing.
  let starting = 0;

  setHandler(approvalStepOpenedSignal, ({ kind, approvalNo, step }) => {
    const approval = state.approvals[kind as ApprovalKind];
    if (approval?.approvalNo === approvalNo && approval.status === APPROVAL_STATUS.INPROGRESS) approval.step = step;
  });

  setHandler(
    startApprovalUpdate,
    async ({ kind, actor }) => {
      const previous = state.approvals[kind];
      const round = (previous?.round ?? 0) + 1;
      const approval: FlowApprovalState = { approvalNo: approvalNoOf(flowNo, kind, round), round, status: APPROVAL_STATUS.INPROGRESS, step: 0 };
      // Set before the first await: a second start in the same instant is refused by the validator.
      state.approvals[kind] = approval;
      starting++;
      const firstStepHere = has(FIRST_STEP_WITH_OPENING_PATCH);
      try {
        const { approvers } = await acts.remote.openApproval({ flowNo, kind, round, actor, ...(firstStepHere ? { openFirstStep: true as const } : {}) }).catch((err: unknown) => {
          state.approvals[kind] = previous;
          throw refusalOf(err);
        });
        const scope = new CancellationScope();
        const child = await scope.run(() =>
          startChild(approvalFlow, {
            workflowId: approvalWorkflowId(flowNo, kind),
            args: [{ flowNo, kind, round, approvalNo: approval.approvalNo, approvers, submitter: actor, ...(firstStepHere ? { firstStepOpened: true as const } : {}) }],
            staticSummary: `${APPROVAL_TASK_NAME[kind].en}, flow ${flowNo}, round ${round}`,
            typedSearchAttributes: [{ key: SA.FlowNo, value: flowNo }],
          }),
        );
        running.set(kind, { scope, settled: settle(kind, approval, child, approvers) });
        // The child has started and takes the first approver's decision from its start: the step is open.
        if (firstStepHere && approval.status === APPROVAL_STATUS.INPROGRESS) approval.step = Math.max(approval.step, 1);
      } finally {
        starting--;
      }
      await condition(() => approval.step > 0 || approval.status !== APPROVAL_STATUS.INPROGRESS);
      return state;
    },
    {
      validator: ({ kind }: StartApprovalInput) => {
        if (!acceptsApproval(kind)) throw ApplicationFailure.nonRetryable(REFUSAL.nodeNotInProgress);
        if (state.approvals[kind]?.status === APPROVAL_STATUS.INPROGRESS) throw ApplicationFailure.nonRetryable(REFUSAL.approvalInProgress);
      },
    },
  );

  /** Waits for the approval's result and applies it; a cancelled approval was withdrawn. */
  async function settle(kind: ApprovalKind, approval: FlowApprovalState, child: ChildWorkflowHandle<typeof approvalFlow>, approvers: Approver[]): Promise<void> {
    let outcome: ApprovalOutcome;
    try {
      outcome = (await child.result()).outcome;
    } catch (err) {
      if (!isCancellation(err)) throw err;
      outcome = 'withdrawn';
    }
    if (kind === 'SUPPLIER_CODE' && outcome === 'approved') await afterCodeApproved(approval, approvers.at(-1));
    else await acts.step(has).applyApprovalOutcome({ flowNo, kind, approvalNo: approval.approvalNo, outcome });
    approval.status = outcome === 'approved' ? APPROVAL_STATUS.FINISHED : APPROVAL_STATUS.REJECT;
    running.delete(kind);
  }

  /**
   * An approved supplier-code application (req flow §4.5): the ERP creates the vendor and answers the
   * official supplier code, shown in the flow list, on the progress page and as the SupplierCode
   * search attribute; an ERP refusal sends the release back (30) with the ERP's message. Obtained while
   * RELEASE is open, the code completes that node (req flow §2.6), in the last approver's name.
   */
  async function afterCodeApproved(approval: FlowApprovalState, lastApprover: Approver | undefined): Promise<void> {
    await acts.step(has).applyApprovalOutcome({ flowNo, kind: 'SUPPLIER_CODE', approvalNo: approval.approvalNo, outcome: 'approved' });
    // Flows approved before the ERP step existed stay as they were recorded.
    if (!has('erp-release-after-approval')) return;
    const result = await erp.releaseToErp({ flowNo, approvalNo: approval.approvalNo });
    if (!('supplierCode' in result)) return;
    upsertSearchAttributes([{ key: SA.SupplierCode, value: result.supplierCode }]);
    if (lastApprover) codeObtained({ id: lastApprover.jobNumber, jobNumber: lastApprover.jobNumber, name: lastApprover.name });
  }

  return {
    /** The flow is ending: its running approvals are cancelled and recorded withdrawn. */
    async withdrawAll(): Promise<void> {
      if (!starting && !running.size) return;
      await condition(() => starting === 0);
      for (const { scope } of running.values()) scope.cancel();
      await Promise.all([...running.values()].map((r) => r.settled));
    },
  };
}

/** A rule's refusal in the opening activity (no approver, no application) is the update's refusal. */
function refusalOf(err: unknown): unknown {
  if (err instanceof ActivityFailure && err.cause instanceof ApplicationFailure) return ApplicationFailure.nonRetryable(err.cause.message);
  return err;
}
