import { Client, Connection, WorkflowExecutionAlreadyStartedError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, WorkflowNotFoundError } from '@temporalio/common';
import {
  CERT_FLOW_WORKFLOW,
  approvalWorkflowId,
  completeNodeUpdate,
  certFlowWorkflowId,
  decideApprovalUpdate,
  startApprovalUpdate,
  todosChangedSignal,
  REFUSAL,
  reassignUpdate,
  revertNodeUpdate,
  reissueRfiUpdate,
  rfiReviewUpdate,
  terminateUpdate,
  rfiSubmittedSignal,
  SA,
  type CertFlowInput,
} from '#workflows/definitions.ts';
import { conflict, notFound, ServiceError, unavailable } from '#services/errors.ts';
import type { FlowGateway, FlowSearchAttributes } from '#services/cert-flow/flow-gateway.ts';

/** DESIGN §4: calls to the workflow carry a deadline; a timeout answers 503. */
const FLOW_CALL_DEADLINE_MS = 10_000;

const REFUSALS = new Set<string>(Object.values(REFUSAL));

/** FlowGateway over a Temporal client. */
export function createTemporalFlowGateway(opts: {
  connection: Connection;
  namespace: string;
  taskQueue: string;
  deadlineMs?: number;
}): FlowGateway & { client: Client } {
  const client = new Client({ connection: opts.connection, namespace: opts.namespace });
  const deadlineMs = opts.deadlineMs ?? FLOW_CALL_DEADLINE_MS;
  const handle = (flowNo: string) => client.workflow.getHandle(certFlowWorkflowId(flowNo));
  /** Runs one call to the engine under the deadline and maps its failures to HTTP answers. */
  const call = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await client.withDeadline(Date.now() + deadlineMs, fn);
    } catch (err) {
      throw engineError(err);
    }
  };

  return {
    client,
    async startFlow({ flowNo, plan, searchAttributes }) {
      const workflowId = certFlowWorkflowId(flowNo);
      const input: CertFlowInput = { flowNo, plan };
      try {
        await client.workflow.start(CERT_FLOW_WORKFLOW, {
          workflowId,
          taskQueue: opts.taskQueue,
          args: [input],
          // The flow number is the business key: a second start of the same flow is a conflict.
          workflowIdConflictPolicy: 'FAIL',
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          typedSearchAttributes: typedAttributes(searchAttributes),
          staticSummary: `Certification flow ${flowNo}`,
        });
      } catch (err) {
        // A retried request for a flow that is already running is the same request: not an error.
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
      return { workflowId };
    },
    async signalRfiSubmitted(flowNo, applyNo) {
      await call(() => handle(flowNo).signal(rfiSubmittedSignal, { applyNo }));
    },
    async reviewRfi(flowNo, input, updateId) {
      await call(() => handle(flowNo).executeUpdate(rfiReviewUpdate, { args: [input], ...(updateId ? { updateId } : {}) }));
    },
    async reissueRfi(flowNo, actor, updateId) {
      await call(() => handle(flowNo).executeUpdate(reissueRfiUpdate, { args: [{ actor }], ...(updateId ? { updateId } : {}) }));
    },
    async completeNode(flowNo, input, updateId) {
      await call(() => handle(flowNo).executeUpdate(completeNodeUpdate, { args: [input], ...(updateId ? { updateId } : {}) }));
    },
    async revertNode(flowNo, input, updateId) {
      await call(() => handle(flowNo).executeUpdate(revertNodeUpdate, { args: [input], ...(updateId ? { updateId } : {}) }));
    },
    async terminate(flowNo, actor, updateId) {
      await call(() => handle(flowNo).executeUpdate(terminateUpdate, { args: [{ actor }], ...(updateId ? { updateId } : {}) }));
    },
    async reassign(flowNo, assignments, actor, updateId) {
      await call(() => handle(flowNo).executeUpdate(reassignUpdate, { args: [{ assignments, actor }], ...(updateId ? { updateId } : {}) }));
    },
    async startApproval(flowNo, input, updateId) {
      await call(() => handle(flowNo).executeUpdate(startApprovalUpdate, { args: [input], ...(updateId ? { updateId } : {}) }));
    },
    async decideApproval(flowNo, input, updateId) {
      const approval = client.workflow.getHandle(approvalWorkflowId(flowNo, input.kind));
      await call(() => approval.executeUpdate(decideApprovalUpdate, { args: [input], ...(updateId ? { updateId } : {}) }));
    },
    async signalTodosChanged(flowNo) {
      await call(() => handle(flowNo).signal(todosChangedSignal));
    },
    async check() {
      await opts.connection.workflowService.getSystemInfo({});
    },
  };
}

/**
 * A validator's refusal is a 409 carrying its reason (a REFUSAL id, translated by the error
 * middleware); an unknown flow a 404; anything else — timeout, engine down — a 503: the caller may
 * retry, and the update id makes the retry safe.
 */
function engineError(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  if (err instanceof WorkflowUpdateFailedError) {
    const reason = err.cause instanceof ApplicationFailure ? err.cause.message : '';
    const known = REFUSALS.has(reason.split('|')[0]);
    return Object.assign(conflict(known ? reason : 'flowRefused'), { cause: err });
  }
  if (err instanceof WorkflowNotFoundError) return Object.assign(notFound('flowNotFound'), { cause: err });
  return Object.assign(unavailable(), { cause: err });
}

function typedAttributes(a: FlowSearchAttributes) {
  return [
    { key: SA.FlowNo, value: a.flowNo },
    { key: SA.SupplierName, value: a.supplierName },
    { key: SA.Scenario, value: a.scenario },
    { key: SA.PurchaseManager, value: a.purchaseManager },
    { key: SA.Stage, value: String(a.stage) },
    { key: SA.CurrentNode, value: a.currentNode },
    ...(a.supplierCode ? [{ key: SA.SupplierCode, value: a.supplierCode }] : []),
  ];
}
