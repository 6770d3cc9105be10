import { Client, Connection, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import {
  CERT_FLOW_WORKFLOW,
  approvalWorkflowId,
  completeNodeUpdate,
  certFlowWorkflowId,
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
import { decideApprovalUpdate } from '#workflows/approval-definitions.ts';
import { APPROVAL_RULES } from '#domain/approvals/kinds.ts';
import type { FlowGateway, FlowSearchAttributes } from '#services/cert-flow/flow-gateway.ts';
import { ServiceError } from '#domain/errors.ts';
import { engineCaller, engineUpdater, UPDATE_WAITS, type UpdateWaits } from './engine-calls.ts';

// The approval engine's refusals of a flow's approvals read as the flow's own.
const REFUSALS = { known: new Set<string>([...Object.values(REFUSAL), ...Object.values(APPROVAL_RULES.HIGH_POTENTIAL.refusals)]), otherwise: 'flowRefused', notFound: 'flowNotFound' };
/** The workflow's refusal of a node whose opening it has not taken in yet. */
const NODE_NOT_YET_OPEN: ReadonlySet<string> = new Set([REFUSAL.nodeNotInProgress]);
/** The approval's refusal of a step whose opening it has not taken in yet. */
const STEP_NOT_YET_OPEN: ReadonlySet<string> = new Set([REFUSAL.approvalNotPending]);

/** FlowGateway over a Temporal client. */
export function createTemporalFlowGateway(opts: {
  /** A connection to open a client on, or the client itself (an activity's: the worker's own). */
  connection?: Connection;
  client?: Client;
  namespace: string;
  taskQueue: string;
  deadlineMs?: number;
  /** The waits of an update for its acceptance and its result (engine-calls.ts UPDATE_WAITS by default). */
  updateWaits?: Partial<UpdateWaits>;
}): FlowGateway & { client: Client } {
  const client = opts.client ?? new Client({ connection: opts.connection, namespace: opts.namespace });
  const handle = (flowNo: string) => client.workflow.getHandle(certFlowWorkflowId(flowNo));
  const call = engineCaller(client, REFUSALS, opts.deadlineMs);
  const update = engineUpdater(client, REFUSALS, {
    ...UPDATE_WAITS,
    ...(opts.deadlineMs ? { acceptMs: opts.deadlineMs, resultMs: opts.deadlineMs } : {}),
    ...opts.updateWaits,
  });

  return {
    client,
    async startFlow({ flowNo, plan, searchAttributes, requalification }) {
      const workflowId = certFlowWorkflowId(flowNo);
      const input: CertFlowInput = { flowNo, plan, ...(requalification ? { requalification } : {}) };
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
      await update(handle(flowNo), rfiReviewUpdate, input, updateId, flowNo);
    },
    async reissueRfi(flowNo, actor, updateId) {
      await update(handle(flowNo), reissueRfiUpdate, { actor }, updateId, flowNo);
    },
    async completeNode(flowNo, input, updateId, stillInProgress) {
      const behind = stillInProgress && { refusals: NODE_NOT_YET_OPEN, stillAllowed: stillInProgress };
      await update(handle(flowNo), completeNodeUpdate, input, updateId, flowNo, behind ? { behind } : {});
    },
    async updateOutcome(flowNo, updateId, approval) {
      const target = approval ? client.workflow.getHandle(approvalWorkflowId(flowNo, approval)) : handle(flowNo);
      try {
        // Waits for the outcome of an update still being carried out; a completed one is answered even
        // when the workflow has ended since (the engine keeps update outcomes with the workflow's history).
        await call(() => target.getUpdateHandle(updateId).result());
        return 'completed';
      } catch (err) {
        // The engine answers an update id it does not know as not found.
        if (err instanceof ServiceError && err.kind === 'notFound') return 'unknown';
        throw err;
      }
    },
    async revertNode(flowNo, input, updateId) {
      await update(handle(flowNo), revertNodeUpdate, input, updateId, flowNo);
    },
    async terminate(flowNo, actor, updateId) {
      await update(handle(flowNo), terminateUpdate, { actor }, updateId, flowNo);
    },
    async reassign(flowNo, assignments, actor, updateId) {
      await update(handle(flowNo), reassignUpdate, { assignments, actor }, updateId, flowNo);
    },
    async startApproval(flowNo, input, updateId) {
      await update(handle(flowNo), startApprovalUpdate, input, updateId, flowNo);
    },
    async decideApproval(flowNo, input, updateId, stillPending) {
      const approval = client.workflow.getHandle(approvalWorkflowId(flowNo, input.kind));
      // The approval's start may still be carried out (its start answered 202) while its task, written before
      // the start, already shows — or its step's opening not yet taken in (a worker lost in between): asked again
      // while the services find the step pending, within the acceptance wait. One that ended (decided, rejected,
      // withdrawn) is not found, or refused, at once.
      const behind = stillPending && { refusals: STEP_NOT_YET_OPEN, stillAllowed: stillPending };
      await update(approval, decideApprovalUpdate, input, updateId, flowNo, { starting: stillPending, ...(behind ? { behind } : {}) });
    },
    async signalTodosChanged(flowNo) {
      await call(() => handle(flowNo).signal(todosChangedSignal));
    },
    async check() {
      await client.workflowService.getSystemInfo({});
    },
  };
}

function typedAttributes(a: FlowSearchAttributes) {
  return [
    { key: SA.FlowNo, value: a.flowNo },
    { key: SA.SupplierName, value: a.supplierName },
    { key: SA.Scenario, value: a.scenario },
    { key: SA.PurchaseManager, value: a.purchaseManager },
    { key: SA.Stage, value: String(a.stage) },
    { key: SA.CurrentNode, value: a.currentNode },
    ...(a.flowKind ? [{ key: SA.FlowKind, value: a.flowKind }] : []),
    ...(a.supplierCode ? [{ key: SA.SupplierCode, value: a.supplierCode }] : []),
  ];
}
