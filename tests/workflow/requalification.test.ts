import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkflowHandle } from '@temporalio/client';
import { createTemporalExitGateway } from '#adapters/temporal/exit-gateway.ts';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { STAGE } from '#domain/cert-flow/enums.ts';
import { wireDay } from '#domain/date-time.ts';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import { addMonths } from '#domain/requalification/requalification.ts';
import { startRequalification } from '#services/requalification/start.ts';
import { ensureSupplierAccount } from '#services/supplier-portal/accounts.ts';
import { CERTIFICATE_WATCH_ID, CERTIFICATE_WATCH_WORKFLOW } from '#workflows/certificate-definitions.ts';
import { certFlowWorkflowId, completeNodeUpdate, SA, stateQuery, terminateUpdate } from '#workflows/definitions.ts';
import { supplierExitWorkflowId } from '#workflows/supplier-exit-definitions.ts';
import { admittedSupplier } from '../support/change-process-fixtures.ts';
import { CMT_ACTOR, PM_ACTOR } from '../support/drive-flow.ts';
import { eventually } from '../support/fixtures.ts';
import { recordHistory } from '../support/histories.ts';
import { startTimeSkippingHarness, type TimeSkippingHarness } from '../support/time-skipping.ts';

const DAY = 24 * 3_600_000;

/**
 * Requalification on the engine (docs/decisions/0055-requalification.md): the watch starts one when a category's
 * interval has passed; its flow runs the scenario's shorter plan and, failed at KCP2, submits the category exit,
 * whose approval eliminates the category. Started by hand and passed, the categories qualify anew; terminated, they
 * stay as they were. Each flow is found in the engine by FlowKind.
 */
describe('requalification', () => {
  let t: TimeSkippingHarness;
  const db = () => t.db.db;
  const gateways = () => {
    const opts = { client: t.env.client, namespace: t.env.namespace ?? 'default', taskQueue: t.taskQueue };
    return { flows: createTemporalFlowGateway(opts), exits: createTemporalExitGateway(opts) };
  };
  beforeAll(async () => {
    t = await startTimeSkippingHarness();
  });
  afterAll(() => t?.stop());

  async function supplier(qualifiedMonthsAgo: number) {
    const s = await admittedSupplier(db());
    await ensureSupplierAccount(db(), s.flowNo);
    const today = wireDay(new Date(await t.env.currentTimeMs()));
    const qualified = new Date(`${addMonths(today, -qualifiedMonthsAgo)}T02:00:00Z`);
    await db()
      .insertInto('supplier_category')
      .values(['101001', '101002'].map((category_code) => ({ supplier_no: s.supplierNo, category_code, flow_no: s.flowNo, accessed_at: qualified, qualified_at: qualified })))
      .execute();
    return s;
  }
  const requalificationsOf = (supplierNo: string) => db().selectFrom('requalification').selectAll().where('supplier_no', '=', supplierNo).execute();
  const complete = (handle: WorkflowHandle, nodeCode: 'SELF_INSPECTION' | 'SYSTEM_CERT' | 'KCP2', outcome: 'pass' | 'fail' = 'pass') =>
    handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode, actor: PM_ACTOR, outcome }], updateId: `complete:${handle.workflowId}:${nodeCode}` });

  it('started by the schedule, failed at KCP2: the category exit goes to its approver, whose approval eliminates the category', async () => {
    const s = await supplier(13);
    await db().insertInto('requalification_policy').values({ category_code: '101001', interval_months: 12, on_failure: 'exit', updated_by: 'test' }).execute();
    const watch = await t.env.client.workflow.start(CERTIFICATE_WATCH_WORKFLOW, { workflowId: CERTIFICATE_WATCH_ID, taskQueue: t.taskQueue });

    const [r] = await eventually(async () => {
      const rows = await requalificationsOf(s.supplierNo);
      return rows.length ? rows : undefined;
    });
    expect(r).toMatchObject({ trigger: 'schedule', outcome: 'running', category_codes: ['101001'], on_failure: 'exit' });
    const handle = t.env.client.workflow.getHandle(certFlowWorkflowId(r.flow_no));
    await eventually(async () => (await handle.query(stateQuery)).nodeOpen);
    expect((await handle.query(stateQuery)).currentNode).toBe('SELF_INSPECTION');
    // Marked in the engine: a requalification carries its kind (the Temporal UI filters by `FlowKind = 'REQUALIFY'`).
    expect((await handle.describe()).typedSearchAttributes.get(SA.FlowKind)).toBe('REQUALIFY');

    await complete(handle, 'SELF_INSPECTION');
    await complete(handle, 'SYSTEM_CERT');
    expect((await handle.query(stateQuery)).currentNode).toBe('KCP2');
    await complete(handle, 'KCP2', 'fail');
    await handle.result();

    const [failed] = await requalificationsOf(s.supplierNo);
    expect(failed).toMatchObject({ outcome: 'failed', exit_flow_no: expect.stringMatching(/^EX/) });
    expect((await db().selectFrom('cert_flow').select('stage').where('flow_no', '=', r.flow_no).executeTakeFirstOrThrow()).stage).toBe(STAGE.TERMINATED);
    const exitNo = failed.exit_flow_no!;
    const exit = t.env.client.workflow.getHandle(supplierExitWorkflowId(exitNo));
    await eventually(async () => (await exit.describe()).status.name === 'RUNNING');

    // The CMT leader approves on the one approval engine: the category leaves, the other stays.
    await gateways().exits.decide(exitNo, { decision: 'pass', actor: CMT_ACTOR, asAdmin: false }, `decide:${exitNo}`);
    await eventually(async () => (await db().selectFrom('supplier_exit').select('status').where('flow_no', '=', exitNo).executeTakeFirstOrThrow()).status === 'approved', 30_000);
    const categories = await db().selectFrom('supplier_category').select(['category_code', 'life_cycle']).where('supplier_no', '=', s.supplierNo).orderBy('category_code').execute();
    expect(categories).toEqual([
      { category_code: '101001', life_cycle: CATEGORY_LIFE_CYCLE.ELIMINATED },
      { category_code: '101002', life_cycle: CATEGORY_LIFE_CYCLE.NORMAL },
    ]);

    // The watch does not start it again, however long it runs on.
    await t.env.sleep(3 * DAY);
    expect(await requalificationsOf(s.supplierNo)).toHaveLength(1);
    await recordHistory('requalification-failed', handle);
    await recordHistory('certificate-watch-requalifying', watch);
    await watch.terminate();
  });

  it('started by hand and passed: the flow finishes without admitting anything, its categories qualify anew', async () => {
    const s = await supplier(6);
    const { flowNo } = await startRequalification(
      { db: db(), flows: gateways().flows },
      { supplierNo: s.supplierNo, categoryCodes: ['101001', '101002'], reason: '年度抽查', trigger: 'manual', actor: PM_ACTOR },
      'zh',
    );
    const handle = t.env.client.workflow.getHandle(certFlowWorkflowId(flowNo));
    await eventually(async () => (await handle.query(stateQuery)).nodeOpen);
    await complete(handle, 'SELF_INSPECTION');
    await complete(handle, 'SYSTEM_CERT');
    await complete(handle, 'KCP2');
    const state = await handle.result();
    expect(state.stage).toBe(STAGE.FINISHED);
    const [r] = await requalificationsOf(s.supplierNo);
    expect(r).toMatchObject({ outcome: 'passed', exit_flow_no: null });
    const today = wireDay(new Date());
    const categories = await db().selectFrom('supplier_category').select(['qualified_at', 'life_cycle']).where('supplier_no', '=', s.supplierNo).execute();
    expect(categories.map((c) => wireDay(c.qualified_at!))).toEqual([today, today]);
    // Nothing admitted anew: the supplier keeps its code, no release.
    expect(await db().selectFrom('supplier_release').select('flow_no').where('flow_no', '=', flowNo).execute()).toEqual([]);
    await recordHistory('requalification-passed', handle);
  });

  it('terminated by a person: withdrawn, the categories as they were', async () => {
    const s = await supplier(6);
    const before = await db().selectFrom('supplier_category').select(['category_code', 'qualified_at', 'restricted_at']).where('supplier_no', '=', s.supplierNo).orderBy('category_code').execute();
    const { flowNo } = await startRequalification(
      { db: db(), flows: gateways().flows },
      { supplierNo: s.supplierNo, categoryCodes: ['101001'], reason: '抽查', trigger: 'manual', actor: PM_ACTOR },
      'zh',
    );
    const handle = t.env.client.workflow.getHandle(certFlowWorkflowId(flowNo));
    await eventually(async () => (await handle.query(stateQuery)).nodeOpen);
    await handle.executeUpdate(terminateUpdate, { args: [{ actor: PM_ACTOR, reason: '供应商已整改' }] });
    await handle.result();
    expect((await requalificationsOf(s.supplierNo))[0]).toMatchObject({ outcome: 'withdrawn' });
    expect(await db().selectFrom('supplier_category').select(['category_code', 'qualified_at', 'restricted_at']).where('supplier_no', '=', s.supplierNo).orderBy('category_code').execute()).toEqual(before);
  });
});
