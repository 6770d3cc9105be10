import { Client, type Connection } from '@temporalio/client';
import {
  ASSESSMENT_ROUND_WORKFLOW,
  assessmentRoundWorkflowId,
  decideSummaryUpdate,
  ROUND_REFUSAL,
  submitReviewUpdate,
  submitSummaryUpdate,
  transferReviewUpdate,
} from '#workflows/assessment-round-definitions.ts';
import type { RoundGateway } from '#services/assessment/round-gateway.ts';
import { engineCaller, startOnce } from './engine-calls.ts';

const REFUSALS = { known: new Set<string>(Object.values(ROUND_REFUSAL)), otherwise: 'roundNotReviewing', notFound: 'planNotFound' };

/** RoundGateway over a Temporal client. */
export function createTemporalRoundGateway(opts: { connection: Connection; namespace: string; taskQueue: string; deadlineMs?: number }): RoundGateway {
  const client = new Client({ connection: opts.connection, namespace: opts.namespace });
  const call = engineCaller(client, REFUSALS, opts.deadlineMs);
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
    submitSummary: (planNo, input, updateId) => call(() => handle(planNo).executeUpdate(submitSummaryUpdate, { args: [input], updateId })),
    decideSummary: (planNo, input, updateId) => call(() => handle(planNo).executeUpdate(decideSummaryUpdate, { args: [input], updateId })),
  };
}
