import { Client, type Connection } from '@temporalio/client';
import {
  ASSESSMENT_ROUND_WORKFLOW,
  assessmentRoundWorkflowId,
  decideSummaryUpdate,
  ROUND_REFUSAL,
  roundStateQuery,
  submitReviewUpdate,
  submitSummaryUpdate,
  transferReviewUpdate,
} from '#workflows/assessment-round-definitions.ts';
import type { RoundGateway } from '#services/assessment/round-gateway.ts';
import { APPROVAL_RULES } from '#domain/approvals/kinds.ts';
import { approvalRuns } from './approval-runs.ts';
import { engineCaller, engineUpdater, startOnce } from './engine-calls.ts';

const REFUSALS = {
  known: new Set<string>([...Object.values(ROUND_REFUSAL), ...Object.values(APPROVAL_RULES.ASSESSMENT_SUMMARY.refusals)]),
  otherwise: 'roundNotReviewing',
  notFound: 'planNotFound',
};

const RETURNING: ReadonlySet<string> = new Set([ROUND_REFUSAL.notSummarizing]);

/** RoundGateway over a Temporal client. */
export function createTemporalRoundGateway(opts: { connection: Connection; namespace: string; taskQueue: string; deadlineMs?: number }): RoundGateway {
  const client = new Client({ connection: opts.connection, namespace: opts.namespace });
  const call = engineCaller(client, REFUSALS, opts.deadlineMs);
  const runs = approvalRuns(client, REFUSALS, opts.deadlineMs);
  const update = engineUpdater(client, REFUSALS);
  const handle = (planNo: string) => client.workflow.getHandle(assessmentRoundWorkflowId(planNo));
  return {
    async start(input) {
      await call(() =>
        startOnce(client, ASSESSMENT_ROUND_WORKFLOW, {
          workflowId: assessmentRoundWorkflowId(input.planNo),
          taskQueue: opts.taskQueue,
          args: [input],
          staticSummary: `Assessment round of plan ${input.planNo}`,
        }),
      );
    },
    submitReview: (planNo, input, updateId) => call(() => handle(planNo).executeUpdate(submitReviewUpdate, { args: [input], updateId })),
    transferReview: (planNo, input, updateId) => call(() => handle(planNo).executeUpdate(transferReviewUpdate, { args: [input], updateId })),
    async submitSummary(planNo, input, updateId, stillAllowed) {
      // A summary returned a moment ago: the plan shows it calculated while its approval run is still ending.
      const behind = stillAllowed && { refusals: RETURNING, stillAllowed };
      await update(handle(planNo), submitSummaryUpdate, input, updateId, planNo, behind ? { behind } : {});
    },
    async decideSummary(planNo, input, updateId, stillPending) {
      if (!(await runs.onEngine(handle(planNo), roundStateQuery))) {
        await call(() => handle(planNo).executeUpdate(decideSummaryUpdate, { args: [input], updateId }));
        return;
      }
      const decision = input.decision === 'approve' ? 'pass' : 'reject';
      await runs.decide(assessmentRoundWorkflowId(planNo), { kind: 'ASSESSMENT_SUMMARY', ...input, decision }, { updateId, flowNo: planNo, starting: stillPending });
    },
  };
}
