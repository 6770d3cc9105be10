import crypto from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { NODE_STATUS, type NodeCode } from '#domain/cert-flow/enums.ts';
import type { NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import { certFlowWorkflowId, completeNodeUpdate, rfiReviewUpdate, rfiSubmittedSignal, stateQuery, type CertFlowState } from '#workflows/definitions.ts';
import type { Db } from '#db/connection.ts';
import type { StaffActor } from '#domain/identity.ts';
import { eventually } from './fixtures.ts';
import { insertFlowAtNode, scenarioVersionWithStandards } from './flow-at-node.ts';
import { validReleaseForm } from './release-form.ts';
import type { WorkflowHarness } from './workflow-harness.ts';

export const PM_ACTOR: StaffActor = { id: 'pm', jobNumber: 'E10002', name: '王磊' };
/** The flow's CMT leader (李强), who approves the supplier code (domain/cert-flow/approvals.ts). */
export const CMT_ACTOR: StaffActor = { id: 'cmt', jobNumber: 'E10010', name: '李强' };

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

    /**
     * Completes the node in progress as its principal; answers with the workflow's state once the next
     * node is open or the flow has ended. The update id carries the node's visit, as the API's does.
     */
    async complete(flowNo: string, handle: WorkflowHandle, nodeCode: NodeCode, outcome: 'pass' | 'fail' = 'pass'): Promise<CertFlowState> {
      const visit = (await db.selectFrom('cert_flow_node').select('visit').where('flow_no', '=', flowNo).where('node_code', '=', nodeCode).executeTakeFirst())?.visit ?? 1;
      const updateId = `complete:${flowNo}:${nodeCode}${visit > 1 ? `:${visit}` : ''}`;
      return handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode, actor: PM_ACTOR, outcome }], updateId });
    },

    /**
     * The supplier-code application as the release screen submits it (a valid form, a fresh credit
     * code), approved by the CMT leader; resolves once the ERP's code is on the release (status 40).
     */
    async obtainSupplierCode(flowNo: string): Promise<string> {
      const form = validReleaseForm();
      form.basicInfo.creditCode = `91310000${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
      form.purchase.companyCodes = ['1000'];
      // A factory as the questionnaire prefills it: the site, no attribute (that is the master's, set at admission).
      form.factoryInfoDtoList = [{ baseName: '嘉定工厂', countryCode: 'CN', countryName: '中国', provinceCode: '310000', provinceName: '上海市', city: '上海市', address: '嘉定区安亭镇测试路1号', product: '冲压件' }];
      await db.insertInto('supplier_release').values({ flow_no: flowNo, status: RELEASE_STATUS.SAVED, form: JSON.stringify(form), updated_by: PM_ACTOR.jobNumber }).execute();
      await h.flows.startApproval(flowNo, { kind: 'SUPPLIER_CODE', actor: PM_ACTOR });
      await h.flows.decideApproval(flowNo, { kind: 'SUPPLIER_CODE', decision: 'pass', actor: CMT_ACTOR });
      const release = await eventually(
        () => db.selectFrom('supplier_release').select('supplier_code').where('flow_no', '=', flowNo).where('status', '=', RELEASE_STATUS.APPROVED).executeTakeFirst(),
        30_000,
      );
      return release.supplier_code!;
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

    /**
     * Shortens the flow's publicity period as a test scenario does: the flow is put on the seeded
     * scenario's applied version, whose `publicity_seconds` is set (read when PUBLICITY opens).
     */
    async shortenPublicity(flowNo: string, seconds: number): Promise<void> {
      await shortenScenarioPublicity(db, 'NEW_SUPPLIER', seconds);
      const { applied_version } = await db.selectFrom('scenario').select('applied_version').where('code', '=', 'NEW_SUPPLIER').executeTakeFirstOrThrow();
      await db.updateTable('cert_flow').set({ cert_scenario: 'NEW_SUPPLIER', scenario_version: applied_version }).where('flow_no', '=', flowNo).execute();
    },

    /**
     * A flow started and brought to `nodeCode` under a new version of the seeded NEW_SUPPLIER scenario using the given
     * industry standards (req flow §10, §11), put on it before the node opens; answers the flow and its contact.
     */
    async reachUnderStandards(standards: Parameters<typeof scenarioVersionWithStandards>[1], nodeCode: NodeCode): Promise<{ flowNo: string; email: string }> {
      const version = await scenarioVersionWithStandards(db, standards);
      const { flowNo, handle } = await driver.start();
      await db.updateTable('cert_flow').set({ cert_scenario: 'NEW_SUPPLIER', scenario_version: version }).where('flow_no', '=', flowNo).execute();
      await driver.reach(flowNo, handle, nodeCode);
      await driver.waitOpen(flowNo, nodeCode);
      const { contact_email } = await db.selectFrom('cert_flow').select('contact_email').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
      return { flowNo, email: contact_email! };
    },

    /**
     * The workflow's own state once it holds the node open: the projection is written inside the
     * opening activity, the state follows when the activity completes (what a completion answers after).
     */
    async openState(handle: WorkflowHandle, nodeCode: NodeCode): Promise<CertFlowState> {
      return eventually(async () => {
        const state = await handle.query(stateQuery);
        return state.currentNode === nodeCode && state.nodeOpen && state;
      });
    },

    /** For waits that are not a completion's (a worker recovering after a crash). */
    async waitOpen(flowNo: string, nodeCode: NodeCode): Promise<void> {
      await eventually(async () => (await nodeStatus(flowNo, nodeCode)) === NODE_STATUS.IN_PROGRESS);
    },

    nodeStatus,
  };
  return driver;
}

/**
 * A test's shorter publicity period for a scenario: its row and every version of it, so flows running
 * under any of its versions get it when PUBLICITY next opens.
 */
export async function shortenScenarioPublicity(db: Db, scenarioCode: string, seconds: number): Promise<void> {
  await db.updateTable('scenario').set({ publicity_seconds: seconds }).where('code', '=', scenarioCode).execute();
  await db.updateTable('scenario_version').set({ publicity_seconds: seconds }).where('scenario_code', '=', scenarioCode).execute();
}
