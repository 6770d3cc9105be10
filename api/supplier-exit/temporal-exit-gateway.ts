import { Client, type Connection, WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, WorkflowNotFoundError } from '@temporalio/common';
import {
  decideExitUpdate,
  EXIT_REFUSAL,
  SUPPLIER_EXIT_WORKFLOW,
  supplierExitWorkflowId,
  terminateExitUpdate,
} from '#workflows/supplier-exit-definitions.ts';
import { conflict, notFound, ServiceError, unavailable } from '#services/errors.ts';
import type { ExitGateway } from '#services/supplier-exit/exit-gateway.ts';

/** DESIGN §4: calls to a workflow carry a deadline; a timeout answers 503 and changes nothing. */
const CALL_DEADLINE_MS = 10_000;
const REFUSALS = new Set<string>(Object.values(EXIT_REFUSAL));

/** ExitGateway over a Temporal client. */
export function createTemporalExitGateway(opts: { connection: Connection; namespace: string; taskQueue: string; deadlineMs?: number }): ExitGateway {
  const client = new Client({ connection: opts.connection, namespace: opts.namespace });
  const deadlineMs = opts.deadlineMs ?? CALL_DEADLINE_MS;
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await client.withDeadline(Date.now() + deadlineMs, fn);
    } catch (err) {
      throw engineError(err);
    }
  };
  const handle = (flowNo: string) => client.workflow.getHandle(supplierExitWorkflowId(flowNo));
  return {
    async start(input) {
      await call(async () => {
        try {
          await client.workflow.start(SUPPLIER_EXIT_WORKFLOW, {
            workflowId: supplierExitWorkflowId(input.flowNo),
            taskQueue: opts.taskQueue,
            args: [input],
            // The exit number is the business key: a repeated start is the same submit.
            workflowIdConflictPolicy: 'USE_EXISTING',
            workflowIdReusePolicy: 'REJECT_DUPLICATE',
            staticSummary: `Supplier exit ${input.flowNo}`,
          });
        } catch (err) {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        }
      });
    },
    async decide(flowNo, input, updateId) {
      await call(() => handle(flowNo).executeUpdate(decideExitUpdate, { args: [input], updateId }));
    },
    async terminate(flowNo, input, updateId) {
      await call(() => handle(flowNo).executeUpdate(terminateExitUpdate, { args: [input], updateId }));
    },
  };
}

/** A validator's refusal is a 409 with its reason; an unknown exit a 404; anything else a 503 (retry is safe). */
function engineError(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  if (err instanceof WorkflowUpdateFailedError) {
    const reason = err.cause instanceof ApplicationFailure ? err.cause.message : '';
    return Object.assign(conflict(REFUSALS.has(reason) ? reason : 'exitNotPending'), { cause: err });
  }
  if (err instanceof WorkflowNotFoundError) return Object.assign(notFound('exitNotFound'), { cause: err });
  return Object.assign(unavailable(), { cause: err });
}
