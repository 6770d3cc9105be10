import { Client, type Connection } from '@temporalio/client';
import { APPROVAL_RULES } from '#domain/approvals/kinds.ts';
import {
  decideExitUpdate,
  EXIT_REFUSAL,
  exitStateQuery,
  SUPPLIER_EXIT_WORKFLOW,
  supplierExitWorkflowId,
  terminateExitUpdate,
} from '#workflows/supplier-exit-definitions.ts';
import type { ExitGateway } from '#services/supplier-exit/exit-gateway.ts';
import { approvalRuns } from './approval-runs.ts';
import { engineCaller, startOnce } from './engine-calls.ts';

const REFUSALS = {
  known: new Set<string>([...Object.values(EXIT_REFUSAL), ...Object.values(APPROVAL_RULES.SUPPLIER_EXIT.refusals)]),
  otherwise: 'exitNotPending',
  notFound: 'exitNotFound',
};

/** ExitGateway over a Temporal client: the exit's workflow, its approval a run of the approval engine. */
export function createTemporalExitGateway(opts: { connection?: Connection; client?: Client; namespace: string; taskQueue: string; deadlineMs?: number }): ExitGateway {
  const client = opts.client ?? new Client({ connection: opts.connection, namespace: opts.namespace });
  const call = engineCaller(client, REFUSALS, opts.deadlineMs);
  const runs = approvalRuns(client, REFUSALS, opts.deadlineMs);
  const handle = (flowNo: string) => client.workflow.getHandle(supplierExitWorkflowId(flowNo));
  return {
    async start(input) {
      await call(() =>
        startOnce(client, SUPPLIER_EXIT_WORKFLOW, {
          workflowId: supplierExitWorkflowId(input.flowNo),
          taskQueue: opts.taskQueue,
          args: [input],
          // The exit number is the business key: a repeated start is the same submit.
          staticSummary: `Supplier exit ${input.flowNo}`,
        }),
      );
    },
    async decide(flowNo, input, updateId, stillPending) {
      if (!(await runs.onEngine(handle(flowNo), exitStateQuery))) {
        await call(() => handle(flowNo).executeUpdate(decideExitUpdate, { args: [input], updateId }));
        return;
      }
      await runs.decide(supplierExitWorkflowId(flowNo), { kind: 'SUPPLIER_EXIT', ...input }, { updateId, flowNo, starting: stillPending });
    },
    async terminate(flowNo, input, updateId, stillPending) {
      if (!(await runs.onEngine(handle(flowNo), exitStateQuery))) {
        await call(() => handle(flowNo).executeUpdate(terminateExitUpdate, { args: [input], updateId }));
        return;
      }
      await runs.withdraw(supplierExitWorkflowId(flowNo), 'SUPPLIER_EXIT', { actor: input.actor }, { updateId, flowNo, starting: stillPending });
    },
  };
}
