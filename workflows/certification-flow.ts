import { allHandlersFinished, ApplicationFailure, condition, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { CertFlowActivities } from '#activities/cert-flow-activities.ts';
import type { AdmissionActivities } from '#activities/admission-activities.ts';
import type { RequalificationActivities } from '#activities/requalification-activities.ts';
import { STAGE, type NodeCode } from '#domain/cert-flow/enums.ts';
import { canAdjustOwner, canTerminate } from '#domain/cert-flow/rules.ts';
import { NODE_BEHAVIOUR } from '#domain/cert-flow/node-behaviour.ts';
import type { StaffActor } from '#domain/identity.ts';
import {
  type CertFlowInput,
  type CertFlowState,
  type CompleteNodeInput,
  completeNodeUpdate,
  reassignUpdate,
  REFUSAL,
  revertNodeUpdate,
  type RevertNodeInput,
  type RoleAssignment,
  SA,
  stateQuery,
  terminateUpdate,
  type TerminateInput,
} from './definitions.ts';
import { answersWhenNextNodeOpen, movedPast } from './next-node-open.ts';
import { rfiNode } from './rfi-node.ts';
import { flowApprovals } from './flow-approvals.ts';
import { todoReminders } from './todo-reminders.ts';
import { nodeDueReminders } from './node-due-reminders.ts';
import { publicityPeriodEnded, publicityRunsOnTimer } from './publicity-timer.ts';
import { stepActivities } from './local-steps.ts';
import { runPatches } from './run-patches.ts';

/** The flow's steps (local-steps.ts): closing a node a person completed, returning it, ending it on termination and reassigning are their update's first step. */
const acts = stepActivities<CertFlowActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/** Admission is one transaction and its mails (services/admission/admit.ts). */
const admission = stepActivities<AdmissionActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/** A requalification's end is one transaction with its outcome on the categories; a failure's exit is started by it. */
const requalification = stepActivities<RequalificationActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/**
 * Flows that finished before admission existed ended with `endFlow` (stage 90, pass time); the patch
 * keeps their replay (style 6). Next: `deprecatePatch` once no run from before is open.
 */
const ADMISSION_PATCH = 'admission';

/** How a node closes: a person's completion, or the flow's own (the publicity timer, the ERP's code at RELEASE). */
type Closing = Omit<CompleteNodeInput, 'actor'> & { actor?: StaffActor };

/** What a flow's walk keeps besides its published state (CertFlowState): where it is, the message being carried out. */
interface Walk {
  /** The plan's index of the node at work, how often each node has been opened, and openings in all (a node's reminders end with its opening). */
  at: number;
  visits: Partial<Record<NodeCode, number>>;
  openings: number;
  /** The open node's closing; whether a person's update asked it (its first step is then a remote activity, local-steps.ts). */
  completion?: Closing;
  closingByUpdate: boolean;
  termination?: TerminateInput;
  /** The return being made; returns accepted and done (the node before open again): each return update answers on its count. */
  returning?: RevertNodeInput;
  returnsAsked: number;
  returnsDone: number;
  /** The open node completes by its timer only (PUBLICITY, req flow §4.2: no complete button). */
  onTimer: boolean;
}

/**
 * One certification flow (architecture §4): walks its node plan, opening each node through an activity
 * and waiting for the node's outcome, which arrives as an Update from the API — or, for PUBLICITY,
 * from its period's timer. A return (PUBLICITY back to KCP2) steps the walk back one node, which
 * opens again as its next visit; a finished flow admits its supplier — a requalification records its outcome instead.
 */
export async function certificationFlow(input: CertFlowInput): Promise<CertFlowState> {
  const has = runPatches();
  const { flowNo, plan } = input;
  const state: CertFlowState = {
    flowNo,
    stage: STAGE.PREPARATION,
    currentNode: (plan.find((n) => NODE_BEHAVIOUR[n.nodeCode].completes !== 'applied') ?? plan[0]).nodeCode,
    nodeOpen: false,
    finishedNodes: [],
    terminated: false,
    rfi: { phase: 'filling', round: 1, inviteSeq: 1, decisions: {} },
    approvals: {},
  };
  // The walk's own state beside the published one: where it is, and the message being carried out.
  const walk: Walk = { at: 0, visits: {}, openings: 0, closingByUpdate: false, returnsAsked: 0, returnsDone: 0, onTimer: false };
  const returnPending = () => walk.returnsAsked > walk.returnsDone;
  const ended = () => state.terminated || state.stage === STAGE.FINISHED;
  // The open node can be worked: not closing, not being returned, the flow not ending.
  const workable = () =>
    state.nodeOpen && !state.finishedNodes.includes(state.currentNode) && !walk.completion && !walk.termination && !returnPending() && !ended();

  setHandler(stateQuery, () => state);
  const runRfi = rfiNode(state, ended, has);
  // Approvals are asked at the open KCP2 (req flow §4.4); the supplier code also at the open RELEASE (req flow §2.6),
  // where the ERP's code completes the node.
  const approvals = flowApprovals(
    state,
    has,
    (kind) => {
      const asks = NODE_BEHAVIOUR[state.currentNode].approvals;
      // A requalification asks none: the supplier keeps its code and life cycle.
      return !input.requalification && workable() && (asks === 'any' || (kind === 'SUPPLIER_CODE' && asks === 'supplierCode'));
    },
    (approver) => {
      if (NODE_BEHAVIOUR[state.currentNode].approvals === 'supplierCode' && workable()) walk.completion = { nodeCode: state.currentNode, actor: approver, outcome: 'pass' };
    },
  );
  const reminders = todoReminders(flowNo, ended, has);
  const dueReminders = nodeDueReminders(flowNo, has);

  setHandler(
    completeNodeUpdate,
    async (req) => {
      walk.completion = req;
      walk.closingByUpdate = true;
      if (answersWhenNextNodeOpen(has)) await condition(() => movedPast(state, req.nodeCode) || ended());
      else await condition(() => state.finishedNodes.includes(req.nodeCode) || ended());
      return state;
    },
    {
      validator: (req) => {
        if (ended()) throw ApplicationFailure.nonRetryable(REFUSAL.flowEnded);
        if (req.nodeCode !== state.currentNode || walk.completion || returnPending() || state.finishedNodes.includes(req.nodeCode)) {
          throw ApplicationFailure.nonRetryable(REFUSAL.nodeNotInProgress);
        }
        const completes = NODE_BEHAVIOUR[state.currentNode].completes;
        if (completes === 'reviews') throw ApplicationFailure.nonRetryable(REFUSAL.rfiCompletesByReview);
        if (completes === 'timer' && (walk.onTimer || !state.nodeOpen)) throw ApplicationFailure.nonRetryable(REFUSAL.publicityCompletesByTimer);
      },
    },
  );

  setHandler(
    revertNodeUpdate,
    async (req) => {
      walk.returning = req;
      const asked = ++walk.returnsAsked;
      await condition(() => walk.returnsDone >= asked || ended());
      return state;
    },
    {
      validator: (req: RevertNodeInput) => {
        if (ended()) throw ApplicationFailure.nonRetryable(REFUSAL.flowEnded);
        const before = plan[walk.at - 1];
        if (!NODE_BEHAVIOUR[req.nodeCode]?.returnable || state.currentNode !== req.nodeCode || !workable() || !before || NODE_BEHAVIOUR[before.nodeCode].completes === 'applied') {
          throw ApplicationFailure.nonRetryable(REFUSAL.cannotRevertHere);
        }
      },
    },
  );

  setHandler(
    terminateUpdate,
    async (req) => {
      walk.termination = req;
      await condition(ended);
      return state;
    },
    {
      validator: (_req: TerminateInput) => {
        if (ended()) throw ApplicationFailure.nonRetryable(REFUSAL.flowEnded);
        if (!canTerminate({ stage: state.stage, currentNodeCode: state.currentNode, requalification: input.requalification })) {
          throw ApplicationFailure.nonRetryable(REFUSAL.cannotTerminateHere);
        }
      },
    },
  );

  setHandler(
    reassignUpdate,
    async ({ assignments, actor }) => {
      await acts.remote.reassignRoles({ flowNo, assignments, actor });
      const pm = assignments.find((a) => a.role === 'PURCHASE_MANAGER');
      if (pm) upsertSearchAttributes([{ key: SA.PurchaseManager, value: pm.jobNumber }]);
      return state;
    },
    {
      validator: ({ assignments }: { assignments: RoleAssignment[] }) => {
        if (!canAdjustOwner({ stage: state.stage })) throw ApplicationFailure.nonRetryable(REFUSAL.flowEnded);
        if (assignments.length === 0) throw ApplicationFailure.nonRetryable(REFUSAL.nothingToReassign);
      },
    },
  );

  const publish = () =>
    upsertSearchAttributes([
      { key: SA.Stage, value: String(state.stage) },
      { key: SA.CurrentNode, value: state.currentNode },
    ]);

  for (walk.at = 0; walk.at < plan.length; walk.at++) {
    const node = plan[walk.at];
    const behaviour = NODE_BEHAVIOUR[node.nodeCode];
    // START is the application itself: recorded finished by the apply transaction.
    if (behaviour.completes === 'applied') {
      state.finishedNodes.push(node.nodeCode);
      continue;
    }
    const visit = (walk.visits[node.nodeCode] ?? 0) + 1;
    walk.visits[node.nodeCode] = visit;
    state.currentNode = node.nodeCode;
    state.stage = node.stage;
    state.nodeOpen = false;
    publish();
    // A node principal's due days count from the workflow's time (RFI's task is the supplier's questionnaire: no due time).
    const remindsDue = behaviour.principalTask === 'onOpen' && !!node.dueDays && dueReminders.on();
    const openedAt = Date.now();
    const opened = await acts.step(has).openNode({
      flowNo,
      nodeCode: node.nodeCode,
      ...(visit > 1 ? { visit } : {}),
      ...(behaviour.completes === 'timer' || remindsDue ? { openedAt } : {}),
    });
    state.nodeOpen = true;
    const opening = ++walk.openings;
    if (remindsDue && opened?.endTime) {
      dueReminders.watch({ nodeCode: node.nodeCode, visit, openedAt, endTime: opened.endTime }, () => walk.openings !== opening || !workable());
    }
    // A return answers once the node before it is open again: this one.
    walk.returnsDone = walk.returnsAsked;
    if (behaviour.remindsTodos) reminders.start();
    const interrupted = () => walk.completion?.nodeCode === node.nodeCode || walk.termination !== undefined || returnPending();
    if (behaviour.completes === 'reviews') {
      const passedBy = await runRfi(() => walk.termination !== undefined);
      if (passedBy) walk.completion = { nodeCode: node.nodeCode, actor: passedBy, outcome: 'pass' };
    } else if (behaviour.completes === 'timer' && opened?.endTime && publicityRunsOnTimer(has)) {
      // An opening recorded before the timer existed answers no end: such a run waits for a completion.
      walk.onTimer = true;
      if (await publicityPeriodEnded(opened.endTime, interrupted)) walk.completion = { nodeCode: node.nodeCode, outcome: 'pass' };
      walk.onTimer = false;
    } else {
      await condition(interrupted);
    }
    // Approvals belong to the open KCP2: one still running when the node closes or the flow ends is withdrawn.
    await approvals.withdrawAll();
    if (walk.termination) {
      const { actor, reason } = walk.termination;
      // A requalification a person terminates is withdrawn: its categories stay as they were.
      if (input.requalification) await requalification.remote.concludeRequalification({ flowNo, outcome: 'withdrawn', actor, reason });
      else await acts.remote.endFlow({ flowNo, stage: STAGE.TERMINATED, actor, reason });
      state.terminated = true;
      state.stage = STAGE.TERMINATED;
      break;
    }
    if (!walk.completion && walk.returning) {
      // Returned (req flow §4.6): this node is not started again, the one before opens as its next visit.
      const before = plan[walk.at - 1].nodeCode;
      await acts.remote.returnNode({ flowNo, nodeCode: node.nodeCode, visit, actor: walk.returning.actor });
      state.finishedNodes = state.finishedNodes.filter((n) => n !== before && n !== node.nodeCode);
      walk.returning = undefined;
      walk.at -= 2;
      continue;
    }
    const done = walk.completion;
    await (walk.closingByUpdate ? acts.remote : acts.step(has)).closeNode({ flowNo, nodeCode: node.nodeCode, actor: done?.actor, outcome: done?.outcome ?? 'pass', ...(visit > 1 ? { visit } : {}) });
    state.finishedNodes.push(node.nodeCode);
    // Cleared only now: a second completion of the node while it closes is refused by the validator.
    walk.completion = undefined;
    walk.closingByUpdate = false;
    if (done?.outcome === 'fail') {
      const ending = { flowNo, actor: done.actor, reason: `${node.nodeCode} failed` };
      // A failed requalification restricts its categories or submits their exit, as their policy says.
      if (input.requalification) await requalification.step(has).concludeRequalification({ ...ending, outcome: 'failed' });
      else await acts.step(has).endFlow({ ...ending, stage: STAGE.TERMINATED });
      state.terminated = true;
      state.stage = STAGE.TERMINATED;
      break;
    }
  }

  if (!state.terminated) {
    // The state says finished once the projection does, so an update waiting for the end answers after it.
    if (input.requalification) {
      // Passed: the categories stay admitted, qualified from today; nothing is admitted anew.
      await requalification.step(has).concludeRequalification({ flowNo, outcome: 'passed' });
    } else if (has(ADMISSION_PATCH)) {
      const { supplierCode } = await admission.step(has).admitSupplier({ flowNo });
      if (supplierCode) upsertSearchAttributes([{ key: SA.SupplierCode, value: supplierCode }]);
    } else {
      await acts.step(has).endFlow({ flowNo, stage: STAGE.FINISHED });
    }
    state.stage = STAGE.FINISHED;
  }
  publish();
  await reminders.stopped();
  await dueReminders.stopped();
  await condition(allHandlersFinished);
  return state;
}
