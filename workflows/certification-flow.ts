import { allHandlersFinished, ApplicationFailure, condition, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { CertFlowActivities } from '#activities/cert-flow-activities.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { canAdjustOwner, canTerminate } from '#domain/cert-flow/rules.ts';
import {
  type CertFlowInput,
  type CertFlowState,
  type CompleteNodeInput,
  completeNodeUpdate,
  reassignUpdate,
  REFUSAL,
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

const acts = proxyActivities<CertFlowActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/**
 * One certification flow (DESIGN §4): walks its node plan, opening each node through an activity
 * and waiting for the node's outcome, which arrives as an Update from the API.
 */
export async function certificationFlow(input: CertFlowInput): Promise<CertFlowState> {
  const { flowNo, plan } = input;
  const state: CertFlowState = {
    flowNo,
    stage: STAGE.PREPARATION,
    currentNode: (plan.find((n) => n.nodeCode !== 'START') ?? plan[0]).nodeCode,
    nodeOpen: false,
    finishedNodes: [],
    terminated: false,
    rfi: { phase: 'filling', round: 1, inviteSeq: 1, decisions: {} },
    approvals: {},
  };
  let completion: CompleteNodeInput | undefined;
  let termination: TerminateInput | undefined;
  const ended = () => state.terminated || state.stage === STAGE.FINISHED;

  setHandler(stateQuery, () => state);
  const runRfi = rfiNode(state, ended);
  // Approvals are asked at KCP2 (spec 2 §4.4) while it is open and not being completed or terminated.
  const atOpenKcp2 = () =>
    state.currentNode === 'KCP2' && state.nodeOpen && !state.finishedNodes.includes('KCP2') && !completion && !termination && !ended();
  const approvals = flowApprovals(state, atOpenKcp2);
  const reminders = todoReminders(flowNo, ended);

  setHandler(
    completeNodeUpdate,
    async (req) => {
      completion = req;
      if (answersWhenNextNodeOpen()) await condition(() => movedPast(state, req.nodeCode) || ended());
      else await condition(() => state.finishedNodes.includes(req.nodeCode) || ended());
      return state;
    },
    {
      validator: (req) => {
        if (ended()) throw ApplicationFailure.nonRetryable(REFUSAL.flowEnded);
        if (req.nodeCode !== state.currentNode || completion || state.finishedNodes.includes(req.nodeCode)) {
          throw ApplicationFailure.nonRetryable(REFUSAL.nodeNotInProgress);
        }
        if (req.nodeCode === 'RFI') throw ApplicationFailure.nonRetryable(REFUSAL.rfiCompletesByReview);
      },
    },
  );

  setHandler(
    terminateUpdate,
    async (req) => {
      termination = req;
      await condition(ended);
      return state;
    },
    {
      validator: (_req: TerminateInput) => {
        if (ended()) throw ApplicationFailure.nonRetryable(REFUSAL.flowEnded);
        if (!canTerminate({ stage: state.stage, currentNodeCode: state.currentNode })) {
          throw ApplicationFailure.nonRetryable(REFUSAL.cannotTerminateHere);
        }
      },
    },
  );

  setHandler(
    reassignUpdate,
    async ({ assignments, actor }) => {
      await acts.reassignRoles({ flowNo, assignments, actor });
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

  for (const node of plan) {
    // START is the application itself: recorded finished by the apply transaction.
    if (node.nodeCode === 'START') {
      state.finishedNodes.push(node.nodeCode);
      continue;
    }
    state.currentNode = node.nodeCode;
    state.stage = node.stage;
    state.nodeOpen = false;
    publish();
    await acts.openNode({ flowNo, nodeCode: node.nodeCode });
    state.nodeOpen = true;
    if (node.nodeCode === 'KCP2') reminders.start();
    if (node.nodeCode === 'RFI') {
      const passedBy = await runRfi(() => termination !== undefined);
      if (passedBy) completion = { nodeCode: 'RFI', actor: passedBy, outcome: 'pass' };
    } else {
      await condition(() => completion?.nodeCode === node.nodeCode || termination !== undefined);
    }
    // Approvals belong to the open KCP2: one still running when the node closes or the flow ends is withdrawn.
    await approvals.withdrawAll();
    if (termination) {
      await acts.endFlow({ flowNo, stage: STAGE.TERMINATED, actor: termination.actor, reason: termination.reason });
      state.terminated = true;
      state.stage = STAGE.TERMINATED;
      break;
    }
    const done = completion;
    await acts.closeNode({ flowNo, nodeCode: node.nodeCode, actor: done?.actor, outcome: done?.outcome ?? 'pass' });
    state.finishedNodes.push(node.nodeCode);
    // Cleared only now: a second completion of the node while it closes is refused by the validator.
    completion = undefined;
    if (done?.outcome === 'fail') {
      await acts.endFlow({ flowNo, stage: STAGE.TERMINATED, actor: done.actor, reason: `${node.nodeCode} failed` });
      state.terminated = true;
      state.stage = STAGE.TERMINATED;
      break;
    }
  }

  if (!state.terminated) {
    // The state says finished once the projection does, so an update waiting for the end answers after it.
    await acts.endFlow({ flowNo, stage: STAGE.FINISHED });
    state.stage = STAGE.FINISHED;
  }
  publish();
  await reminders.stopped();
  await condition(allHandlersFinished);
  return state;
}
