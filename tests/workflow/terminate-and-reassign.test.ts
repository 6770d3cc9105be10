import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { applyForRegistration } from '#services/cert-flow/apply.ts';
import { certFlowWorkflowId, completeNodeUpdate, reassignUpdate, rfiReviewUpdate, rfiSubmittedSignal, stateQuery, terminateUpdate } from '#workflows/definitions.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import { NODE_STATUS } from '#domain/cert-flow/enums.ts';
import { eventually, staffWith, validRegisterApply } from '../support/fixtures.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';
import { recordHistory } from '../support/histories.ts';

describe('adjust owner and terminate', () => {
  let h: WorkflowHarness;
  beforeAll(async () => {
    h = await startWorkflowHarness();
  });
  afterAll(() => h?.stop());

  async function flowAtRfi() {
    const db = h.db.db;
    const applicant = await staffWith(db, PERMISSIONS.newApplyRfi);
    const input = await validRegisterApply(db, { contactEmail: `owner-${Date.now()}@example.com` });
    const { flowNo } = await applyForRegistration({ db, flows: h.flows }, input, applicant, 'zh');
    await eventually(() => db.selectFrom('cert_task').select('task_no').where('flow_no', '=', flowNo).where('task_type', '=', 'REGISTER_RFI').executeTakeFirst());
    const actor = { id: applicant.id, jobNumber: applicant.jobNumber, name: applicant.name };
    return { flowNo, actor, handle: h.client.workflow.getHandle(certFlowWorkflowId(flowNo)) };
  }

  it('hands the purchasing manager role to another person: flow, open tasks, history and search attribute follow', async () => {
    const { flowNo, actor, handle } = await flowAtRfi();
    const other = await h.db.db.selectFrom('staff').select(['job_number', 'name']).where('job_number', '!=', actor.jobNumber).where(sql<boolean>`roles @> '["PURCHASE_MANAGER"]'::jsonb`).executeTakeFirstOrThrow();
    const assignment = { role: 'PURCHASE_MANAGER', jobNumber: other.job_number, name: other.name };
    await handle.executeUpdate(reassignUpdate, { args: [{ assignments: [assignment], actor }] });
    // The same request again changes nothing and logs nothing more.
    await handle.executeUpdate(reassignUpdate, { args: [{ assignments: [assignment], actor }] });

    const flow = await h.db.db.selectFrom('cert_flow').select('purchase_job_number').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.purchase_job_number).toBe(other.job_number);
    const task = await h.db.db.selectFrom('cert_task').select('principal_job_number').where('flow_no', '=', flowNo).where('task_type', '=', 'REGISTER_RFI').executeTakeFirstOrThrow();
    expect(task.principal_job_number).toBe(other.job_number);
    const logs = await h.db.db.selectFrom('operation_history').select('action').where('relation_code', '=', flowNo).where('action', '=', 'REASSIGN').execute();
    expect(logs).toHaveLength(1);
    const found = await eventually(async () => {
      for await (const wf of h.client.workflow.list({ query: `FlowNo = '${flowNo}' AND PurchaseManager = '${other.job_number}'` })) return wf;
      return undefined;
    });
    expect(found.workflowId).toBe(`cert-flow-${flowNo}`);
  });

  it('terminates at RFI: stage 0, open tasks closed, the workflow completes, and nothing more can be adjusted', async () => {
    const { flowNo, actor, handle } = await flowAtRfi();
    const state = await handle.executeUpdate(terminateUpdate, { args: [{ actor, reason: 'supplier withdrew' }] });
    expect(state).toMatchObject({ terminated: true, stage: 0 });
    await handle.result();
    const flow = await h.db.db.selectFrom('cert_flow').select(['stage', 'pass_time']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow).toEqual({ stage: 0, pass_time: null });
    const rfi = await h.db.db.selectFrom('cert_flow_node').select('status').where('flow_no', '=', flowNo).where('node_code', '=', 'RFI').executeTakeFirstOrThrow();
    expect(rfi.status).toBe(NODE_STATUS.CLOSED);
    const open = await h.db.db.selectFrom('cert_task').select('task_no').where('flow_no', '=', flowNo).where('status', '!=', 30).execute();
    expect(open).toEqual([]);
    await recordHistory('terminated-at-rfi', handle);
    await expect(handle.executeUpdate(terminateUpdate, { args: [{ actor }] })).rejects.toThrow();
  });

  it('refuses an empty reassignment', async () => {
    const { handle, actor } = await flowAtRfi();
    await expect(handle.executeUpdate(reassignUpdate, { args: [{ assignments: [], actor }] })).rejects.toThrow(WorkflowUpdateFailedError);
  });

  it('refuses to terminate once the flow is past APTITUDE (req flow §4.1)', async () => {
    const { flowNo, handle, actor } = await flowAtRfi();
    await h.db.db.updateTable('rfi_application').set({ status: 20 }).where('flow_no', '=', flowNo).execute();
    await handle.signal(rfiSubmittedSignal, { applyNo: `RFI${flowNo}` });
    await eventually(async () => (await handle.query(stateQuery)).rfi.phase === 'review');
    await handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'PURCHASE_REVIEW', decision: 'pass', actor }] });
    expect(await handle.executeUpdate(rfiReviewUpdate, { args: [{ reviewType: 'CMT_REVIEW', decision: 'pass', actor }] })).toMatchObject({ currentNode: 'APTITUDE' });
    // RFI completes only through its reviews; APTITUDE through its principal.
    await expect(handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode: 'KCP1', actor }] })).rejects.toThrow(WorkflowUpdateFailedError);
    expect(await handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode: 'APTITUDE', actor }] })).toMatchObject({ currentNode: 'KCP1', nodeOpen: true });
    expect((await handle.query(stateQuery)).currentNode).toBe('KCP1');
    await expect(handle.executeUpdate(terminateUpdate, { args: [{ actor }] })).rejects.toThrow(WorkflowUpdateFailedError);
    await recordHistory('aptitude-completed', handle);
  });
});
