import { allHandlersFinished, ApplicationFailure, condition, patched, proxyActivities, setHandler, startChild } from '@temporalio/workflow';
import type { AssessmentRoundActivities } from '#activities/assessment-round-activities.ts';
import { roundReminderMoments } from '#domain/assessment/round.ts';
import type { StaffActor } from '#domain/identity.ts';
import { approvalRunId } from './approval-definitions.ts';
import { approvalFlow } from './approval-flow.ts';
import { approvalStepOpenedSignal } from './definitions.ts';
import {
  assessmentRoundWorkflowId,
  type AssessmentRoundInput,
  type AssessmentRoundState,
  decideSummaryUpdate,
  ROUND_REFUSAL,
  roundStateQuery,
  type RoundTask,
  submitReviewUpdate,
  submitSummaryUpdate,
  transferReviewUpdate,
} from './assessment-round-definitions.ts';

const acts = proxyActivities<AssessmentRoundActivities>({
  // Opening a plan of a thousand suppliers writes thousands of task rows and mails in one activity.
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

const refuse = (reason: string) => ApplicationFailure.nonRetryable(reason);

/**
 * The summary's approval runs on the approval engine (a child run per submission; decisions go there). Rounds
 * from before decide it on the round's own update, as then. Next: that update and this patch go once no round
 * from before is approving (docs/decisions/0052-one-approval-engine.md).
 */
export const SUMMARY_ON_ENGINE_PATCH = 'summary-on-approval-engine';

/**
 * One round of a performance plan (req performance §2.4, §4; docs/decisions/0044-assessment-rounds.md): every
 * reviewer gets a task per supplier in "my open tasks" and a mail; reviewers still open are reminded a
 * working day before the deadline and the owner is told once it has passed (durable timers). A reviewer
 * submits their own task or it is transferred by its holder or the owner. With every task submitted the
 * owner's summary opens; it goes to an approver, a rejection returns it to the owner, an approval
 * publishes the results. One message's effects are recorded at a time.
 */
export async function assessmentRoundFlow(input: AssessmentRoundInput): Promise<AssessmentRoundState> {
  const summaryOnEngine = patched(SUMMARY_ON_ENGINE_PATCH);
  const { planNo, ownerJobNumber } = input;
  const state: AssessmentRoundState = { planNo, phase: 'reviewing', submitted: 0, total: 0, approverJobNumber: null, approvalRound: 0, ...(summaryOnEngine ? { onEngine: true as const } : {}) };
  const tasks = new Map<string, RoundTask>();
  let opened = false;

  // Handlers' activities run one after another, in the order the updates were accepted.
  let chain: Promise<unknown> = Promise.resolve();
  function serial(work: () => Promise<void>): Promise<AssessmentRoundState> {
    const run = chain.then(work);
    chain = run.catch(() => undefined);
    return run.then(() => state);
  }
  const reviewDone = () => opened && state.submitted === state.total;

  setHandler(roundStateQuery, () => state);
  setHandler(
    submitReviewUpdate,
    ({ taskNo, actor }) =>
      serial(async () => {
        const task = tasks.get(taskNo)!;
        if (task.submitted) return;
        await acts.recordReviewSubmitted({ planNo, taskNo, actor });
        task.submitted = true;
        state.submitted += 1;
      }),
    {
      validator: ({ taskNo, actor }) => {
        const task = reviewing(taskNo);
        if (task.submitted) throw refuse(ROUND_REFUSAL.alreadySubmitted);
        if (actor.jobNumber !== task.holder) throw refuse(ROUND_REFUSAL.notHolder);
      },
    },
  );
  setHandler(
    transferReviewUpdate,
    ({ taskNo, to, actor }) =>
      serial(async () => {
        const task = tasks.get(taskNo)!;
        if (task.submitted || task.holder === to.jobNumber) return;
        await acts.transferReview({ planNo, taskNo, from: task.holder, to, actor });
        task.holder = to.jobNumber;
      }),
    {
      validator: ({ taskNo, to, actor }) => {
        const task = reviewing(taskNo);
        if (task.submitted) throw refuse(ROUND_REFUSAL.alreadySubmitted);
        if (actor.jobNumber !== task.holder && actor.jobNumber !== ownerJobNumber) throw refuse(ROUND_REFUSAL.notTransferable);
        if (to.jobNumber === task.holder) throw refuse(ROUND_REFUSAL.transferToSelf);
      },
    },
  );
  setHandler(
    submitSummaryUpdate,
    ({ approverJobNumber, approverName, actor }) =>
      serial(async () => {
        const round = state.approvalRound + 1;
        if (summaryOnEngine) await approveOnEngine(round, { jobNumber: approverJobNumber, name: approverName ?? approverJobNumber }, actor);
        else await acts.openSummaryApproval({ planNo, round, approverJobNumber, actor });
        state.approvalRound = round;
        state.approverJobNumber = approverJobNumber;
        state.phase = 'approving';
      }),
    {
      validator: ({ approverJobNumber, actor }) => {
        if (state.phase !== 'summarizing') throw refuse(ROUND_REFUSAL.notSummarizing);
        if (actor.jobNumber !== ownerJobNumber) throw refuse(ROUND_REFUSAL.notOwner);
        if (approverJobNumber === ownerJobNumber) throw refuse(ROUND_REFUSAL.ownApproval);
      },
    },
  );
  if (!summaryOnEngine) {
    setHandler(
      decideSummaryUpdate,
      ({ decision, reason, actor }) =>
        serial(async () => {
          await acts.recordSummaryDecision({ planNo, round: state.approvalRound, decision, reason, actor });
          state.approverJobNumber = null;
          state.phase = decision === 'approve' ? 'publishing' : 'summarizing';
        }),
      {
        validator: ({ decision, reason, actor }) => {
          if (state.phase !== 'approving') throw refuse(ROUND_REFUSAL.notApproving);
          if (actor.jobNumber === ownerJobNumber) throw refuse(ROUND_REFUSAL.ownApproval);
          if (actor.jobNumber !== state.approverJobNumber) throw refuse(ROUND_REFUSAL.notApprover);
          if (decision === 'reject' && !reason?.trim()) throw refuse(ROUND_REFUSAL.reasonRequired);
        },
      },
    );
  }

  /** The summary's approval whose step is open: the submission answers once its own is. */
  let openApproval = '';
  setHandler(approvalStepOpenedSignal, ({ approvalNo }) => {
    openApproval = approvalNo;
  });

  /**
   * Submission `round` of the summary, as a run of the approval engine: the owner's submission answers once the
   * approver's step is open; the run's outcome publishes the results or returns the summary to its owner.
   */
  async function approveOnEngine(round: number, approver: { jobNumber: string; name: string }, submitter: StaffActor): Promise<void> {
    const approvalNo = `${planNo}-S${round}`;
    const run = await startChild(approvalFlow, {
      workflowId: approvalRunId(assessmentRoundWorkflowId(planNo), 'ASSESSMENT_SUMMARY'),
      args: [{ kind: 'ASSESSMENT_SUMMARY', flowNo: planNo, round, approvalNo, approvers: [approver], submitter }],
      staticSummary: `Approval of the summary of plan ${planNo}, round ${round}`,
    });
    await condition(() => openApproval === approvalNo);
    void run.result().then(({ outcome }) => {
      state.approverJobNumber = null;
      state.phase = outcome === 'approved' ? 'publishing' : 'summarizing';
    });
  }

  /** The task an update names, while reviews are open; refuses otherwise. */
  function reviewing(taskNo: string): RoundTask {
    if (state.phase !== 'reviewing' || !opened) throw refuse(ROUND_REFUSAL.notReviewing);
    const task = tasks.get(taskNo);
    if (!task) throw refuse(ROUND_REFUSAL.taskNotFound);
    return task;
  }

  const startedAt = Date.now();
  const { tasks: made } = await acts.openRound({ planNo });
  for (const t of made) tasks.set(t.taskNo, { ...t });
  state.total = made.length;
  state.submitted = made.filter((t) => t.submitted).length;
  opened = true;
  await acts.mailReviewers({ planNo });

  const watch = watchDeadline();
  await condition(reviewDone);
  await watch;
  // Opened in the handlers' order: the last submission's effects are recorded first.
  await serial(async () => {
    await acts.openSummary({ planNo });
    state.phase = 'summarizing';
  });
  await condition(() => state.phase === 'publishing');
  await serial(async () => {
    await acts.publishResults({ planNo });
    state.phase = 'concluded';
  });
  await condition(allHandlersFinished);
  return state;

  /** Durable timers to the deadline's reminder moments; each ends as soon as every task is submitted. */
  async function watchDeadline(): Promise<void> {
    for (const { kind, at } of roundReminderMoments(startedAt, Date.parse(input.deadline))) {
      const left = at - Date.now();
      if (left > 0) await condition(reviewDone, left);
      if (reviewDone()) return;
      await acts.remindRound({ planNo, kind });
    }
  }
}
