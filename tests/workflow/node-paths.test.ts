import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { NODE_STATUS, STAGE, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { completeNodeUpdate, SA, stateQuery, terminateUpdate } from '#workflows/definitions.ts';
import { flowDriver, PM_ACTOR } from '../support/drive-flow.ts';
import { recordHistory } from '../support/histories.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

/**
 * Every path through the nodes of a certification flow on a real Temporal server (req flow §4):
 * what the workflow decides, and what the projection the screens read shows afterwards.
 */
describe('certification flow node paths', () => {
  let h: WorkflowHarness;
  let drive: ReturnType<typeof flowDriver>;
  beforeAll(async () => {
    h = await startWorkflowHarness();
    drive = flowDriver(h);
  });
  afterAll(() => h?.stop());

  const flowRow = (flowNo: string) => h.db.db.selectFrom('cert_flow').select(['stage', 'current_node_code', 'pass_time']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  const history = (flowNo: string) =>
    h.db.db.selectFrom('operation_history').select(['action', 'dedupe_key']).where('relation_code', '=', flowNo).orderBy('id').execute();
  const openTasks = (flowNo: string) =>
    h.db.db.selectFrom('cert_task').select('task_no').where('flow_no', '=', flowNo).where('status', '!=', TASK_STATUS.FINISHED).execute();

  it('all nodes pass: each completion answers with the next node open, one task each; publicity ends by its period; the last completion answers with the supplier admitted at stage 90', async () => {
    const { flowNo, handle } = await drive.start();
    await drive.shortenPublicity(flowNo, 2);
    let state = await drive.passRfi(flowNo, handle);
    const after = STANDARD_PLANS.NEW_SUPPLIER.map((n) => n.nodeCode).slice(STANDARD_PLANS.NEW_SUPPLIER.findIndex((n) => n.nodeCode === 'APTITUDE'));
    for (const node of after) {
      // Right when the previous update answered: the node is open in the workflow's state and in the DB, with its task.
      expect(state, `${node} is the open node`).toMatchObject({ currentNode: node, nodeOpen: true });
      expect(await drive.nodeStatus(flowNo, node), `${node} is in progress`).toBe(NODE_STATUS.IN_PROGRESS);
      const task = await h.db.db.selectFrom('cert_task').select(['principal_job_number', 'status']).where('flow_no', '=', flowNo).where('node_code', '=', node).where('task_type', '=', 'NODE_PRINCIPAL').execute();
      expect(task, `${node} has one principal task`).toEqual([{ principal_job_number: expect.any(String), status: TASK_STATUS.IN_PROGRESS }]);
      // The supplier code is obtained at KCP2; RELEASE then completes on its principal's confirmation.
      if (node === 'KCP2') await drive.obtainSupplierCode(flowNo);
      if (node === 'PUBLICITY') {
        state = await drive.openState(handle, 'RELEASE');
      } else {
        state = await drive.complete(flowNo, handle, node);
      }
      expect(await drive.nodeStatus(flowNo, node), `${node} is finished`).toBe(NODE_STATUS.FINISHED);
    }
    // The last completion answered once the flow had ended.
    expect(state).toMatchObject({ stage: STAGE.FINISHED, terminated: false });
    const flow = await flowRow(flowNo);
    expect(flow.stage).toBe(STAGE.FINISHED);
    expect(flow.pass_time).not.toBeNull();
    expect(await handle.result()).toMatchObject({ stage: STAGE.FINISHED, terminated: false });
    expect((await handle.describe()).typedSearchAttributes.get(SA.Stage)).toBe('90');
    const nodes = await h.db.db.selectFrom('cert_flow_node').select(['node_code', 'status']).where('flow_no', '=', flowNo).execute();
    expect(nodes.every((n) => n.status === NODE_STATUS.FINISHED)).toBe(true);
    expect(await openTasks(flowNo)).toEqual([]);
    const actions = (await history(flowNo)).map((r) => r.action);
    expect(actions.filter((a) => a === 'COMPLETE_NODE')).toHaveLength(after.length + 1); // + RFI
    expect(actions.at(-1)).toBe('FINISH');
    await recordHistory('all-nodes-passed', handle);
  });

  it('a failing KCP1 conclusion answers with the flow ended at stage 0; later nodes never open', async () => {
    const { flowNo, handle } = await drive.start();
    await drive.passRfi(flowNo, handle);
    expect(await drive.complete(flowNo, handle, 'APTITUDE')).toMatchObject({ currentNode: 'KCP1', nodeOpen: true });
    expect(await drive.nodeStatus(flowNo, 'KCP1')).toBe(NODE_STATUS.IN_PROGRESS);
    expect(await drive.complete(flowNo, handle, 'KCP1', 'fail')).toMatchObject({ terminated: true, stage: STAGE.TERMINATED });
    expect((await flowRow(flowNo)).stage).toBe(STAGE.TERMINATED);
    expect(await drive.nodeStatus(flowNo, 'KCP1')).toBe(NODE_STATUS.FINISHED);
    expect(await handle.result()).toMatchObject({ terminated: true, stage: STAGE.TERMINATED });
    expect(await drive.nodeStatus(flowNo, 'SELF_INSPECTION')).toBe(NODE_STATUS.NOT_FINISH);
    expect(await openTasks(flowNo)).toEqual([]);
    expect((await history(flowNo)).map((r) => r.action).at(-1)).toBe('TERMINATE');
    await recordHistory('kcp1-failed', handle);
  });

  it('a failing sample certification ends the flow at stage 0', async () => {
    const { flowNo, handle } = await drive.start();
    await drive.passRfi(flowNo, handle);
    for (const node of ['APTITUDE', 'KCP1', 'SELF_INSPECTION', 'SYSTEM_CERT'] as const) await drive.complete(flowNo, handle, node);
    expect(await drive.nodeStatus(flowNo, 'SAMPLE_CERT')).toBe(NODE_STATUS.IN_PROGRESS);
    expect(await drive.complete(flowNo, handle, 'SAMPLE_CERT', 'fail')).toMatchObject({ terminated: true, stage: STAGE.TERMINATED });
    expect((await flowRow(flowNo)).stage).toBe(STAGE.TERMINATED);
    expect(await drive.nodeStatus(flowNo, 'KCP2')).toBe(NODE_STATUS.NOT_FINISH);
    await recordHistory('sample-failed', handle);
  });

  it('terminates at APTITUDE with the reason: the open node is closed with its task; a completion afterwards is refused', async () => {
    const { flowNo, handle } = await drive.start();
    await drive.passRfi(flowNo, handle);
    expect(await openTasks(flowNo)).toEqual([{ task_no: `${flowNo}-APTITUDE-NODE_PRINCIPAL` }]);
    const state = await handle.executeUpdate(terminateUpdate, { args: [{ actor: PM_ACTOR, reason: 'capacity insufficient' }] });
    // The update answers once the projection shows the end.
    expect(state).toMatchObject({ terminated: true, stage: STAGE.TERMINATED });
    expect((await flowRow(flowNo)).stage).toBe(STAGE.TERMINATED);
    expect(await drive.nodeStatus(flowNo, 'APTITUDE')).toBe(NODE_STATUS.CLOSED);
    expect(await drive.nodeStatus(flowNo, 'KCP1')).toBe(NODE_STATUS.NOT_FINISH);
    expect(await openTasks(flowNo)).toEqual([]);
    expect(await handle.result()).toMatchObject({ terminated: true, stage: STAGE.TERMINATED });
    const end = await h.db.db.selectFrom('operation_history').select('description').where('relation_code', '=', flowNo).where('action', '=', 'TERMINATE').execute();
    expect(end).toEqual([{ description: '认证已终止：capacity insufficient' }]);
    await expect(handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode: 'APTITUDE', actor: PM_ACTOR }] })).rejects.toThrow();
    await recordHistory('terminated-at-aptitude', handle);
  });

  it('an optional node is completed directly and the flow goes on to the next node', async () => {
    const { flowNo, handle } = await drive.start(STANDARD_PLANS.CATEGORY_EXPANSION);
    await drive.passRfi(flowNo, handle);
    await drive.complete(flowNo, handle, 'APTITUDE');
    await drive.complete(flowNo, handle, 'KCP1');
    const node = await h.db.db.selectFrom('cert_flow_node').select(['node_required', 'status']).where('flow_no', '=', flowNo).where('node_code', '=', 'SELF_INSPECTION').executeTakeFirstOrThrow();
    expect(node).toEqual({ node_required: 20, status: NODE_STATUS.IN_PROGRESS });
    expect(await drive.complete(flowNo, handle, 'SELF_INSPECTION')).toMatchObject({ currentNode: 'SAMPLE_CERT', nodeOpen: true });
    expect(await drive.nodeStatus(flowNo, 'SAMPLE_CERT')).toBe(NODE_STATUS.IN_PROGRESS);
    expect((await handle.query(stateQuery)).currentNode).toBe('SAMPLE_CERT');
    await recordHistory('optional-node-completed', handle);
  });

  it('refuses to complete a node that is not in progress, and a second completion of the same node', async () => {
    const { flowNo, handle } = await drive.start();
    await drive.passRfi(flowNo, handle);
    await expect(handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode: 'KCP1', actor: PM_ACTOR }] })).rejects.toThrow(WorkflowUpdateFailedError);
    await drive.complete(flowNo, handle, 'APTITUDE');
    // The same request again (same update id) answers like the first and completes nothing more.
    await handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode: 'APTITUDE', actor: PM_ACTOR }], updateId: `complete:${flowNo}:APTITUDE` });
    expect(await drive.nodeStatus(flowNo, 'KCP1')).toBe(NODE_STATUS.IN_PROGRESS);
    expect(await drive.nodeStatus(flowNo, 'SELF_INSPECTION')).toBe(NODE_STATUS.NOT_FINISH);
    const closes = (await history(flowNo)).filter((r) => r.dedupe_key === `close:${flowNo}:APTITUDE`);
    expect(closes).toHaveLength(1);
  });
});
