import { Client, type Connection } from '@temporalio/client';
import {
  cancelChangeUpdate,
  CHANGE_REFUSAL,
  decideChangeUpdate,
  resolveChangeConflictUpdate,
  SUPPLIER_CHANGE_WORKFLOW,
  supplierChangeWorkflowId,
} from '#workflows/supplier-change-definitions.ts';
import type { ChangeGateway } from '#services/supplier-change/change-gateway.ts';
import { engineCaller, startOnce } from './engine-calls.ts';

const REFUSALS = { known: new Set<string>(Object.values(CHANGE_REFUSAL)), otherwise: CHANGE_REFUSAL.notPending, notFound: 'changeNotFound' };

/** ChangeGateway over a Temporal client: one workflow per submission (round) of a change. */
export function createTemporalChangeGateway(opts: { connection: Connection; namespace: string; taskQueue: string; deadlineMs?: number }): ChangeGateway {
  const client = new Client({ connection: opts.connection, namespace: opts.namespace });
  const call = engineCaller(client, REFUSALS, opts.deadlineMs);
  const handle = (flowNo: string, round: number) => client.workflow.getHandle(supplierChangeWorkflowId(flowNo, round));
  return {
    async startChange(input) {
      await call(() =>
        startOnce(client, SUPPLIER_CHANGE_WORKFLOW, {
          workflowId: supplierChangeWorkflowId(input.flowNo, input.round),
          taskQueue: opts.taskQueue,
          args: [input],
          // The change's number and round are the business key: a repeated submit of a round is the same run.
          staticSummary: `Supplier information change ${input.flowNo} (round ${input.round})`,
        }),
      );
    },
    async decideChange(flowNo, round, input, updateId) {
      await call(() => handle(flowNo, round).executeUpdate(decideChangeUpdate, { args: [input], updateId }));
    },
    async resolveConflict(flowNo, round, input, updateId) {
      await call(() => handle(flowNo, round).executeUpdate(resolveChangeConflictUpdate, { args: [input], updateId }));
    },
    async cancelChange(flowNo, round, input, updateId) {
      await call(() => handle(flowNo, round).executeUpdate(cancelChangeUpdate, { args: [input], updateId }));
    },
  };
}
