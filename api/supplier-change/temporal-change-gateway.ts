import { Client, type Connection, WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, WorkflowNotFoundError } from '@temporalio/common';
import {
  cancelChangeUpdate,
  CHANGE_REFUSAL,
  decideChangeUpdate,
  resolveChangeConflictUpdate,
  SUPPLIER_CHANGE_WORKFLOW,
  supplierChangeWorkflowId,
} from '#workflows/supplier-change-definitions.ts';
import { conflict, notFound, ServiceError, unavailable } from '#services/errors.ts';
import type { ChangeGateway } from '#services/supplier-change/change-gateway.ts';

/** DESIGN §4: calls to a workflow carry a deadline; a timeout answers 503 and changes nothing. */
const CALL_DEADLINE_MS = 10_000;
const REFUSALS = new Set<string>(Object.values(CHANGE_REFUSAL));

/** ChangeGateway over a Temporal client: one workflow per submission (round) of a change. */
export function createTemporalChangeGateway(opts: { connection: Connection; namespace: string; taskQueue: string; deadlineMs?: number }): ChangeGateway {
  const client = new Client({ connection: opts.connection, namespace: opts.namespace });
  const deadlineMs = opts.deadlineMs ?? CALL_DEADLINE_MS;
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await client.withDeadline(Date.now() + deadlineMs, fn);
    } catch (err) {
      throw engineError(err);
    }
  };
  const handle = (flowNo: string, round: number) => client.workflow.getHandle(supplierChangeWorkflowId(flowNo, round));
  return {
    async startChange(input) {
      await call(async () => {
        try {
          await client.workflow.start(SUPPLIER_CHANGE_WORKFLOW, {
            workflowId: supplierChangeWorkflowId(input.flowNo, input.round),
            taskQueue: opts.taskQueue,
            args: [input],
            // The change's number and round are the business key: a repeated submit of a round is the same run.
            workflowIdConflictPolicy: 'USE_EXISTING',
            workflowIdReusePolicy: 'REJECT_DUPLICATE',
            staticSummary: `Supplier information change ${input.flowNo} (round ${input.round})`,
          });
        } catch (err) {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        }
      });
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

/** A validator's refusal is a 409 with its reason; an unknown change a 404; anything else a 503 (retry is safe). */
function engineError(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  if (err instanceof WorkflowUpdateFailedError) {
    const reason = err.cause instanceof ApplicationFailure ? err.cause.message : '';
    return Object.assign(conflict(REFUSALS.has(reason) ? reason : CHANGE_REFUSAL.notPending), { cause: err });
  }
  if (err instanceof WorkflowNotFoundError) return Object.assign(notFound('changeNotFound'), { cause: err });
  return Object.assign(unavailable(), { cause: err });
}
