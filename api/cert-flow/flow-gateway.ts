import type { NodePlanEntry } from '#domain/cert-flow/node-plan.ts';

/** The API's narrow view of the workflow engine: it asks, the workflow decides (DESIGN §4). */
export interface FlowGateway {
  startFlow(input: { flowNo: string; plan: NodePlanEntry[]; searchAttributes: FlowSearchAttributes }): Promise<{ workflowId: string }>;
  /** Throws when the Temporal frontend cannot be reached (health check). */
  check(): Promise<void>;
}

/** Search attributes of a flow; never personal data (DESIGN §4). */
export interface FlowSearchAttributes {
  flowNo: string;
  supplierName: string;
  scenario: string;
  purchaseManager: string;
  stage: number;
  currentNode: string;
  supplierCode?: string;
}
