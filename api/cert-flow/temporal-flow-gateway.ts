import { Client, Connection, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { CERT_FLOW_WORKFLOW, certFlowWorkflowId, SA, type CertFlowInput } from '#workflows/definitions.ts';
import type { FlowGateway, FlowSearchAttributes } from './flow-gateway.ts';

/** FlowGateway over a Temporal client. */
export function createTemporalFlowGateway(opts: { connection: Connection; namespace: string; taskQueue: string }): FlowGateway & { client: Client } {
  const client = new Client({ connection: opts.connection, namespace: opts.namespace });
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
    async check() {
      await opts.connection.workflowService.getSystemInfo({});
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
    ...(a.supplierCode ? [{ key: SA.SupplierCode, value: a.supplierCode }] : []),
  ];
}
