import type { WorkflowHandle } from '@temporalio/client';
import { NODE_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import type { NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import { certFlowWorkflowId, completeNodeUpdate, rfiReviewUpdate, rfiSubmittedSignal, stateQuery, type CertFlowState } from '#workflows/definitions.ts';
import type { StaffActor } from '#domain/identity.ts';
import { eventually } from './fixtures.ts';
import { insertFlowAtNode } from './flow-at-node.ts';
import type { WorkflowHarness } from './workflow-harness.ts';

export const PM_ACTOR: StaffActor = { id: 'pm', jobNumber: 'E10002', name: '王磊' };

/**
 * Drives certification flows on a real engine for workflow tests: a flow recorded with the given
 * plan and its workflow started, the RFI passed by both reviewers, nodes completed as their
 * principals would. The update that closes a node answers once the next node is open (or the flow
 * has ended), so nothing here waits for the projection after it.
 */
export function flowDriver(h: Pick<WorkflowHarness, 'db' | 'flows' | 'client'>) {
  const db = h.db.db;

  async function nodeStatus(flowNo: string, nodeCode: NodeCode) {
    const row = await db.selectFrom('cert_flow_node').select('status').where('flow_no', '=', flowNo).where('node_code', '=', nodeCode).executeTakeFirst();
    return row?.status;
  }

  const driver = {
    async start(plan?: NodePlanEntry[]): Promise<{ flowNo: string; handle: WorkflowHandle }> {
      const { flowNo } = await insertFlowAtNode(db, 'RFI', { plan });
      const flow = await db.selectFrom('cert_flow').select(['node_plan', 'supplier_name']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
      await h.flows.startFlow({
        flowNo,
        plan: flow.node_plan as NodePlanEntry[],
        searchAttributes: { flowNo, supplierName: flow.supplier_name, scenario: 'S1', purchaseManager: PM_ACTOR.jobNumber, stage: 10, currentNode: 'RFI' },
      });
      return { flowNo, handle: h.client.workflow.getHandle(certFlowWorkflowId(flowNo)) };
    },

    /** The supplier submits and both reviewers pass; the second review answers with APTITUDE open. */
    async passRfi(flowNo: string, handle: WorkflowHandle): Promise<CertFlowState> {
      await db.updateTable('rfi_application').set({ status: 20 }).where('flow_no', '=', flowNo).execute();
      await handle.signal(rfiSubmittedSignal, { applyNo: `RFI${flowNo}` });
      await eventually(async () => (await handle.query(stateQuery)).rfi.phase === 'review');
      await handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'PURCHASE_REVIEW', decision: 'pass', actor: PM_ACTOR }] });
      return handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'CMT_REVIEW', decision: 'pass', actor: PM_ACTOR }] });
    },

    /** Completes the node in progress as its principal; answers with the workflow's state once the next node is open or the flow has ended. */
    async complete(flowNo: string, handle: WorkflowHandle, nodeCode: NodeCode, outcome: 'pass' | 'fail' = 'pass'): Promise<CertFlowState> {
      return handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode, actor: PM_ACTOR, outcome }], updateId: `complete:${flowNo}:${nodeCode}` });
    },

    /**
     * Passes the RFI and completes every node before `nodeCode` as its principal would; answers with
     * the state once `nodeCode` is open (e.g. a flow placed at KCP2).
     */
    async reach(flowNo: string, handle: WorkflowHandle, nodeCode: NodeCode): Promise<CertFlowState> {
      let state = await driver.passRfi(flowNo, handle);
      while (state.currentNode !== nodeCode) state = await driver.complete(flowNo, handle, state.currentNode);
      return state;
    },

    /** For waits that are not a completion's (a worker recovering after a crash). */
    async waitOpen(flowNo: string, nodeCode: NodeCode): Promise<void> {
      await eventually(async () => (await nodeStatus(flowNo, nodeCode)) === NODE_STATUS.IN_PROGRESS);
    },

    nodeStatus,
  };
  return driver;
}
