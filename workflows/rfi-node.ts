import { ApplicationFailure, condition, setHandler } from '@temporalio/workflow';
import type { CertFlowActivities } from '#activities/cert-flow-activities.ts';
import {
  type CertFlowState,
  REFUSAL,
  reissueRfiUpdate,
  rfiReviewUpdate,
  rfiSubmittedSignal,
  type RfiReviewInput,
} from './definitions.ts';
import type { StaffActor } from '#domain/identity.ts';
import { RFI_REVIEW_KINDS } from '#domain/cert-flow/tasks.ts';
import { NODE_BEHAVIOUR } from '#domain/cert-flow/node-behaviour.ts';
import { answersWhenNextNodeOpen, movedPast } from './next-node-open.ts';
import { stepActivities } from './local-steps.ts';
import type { HasPatch } from './run-patches.ts';

/** The questionnaire's steps (local-steps.ts): a review and a re-issue are their update's first step. */
const acts = stepActivities<CertFlowActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

/**
 * The RFI node (req rfi §4, req flow §2.3): the supplier fills and submits; purchasing and the CMT
 * review; a rejection returns the questionnaire with the reason, and the supplier submits again
 * (a new round). The node is done when both reviews of one round pass.
 *
 * Registers its handlers at once (so a signal before the node opens is not lost) and returns the
 * function that runs the node.
 */
export function rfiNode(state: CertFlowState, isEnded: () => boolean, has: HasPatch) {
  let submitted = false;
  let lastDecider: StaffActor | undefined;
  let rejection: { reason: string; actor: StaffActor } | undefined;
  // A review being recorded: a second one for the same task is refused while the first runs.
  const pendingReviews = new Set<string>();
  const atRfi = () => NODE_BEHAVIOUR[state.currentNode].completes === 'reviews' && !isEnded();
  const roundPassed = () => RFI_REVIEW_KINDS.every((t) => state.rfi.decisions[t] === 'pass');

  setHandler(rfiSubmittedSignal, () => {
    if (atRfi() && state.rfi.phase === 'filling') submitted = true;
  });

  setHandler(
    rfiReviewUpdate,
    async (input) => {
      const round = state.rfi.round;
      await acts.remote.recordRfiReview({ flowNo: state.flowNo, round, ...input });
      // Recorded only once the projection holds it, so the node never closes ahead of its tasks.
      state.rfi.decisions[input.reviewType] = input.decision;
      lastDecider = input.actor;
      if (input.decision === 'reject') rejection = { reason: input.reason ?? '', actor: input.actor };
      // The review that passes the round closes the node: its caller sees APTITUDE open.
      if (roundPassed() && answersWhenNextNodeOpen(has)) await condition(() => movedPast(state, 'RFI') || isEnded());
      return state;
    },
    {
      validator: (input: RfiReviewInput) => {
        // A rejected round is over: its other review is refused even before the return has been recorded.
        const rejected = Object.values(state.rfi.decisions).includes('reject');
        if (!atRfi() || state.rfi.phase !== 'review' || rejected) throw ApplicationFailure.nonRetryable(REFUSAL.notInRfiReview);
        if (state.rfi.decisions[input.reviewType] || pendingReviews.has(input.reviewType)) {
          throw ApplicationFailure.nonRetryable(REFUSAL.reviewAlreadyDecided);
        }
        if (input.decision === 'reject' && !input.reason?.trim()) throw ApplicationFailure.nonRetryable(REFUSAL.reasonRequired);
        pendingReviews.add(input.reviewType);
      },
    },
  );

  setHandler(
    reissueRfiUpdate,
    async ({ actor }) => {
      const inviteSeq = state.rfi.inviteSeq + 1;
      await acts.remote.reissueRfiLink({ flowNo: state.flowNo, inviteSeq, actor });
      state.rfi.inviteSeq = inviteSeq;
      return state;
    },
    {
      validator: (_input: { actor: StaffActor }) => {
        if (!atRfi()) throw ApplicationFailure.nonRetryable(REFUSAL.notInRfiReview);
        // `submitted`: the answers are in, though the reviews have not opened yet.
        if (state.rfi.phase !== 'filling' || submitted) throw ApplicationFailure.nonRetryable(REFUSAL.rfiAlreadySubmitted);
      },
    },
  );

  /** Runs the node until both reviews of a round pass; resolves early (undefined) on termination. */
  return async function run(terminated: () => boolean): Promise<StaffActor | undefined> {
    for (;;) {
      await condition(() => submitted || terminated());
      if (terminated()) return undefined;
      submitted = false;
      state.rfi.phase = 'review';
      state.rfi.decisions = {};
      pendingReviews.clear();
      await acts.step(has).openRfiReview({ flowNo: state.flowNo, round: state.rfi.round });

      const decided = () => RFI_REVIEW_KINDS.every((t) => state.rfi.decisions[t]) || Object.values(state.rfi.decisions).includes('reject');
      await condition(() => decided() || terminated());
      if (terminated()) return undefined;
      if (!Object.values(state.rfi.decisions).includes('reject')) return lastDecider;

      await acts.step(has).returnRfi({ flowNo: state.flowNo, round: state.rfi.round, reason: rejection?.reason ?? '', actor: rejection?.actor });
      state.rfi.round += 1;
      state.rfi.phase = 'filling';
    }
  };
}
