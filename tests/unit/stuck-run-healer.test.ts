import { describe, expect, it } from 'vitest';
import { dueForReset, GRACE_MS, healableCause } from '#infra/temporal/stuck-run-healer.ts';

/** Which runs the healer resets by itself, and when (infra/temporal/stuck-run-healer.ts). */
describe('the stuck-run healer’s rule', () => {
  it('heals a run refused for answering an update it had accepted, and nothing else', () => {
    expect(healableCause({ problems: ['category=WorkflowTaskFailed', 'cause=WorkflowTaskFailedCauseBadUpdateWorkflowExecutionMessage'] })).toBe(
      'BadUpdateWorkflowExecutionMessage',
    );
    // A workflow bug or a worker away: a reset does not cure these; they stay for an operator.
    expect(healableCause({ problems: ['category=WorkflowTaskFailed', 'cause=WorkflowTaskFailedCauseWorkflowWorkerUnhandledFailure'] })).toBeUndefined();
    expect(healableCause({ problems: ['category=WorkflowTaskTimedOut'] })).toBeUndefined();
  });

  it('waits its grace period from when the mark was first seen', () => {
    expect(dueForReset(0, GRACE_MS - 1)).toBe(false);
    expect(dueForReset(0, GRACE_MS)).toBe(true);
  });
});
