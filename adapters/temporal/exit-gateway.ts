import { Client, type Connection } from '@temporalio/client';
import {
  decideExitUpdate,
  EXIT_REFUSAL,
  SUPPLIER_EXIT_WORKFLOW,
  supplierExitWorkflowId,
  terminateExitUpdate,
} from '#workflows/supplier-exit-definitions.ts';
import type { ExitGateway } from '#services/supplier-exit/exit-gateway.ts';
import { engineCaller, startOnce } from './engine-calls.ts';

const REFUSALS = { known: new Set<string>(Object.values(EXIT_REFUSAL)), otherwise: 'exitNotPending', notFound: 'exitNotFound' };

/** ExitGateway over a Temporal client. */
export function createTemporalExitGateway(opts: { connection: Connection; namespace: string; taskQueue: string; deadlineMs?: number }): ExitGateway {
  const client = new Client({ connection: opts.connection, namespace: opts.namespace });
  const call = engineCaller(client, REFUSALS, opts.deadlineMs);
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
    async decide(flowNo, input, updateId) {
      await call(() => handle(flowNo).executeUpdate(decideExitUpdate, { args: [input], updateId }));
    },
    async terminate(flowNo, input, updateId) {
      await call(() => handle(flowNo).executeUpdate(terminateExitUpdate, { args: [input], updateId }));
    },
  };
}
