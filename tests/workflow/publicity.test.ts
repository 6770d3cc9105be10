import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { NODE_STATUS, STAGE, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { completeNodeUpdate, revertNodeUpdate, SA, stateQuery } from '#workflows/definitions.ts';
import { eventually } from '../support/fixtures.ts';
import { flowDriver, PM_ACTOR } from '../support/drive-flow.ts';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { PATCHES_OF_A_NEW_RUN, patchMarkers, recordHistory } from '../support/histories.ts';
import { startTimeSkippingHarness, type TimeSkippingHarness } from '../support/time-skipping.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PERIOD = 7 * DAY;

/**
 * PUBLICITY (req flow §4.6; docs/decisions/): its period is a durable timer of the flow's workflow,
 * tested on the time-skipping server; a return inside the period reopens KCP2 and a second period runs.
 * The flow then ends at RELEASE with the supplier admitted (stage 90).
 */
describe('publicity period, return and admission', () => {
  let t: TimeSkippingHarness;
  let drive: ReturnType<typeof flowDriver>;
  beforeAll(async () => {
    t = await startTimeSkippingHarness();
    const flows = createTemporalFlowGateway({ connection: t.env.connection, namespace: t.env.namespace ?? 'default', taskQueue: t.taskQueue });
    drive = flowDriver({ db: t.db, flows, client: t.env.client });
  });
  afterAll(() => t?.stop());

  const db = () => t.db.db;
  const plan = STANDARD_PLANS.NEW_SUPPLIER.filter((n) => ['START', 'RFI', 'KCP2', 'PUBLICITY', 'RELEASE'].includes(n.nodeCode));

  /** A flow at its PUBLICITY node's first opening, with the server's clock when KCP2 was completed. */
  async function atPublicity(): Promise<{ flowNo: string; handle: WorkflowHandle; openedAt: number }> {
    const { flowNo, handle } = await drive.start(plan);
    await drive.reach(flowNo, handle, 'KCP2');
    const openedAt = await t.env.currentTimeMs();
    expect(await drive.complete(flowNo, handle, 'KCP2')).toMatchObject({ currentNode: 'PUBLICITY', nodeOpen: true });
    return { flowNo, handle, openedAt };
  }

  const node = (flowNo: string, nodeCode: string) =>
    db().selectFrom('cert_flow_node').select(['status', 'visit']).where('flow_no', '=', flowNo).where('node_code', '=', nodeCode).executeTakeFirstOrThrow();
  const principalTasks = (flowNo: string, nodeCode: string) =>
    db()
      .selectFrom('cert_task')
      .select(['task_no', 'status', 'end_time'])
      .where('flow_no', '=', flowNo)
      .where('node_code', '=', nodeCode)
      .where('task_type', '=', 'NODE_PRINCIPAL')
      .orderBy('task_no')
      .execute();
  const logKeys = async (flowNo: string, action: string) =>
    (await db().selectFrom('operation_history').select('dedupe_key').where('relation_code', '=', flowNo).where('action', '=', action).orderBy('id').execute()).map((r) => r.dedupe_key);

  /** The workflow has handled everything so far: no activity pending, its last task completed. */
  async function idle(handle: WorkflowHandle) {
    await eventually(async () => {
      const events = (await handle.fetchHistory()).events ?? [];
      const pending = (await handle.describe()).raw.pendingActivities?.length ?? 0;
      return pending === 0 && events.findLastIndex((e) => e.workflowTaskCompletedEventAttributes) > events.findLastIndex((e) => e.workflowTaskScheduledEventAttributes);
    });
  }

  it('the period runs for seven days from the opening: its task ends then, nobody can complete it, and at its end the flow moves on to RELEASE', async () => {
    const { flowNo, handle, openedAt } = await atPublicity();
    const [task] = await principalTasks(flowNo, 'PUBLICITY');
    expect(task).toMatchObject({ task_no: `${flowNo}-PUBLICITY-NODE_PRINCIPAL`, status: TASK_STATUS.IN_PROGRESS });
    expect(Math.abs(new Date(task.end_time!).getTime() - (openedAt + PERIOD))).toBeLessThan(HOUR);

    await expect(handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode: 'PUBLICITY', actor: PM_ACTOR }] })).rejects.toThrow(WorkflowUpdateFailedError);
    await expect(drive.complete(flowNo, handle, 'PUBLICITY')).rejects.toMatchObject({ cause: { message: 'publicityCompletesByTimer' } });

    await t.env.sleep(PERIOD - HOUR);
    await idle(handle);
    expect(await node(flowNo, 'PUBLICITY')).toEqual({ status: NODE_STATUS.IN_PROGRESS, visit: 1 });
    expect(await drive.nodeStatus(flowNo, 'RELEASE')).toBe(NODE_STATUS.NOT_FINISH);

    await t.env.sleep(2 * HOUR);
    await drive.waitOpen(flowNo, 'RELEASE');
    expect(await node(flowNo, 'PUBLICITY')).toEqual({ status: NODE_STATUS.FINISHED, visit: 1 });
    expect(await principalTasks(flowNo, 'PUBLICITY')).toMatchObject([{ status: TASK_STATUS.FINISHED }]);
    const closed = await db().selectFrom('operation_history').select('operator_name').where('dedupe_key', '=', `close:${flowNo}:PUBLICITY`).execute();
    expect(closed).toHaveLength(1);
    expect(await handle.query(stateQuery)).toMatchObject({ currentNode: 'RELEASE', nodeOpen: true, stage: 40 });
    await recordHistory('publicity-period-ended', handle);
  });

  it('a return inside the period reopens KCP2 (in progress, a new task and mail); completing it again runs a fresh period', async () => {
    const { flowNo, handle } = await atPublicity();
    await t.env.sleep(2 * DAY);
    const state = await handle.executeUpdate(revertNodeUpdate, { args: [{ nodeCode: 'PUBLICITY', actor: PM_ACTOR }], updateId: `revert:${flowNo}:1` });
    // Answered once KCP2 is open again.
    expect(state).toMatchObject({ currentNode: 'KCP2', nodeOpen: true, stage: 30 });
    expect(state.finishedNodes).not.toContain('KCP2');
    expect(await node(flowNo, 'KCP2')).toEqual({ status: NODE_STATUS.IN_PROGRESS, visit: 2 });
    expect(await node(flowNo, 'PUBLICITY')).toMatchObject({ status: NODE_STATUS.NOT_FINISH });
    expect((await db().selectFrom('cert_flow').select(['current_node_code', 'stage']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow())).toEqual({ current_node_code: 'KCP2', stage: 30 });
    expect(await principalTasks(flowNo, 'KCP2')).toMatchObject([
      { task_no: `${flowNo}-KCP2-NODE_PRINCIPAL`, status: TASK_STATUS.FINISHED },
      { task_no: `${flowNo}-KCP2-NODE_PRINCIPAL-2`, status: TASK_STATUS.IN_PROGRESS },
    ]);
    expect(await principalTasks(flowNo, 'PUBLICITY')).toMatchObject([{ status: TASK_STATUS.FINISHED }]);
    const mails = await db().selectFrom('mail_outbox').select('dedupe_key').where('dedupe_key', 'like', `task:${flowNo}-KCP2-NODE_PRINCIPAL-2:%`).execute();
    expect(mails).toHaveLength(1);
    expect(await logKeys(flowNo, 'RETURN_NODE')).toEqual([`return:${flowNo}:PUBLICITY:1`]);
    expect(await logKeys(flowNo, 'OPEN_NODE')).toContain(`open:${flowNo}:KCP2:2`);
    // The same request again answers like the first and returns nothing more.
    await handle.executeUpdate(revertNodeUpdate, { args: [{ nodeCode: 'PUBLICITY', actor: PM_ACTOR }], updateId: `revert:${flowNo}:1` });
    expect(await node(flowNo, 'KCP2')).toEqual({ status: NODE_STATUS.IN_PROGRESS, visit: 2 });

    // The first period's end passes: KCP2 stays where it is.
    await t.env.sleep(6 * DAY);
    await idle(handle);
    expect(await node(flowNo, 'KCP2')).toEqual({ status: NODE_STATUS.IN_PROGRESS, visit: 2 });

    const reopenedAt = await t.env.currentTimeMs();
    expect(await drive.complete(flowNo, handle, 'KCP2')).toMatchObject({ currentNode: 'PUBLICITY', nodeOpen: true });
    expect(await node(flowNo, 'PUBLICITY')).toEqual({ status: NODE_STATUS.IN_PROGRESS, visit: 2 });
    const tasks = await principalTasks(flowNo, 'PUBLICITY');
    expect(tasks).toMatchObject([{ status: TASK_STATUS.FINISHED }, { task_no: `${flowNo}-PUBLICITY-NODE_PRINCIPAL-2`, status: TASK_STATUS.IN_PROGRESS }]);
    expect(Math.abs(new Date(tasks[1].end_time!).getTime() - (reopenedAt + PERIOD))).toBeLessThan(HOUR);

    await t.env.sleep(PERIOD - HOUR);
    await idle(handle);
    expect(await drive.nodeStatus(flowNo, 'PUBLICITY')).toBe(NODE_STATUS.IN_PROGRESS);
    await t.env.sleep(2 * HOUR);
    await drive.waitOpen(flowNo, 'RELEASE');
    expect(await logKeys(flowNo, 'COMPLETE_NODE')).toEqual([
      `close:${flowNo}:RFI`,
      `close:${flowNo}:KCP2`,
      `close:${flowNo}:KCP2:2`,
      `close:${flowNo}:PUBLICITY:2`,
    ]);
    await recordHistory('publicity-returned-then-ended', handle);
  });

  it('refuses a return anywhere but the open PUBLICITY', async () => {
    const { flowNo, handle } = await drive.start(plan);
    await drive.reach(flowNo, handle, 'KCP2');
    const revert = (nodeCode: 'PUBLICITY' | 'KCP2' | 'RELEASE') => handle.executeUpdate(revertNodeUpdate, { args: [{ nodeCode, actor: PM_ACTOR }] });
    await expect(revert('PUBLICITY')).rejects.toMatchObject({ cause: { message: 'cannotRevertHere' } });
    await expect(revert('KCP2')).rejects.toMatchObject({ cause: { message: 'cannotRevertHere' } });
    await drive.complete(flowNo, handle, 'KCP2');
    await expect(revert('KCP2')).rejects.toMatchObject({ cause: { message: 'cannotRevertHere' } });
    await t.env.sleep(PERIOD + HOUR);
    await drive.waitOpen(flowNo, 'RELEASE');
    await expect(revert('RELEASE')).rejects.toMatchObject({ cause: { message: 'cannotRevertHere' } });
    await expect(revert('PUBLICITY')).rejects.toMatchObject({ cause: { message: 'cannotRevertHere' } });
    expect(await drive.nodeStatus(flowNo, 'RELEASE')).toBe(NODE_STATUS.IN_PROGRESS);
  });

  it('the supplier code approved while RELEASE is open completes it; the flow ends admitted at stage 90 with its code', async () => {
    const { flowNo, handle } = await atPublicity();
    await t.env.sleep(PERIOD + HOUR);
    await drive.openState(handle, 'RELEASE');
    const code = await drive.obtainSupplierCode(flowNo);

    const result = await handle.result();
    expect(result).toMatchObject({ stage: STAGE.FINISHED, terminated: false });
    expect(result.finishedNodes).toContain('RELEASE');
    const flow = await db().selectFrom('cert_flow').select(['stage', 'pass_time', 'supplier_code']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow).toMatchObject({ stage: STAGE.FINISHED, supplier_code: code });
    expect(flow.pass_time).not.toBeNull();
    expect(await drive.nodeStatus(flowNo, 'RELEASE')).toBe(NODE_STATUS.FINISHED);
    const closedBy = await db().selectFrom('operation_history').select('operator_name').where('dedupe_key', '=', `close:${flowNo}:RELEASE`).executeTakeFirstOrThrow();
    expect(closedBy.operator_name).toBe('李强');
    const attrs = (await handle.describe()).typedSearchAttributes;
    expect(attrs.get(SA.Stage)).toBe('90');
    expect(attrs.get(SA.SupplierCode)).toBe(code);
    expect(patchMarkers(historyToJSON(await handle.fetchHistory()))).toEqual(PATCHES_OF_A_NEW_RUN);
    await recordHistory('code-at-release-admitted', handle);
  });

  it('a supplier code may be asked at the open RELEASE only, not at PUBLICITY', async () => {
    const { flowNo } = await atPublicity();
    await expect(drive.obtainSupplierCode(flowNo)).rejects.toMatchObject({ message: 'nodeNotInProgress' });
  });
});
