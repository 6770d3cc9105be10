import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import proto from '@temporalio/proto';

// CommonJS package: take the namespace from its default export under plain Node ESM.
const EventType = proto.temporal.api.enums.v1.EventType;

/**
 * Set by the server on a run whose workflow tasks failed or timed out twice in a row, cleared by the next task
 * that succeeds (`category=…`, `cause=…`). Only with the dynamic config the dev servers get
 * (`infra/temporal/dev-server.ts`) and `dynamicconfig.yaml` sets, on Temporal 1.30 or later.
 */
const REPORTED_PROBLEMS = defineSearchAttributeKey('TemporalReportedProblems', SearchAttributeType.KEYWORD_LIST);

export interface StuckRun {
  workflowId: string;
  runId: string;
  type: string;
  /** What the server reports, e.g. `category=WorkflowTaskFailed`, `cause=WorkflowTaskFailedCause…`. */
  problems: string[];
  /** The attempt of the workflow task now pending: how many times in a row it has failed or timed out. */
  attempt: number;
  startedAt: Date;
}

/** The running runs the server reports a problem for, oldest first. */
export async function listStuckRuns(client: Client): Promise<StuckRun[]> {
  const runs: StuckRun[] = [];
  const query = `ExecutionStatus = 'Running' AND ${REPORTED_PROBLEMS.name} IS NOT NULL`;
  for await (const run of client.workflow.list({ query })) {
    const described = await client.workflow.getHandle(run.workflowId, run.runId).describe();
    runs.push({
      workflowId: run.workflowId,
      runId: run.runId,
      type: run.type,
      problems: run.typedSearchAttributes.get(REPORTED_PROBLEMS) ?? [],
      attempt: described.raw.pendingWorkflowTask?.attempt ?? 0,
      startedAt: run.startTime,
    });
  }
  return runs.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
}

/**
 * Resets a run to its last completed workflow task, as `temporal workflow reset --type LastWorkflowTask` does:
 * a new run replays the history up to there and goes on, signals and updates received after it are applied
 * again, and the activities it had scheduled since run again (every step of the flows is idempotent, architecture
 * §4). The way out for a run whose every task is refused, after the server's restart, for answering an update
 * it had accepted (docs/operations.md "A flow that does not move"). Only a running run is reset: the server would reset an ended one too —
 * a run already reset, whose successor would then lose what it did since. Returns the new run's id.
 */
export async function resetToLastWorkflowTask(client: Client, run: { workflowId: string; runId: string }, reason: string): Promise<string> {
  const handle = client.workflow.getHandle(run.workflowId, run.runId);
  const { status } = await handle.describe();
  if (status.name !== 'RUNNING') throw new Error(`${run.workflowId} run ${run.runId} is ${status.name.toLowerCase()}, not running: nothing reset`);
  const history = await handle.fetchHistory();
  const completed = history.events?.findLast((e) => e.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED);
  if (!completed?.eventId) throw new Error(`${run.workflowId} has no completed workflow task to go back to`);
  const reset = await client.workflowService.resetWorkflowExecution({
    namespace: client.options.namespace,
    workflowExecution: { workflowId: run.workflowId, runId: run.runId },
    workflowTaskFinishEventId: completed.eventId,
    reason,
    requestId: randomUUID(),
  });
  return reset.runId ?? '';
}
