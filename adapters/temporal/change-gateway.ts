import { Client, type Connection } from '@temporalio/client';
import { APPROVAL_RULES } from '#domain/approvals/kinds.ts';
import {
  cancelChangeUpdate,
  changePastStepUpdate,
  CHANGE_REFUSAL,
  changeStateQuery,
  decideChangeUpdate,
  resolveChangeConflictUpdate,
  SUPPLIER_CHANGE_WORKFLOW,
  supplierChangeWorkflowId,
} from '#workflows/supplier-change-definitions.ts';
import type { ChangeGateway } from '#services/supplier-change/change-gateway.ts';
import { approvalRuns } from './approval-runs.ts';
import { engineCaller, startOnce } from './engine-calls.ts';

const REFUSALS = {
  known: new Set<string>([...Object.values(CHANGE_REFUSAL), ...Object.values(APPROVAL_RULES.SUPPLIER_CHANGE.refusals)]),
  otherwise: CHANGE_REFUSAL.notPending,
  notFound: 'changeNotFound',
};

/** ChangeGateway over a Temporal client: one workflow per submission (round) of a change, its approval a run of the approval engine. */
export function createTemporalChangeGateway(opts: { connection: Connection; namespace: string; taskQueue: string; deadlineMs?: number }): ChangeGateway {
  const client = new Client({ connection: opts.connection, namespace: opts.namespace });
  const call = engineCaller(client, REFUSALS, opts.deadlineMs);
  const runs = approvalRuns(client, REFUSALS, opts.deadlineMs);
  const workflowId = supplierChangeWorkflowId;
  const handle = (flowNo: string, round: number) => client.workflow.getHandle(workflowId(flowNo, round));
  return {
    async startChange(input) {
      await call(() =>
        startOnce(client, SUPPLIER_CHANGE_WORKFLOW, {
          workflowId: workflowId(input.flowNo, input.round),
          taskQueue: opts.taskQueue,
          args: [input],
          // The change's number and round are the business key: a repeated submit of a round is the same run.
          staticSummary: `Supplier information change ${input.flowNo} (round ${input.round})`,
        }),
      );
    },
    async decideChange(flowNo, round, input, updateId, stillPending) {
      if (!(await runs.onEngine(handle(flowNo, round), changeStateQuery))) {
        await call(() => handle(flowNo, round).executeUpdate(decideChangeUpdate, { args: [input], updateId }));
        return;
      }
      const { step, ...decided } = input;
      const decision = input.decision === 'approve' ? 'pass' : 'reject';
      await runs.decide(workflowId(flowNo, round), { kind: 'SUPPLIER_CHANGE', ...decided, decision }, { updateId, flowNo, starting: stillPending });
      // The approver is answered with what their decision did: the next step open, applied, a conflict, returned.
      if (step) await call(() => handle(flowNo, round).executeUpdate(changePastStepUpdate, { args: [{ step }] }));
    },
    async resolveConflict(flowNo, round, input, updateId) {
      await call(() => handle(flowNo, round).executeUpdate(resolveChangeConflictUpdate, { args: [input], updateId }));
    },
    async cancelChange(flowNo, round, input, updateId, stillPending) {
      if (!(await runs.onEngine(handle(flowNo, round), changeStateQuery))) {
        await call(() => handle(flowNo, round).executeUpdate(cancelChangeUpdate, { args: [input], updateId }));
        return;
      }
      await runs.withdraw(workflowId(flowNo, round), 'SUPPLIER_CHANGE', input, { updateId, flowNo, starting: stillPending });
    },
  };
}
