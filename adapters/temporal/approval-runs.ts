import type { Client, WorkflowHandle } from '@temporalio/client';
import type { QueryDefinition } from '@temporalio/common';
import type { EngineApprovalKind } from '#domain/approvals/kinds.ts';
import {
  approvalRunId,
  decideApprovalUpdate,
  type DecideApprovalInput,
  withdrawApprovalUpdate,
  type WithdrawApprovalInput,
} from '#workflows/approval-definitions.ts';
import { type EngineRefusals, engineCaller, engineUpdater } from './engine-calls.ts';

/**
 * Decisions and withdrawals of any approval, sent to its run of the approval engine (a child of the subject's
 * workflow, `parentId`). `starting` says the database shows the approval open: a run not found yet is asked again
 * (its parent may still be opening it). Subjects that began before they ran on the engine took the messages
 * themselves: `onEngine` asks the parent, and `before` sends the message the old way.
 */
export function approvalRuns(client: Client, refusals: EngineRefusals, deadlineMs?: number) {
  const call = engineCaller(client, refusals, deadlineMs);
  const update = engineUpdater(client, refusals);
  const run = (parentId: string, kind: EngineApprovalKind) => client.workflow.getHandle(approvalRunId(parentId, kind));

  /** Whether the subject's workflow runs its approval on the engine (its state says so). */
  async function onEngine(parent: WorkflowHandle, state: QueryDefinition<{ onEngine?: true }>): Promise<boolean> {
    return (await call(() => parent.query(state))).onEngine === true;
  }

  return {
    onEngine,
    async decide(parentId: string, input: DecideApprovalInput, opts: { updateId?: string; flowNo: string; starting?: () => Promise<boolean> }): Promise<void> {
      await update(run(parentId, input.kind), decideApprovalUpdate, input, opts.updateId, opts.flowNo, opts.starting ? { starting: opts.starting } : {});
    },
    async withdraw(
      parentId: string,
      kind: EngineApprovalKind,
      input: WithdrawApprovalInput,
      opts: { updateId?: string; flowNo: string; starting?: () => Promise<boolean> },
    ): Promise<void> {
      await update(run(parentId, kind), withdrawApprovalUpdate, input, opts.updateId, opts.flowNo, opts.starting ? { starting: opts.starting } : {});
    },
  };
}
