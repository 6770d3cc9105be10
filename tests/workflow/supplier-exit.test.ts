import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import { SUPPLIER_COLLABORATION_ROLE } from '#domain/supplier-portal/roles.ts';
import { decideExit, terminateExit } from '#services/supplier-exit/decide.ts';
import { submitExit } from '#services/supplier-exit/save.ts';
import { listMyOpenTasks } from '#services/cert-flow/my-tasks.ts';
import { supplierExitWorkflowId } from '#workflows/supplier-exit-definitions.ts';
import { approvalRunId, decideApprovalUpdate } from '#workflows/approval-definitions.ts';
import { recordHistory } from '../support/histories.ts';
import { ServiceError } from '#domain/errors.ts';
import { erpBlocksOf, testErp } from '../support/erp.ts';
import { ADMIN, approverFor, exitForm, parsedExit, principalOf, SPONSOR } from '../support/exit-fixtures.ts';
import { eventually } from '../support/fixtures.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

/**
 * The supplier-exit workflow on a real Temporal server with the real activities: approve, reject,
 * terminate, the refusal while a certification flow runs, and the ERP block sent once although the
 * first answer was lost.
 */
describe('supplier exit workflow', () => {
  let h: WorkflowHarness;
  /** While set, the next purchasing block reaches the ERP but its answer is lost (the activity fails and is retried). */
  let loseNextBlockAnswer = false;
  const blockAttempts: string[] = [];
  beforeAll(async () => {
    const real = testErp();
    const erp: ErpClient = {
      ...real,
      async blockVendor(code, scope, key) {
        blockAttempts.push(code);
        await real.blockVendor(code, scope, key);
        if (loseNextBlockAnswer) {
          loseNextBlockAnswer = false;
          throw new Error('connection reset before the ERP answered');
        }
      },
    };
    h = await startWorkflowHarness({ erp });
  });
  afterAll(() => h?.stop());

  const db = () => h.db.db;
  const deps = () => ({ db: db(), exits: h.exits });
  const exitRow = (flowNo: string) => db().selectFrom('supplier_exit').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  const lifeCycle = async (supplierNo: string, code: string) =>
    (await db().selectFrom('supplier_category').select('life_cycle').where('supplier_no', '=', supplierNo).where('category_code', '=', code).executeTakeFirstOrThrow()).life_cycle;
  const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);
  /** The exit's task in the approver's "my open tasks". */
  const approverTask = async (flowNo: string, jobNumber: string) => (await listMyOpenTasks(db(), jobNumber, 'zh')).find((t) => t.flowNo === flowNo);

  /**
   * Blocks of a vendor the run's ERP simulator holds. Other suites share the simulator, its seeded vendors and (their
   * exit numbers restart per database) the idempotency keys: a block may be the same request another suite sent first.
   */
  const blocksOf = async (code: string, scope: 'ALL' | string) =>
    (await erpBlocksOf(code)).filter((b) => (scope === 'ALL' ? b.BlockScope === 'ALL' : b.to_MaterialGroup.results.some((m) => m.MaterialGroup === scope))).length;

  it('approve: the category is eliminated, the history row appears, the ERP blocks its material group', async () => {
    const attemptsBefore = blockAttempts.filter((c) => c === '100001').length;
    const sponsor = await principalOf(db(), SPONSOR);
    const { flowNo } = await submitExit(deps(), parsedExit(exitForm('SN000001', ['101001'])), sponsor, 'zh');
    const approver = await approverFor(db(), ['101001']);
    expect((await exitRow(flowNo)).approver_job_number).toBe(approver.jobNumber);
    // The approver is mailed a link to the exit.
    await eventually(() => db().selectFrom('mail_outbox').select('id').where('dedupe_key', '=', `exit-approval:${flowNo}`).executeTakeFirst());
    expect(await approverTask(flowNo, approver.jobNumber)).toMatchObject({ taskName: '供应商退出审批', link: `/supplier-exit/detail?flowNo=${flowNo}` });

    await decideExit(deps(), { flowNo, decision: 'pass' }, await principalOf(db(), approver.jobNumber));
    // The decision closes the task at once (its effects run on).
    expect(await approverTask(flowNo, approver.jobNumber)).toBeUndefined();
    await eventually(async () => (await exitRow(flowNo)).status === 'approved');
    await recordHistory('supplier-exit-approved', h.client.workflow.getHandle(supplierExitWorkflowId(flowNo)));

    expect(await lifeCycle('SN000001', '101001')).toBe(2);
    expect(await lifeCycle('SN000001', '101002')).toBe(0);
    const history = await db().selectFrom('supplier_exit_history').selectAll().where('flow_no', '=', flowNo).execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ exit_category: 'ELIMINATION', exit_types: ['QUALITY', 'DELIVERY'], sponsor_name: sponsor.name });
    expect(blockAttempts.filter((c) => c === '100001').length - attemptsBefore).toBe(1);
    expect(await blocksOf('100001', '101001')).toBeGreaterThan(0);
    // The supplier stays active: only the category left.
    expect((await db().selectFrom('supplier').select('status').where('supplier_no', '=', 'SN000001').executeTakeFirstOrThrow()).status).toBe(10);
    const steps = await db().selectFrom('operation_history').select('action').where('relation_code', '=', flowNo).orderBy('id').execute();
    expect(steps.map((s) => s.action)).toEqual(['exitSubmitted', 'exitApproved', 'exitApplied']);
  });

  it('reject: needs a reason, ends the exit and changes nothing else; the sponsor can never decide it', async () => {
    const sponsor = await principalOf(db(), SPONSOR);
    const { flowNo } = await submitExit(deps(), parsedExit(exitForm('SN000002', ['401001'])), sponsor, 'zh');
    const approver = await principalOf(db(), (await approverFor(db(), ['401001'])).jobNumber);

    const own = await refusal(decideExit(deps(), { flowNo, decision: 'pass' }, sponsor));
    expect(own).toBeInstanceOf(ServiceError);
    expect((own as ServiceError).message).toBe('exitOwnApproval');
    // The workflow's validator refuses the same on its own, and a rejection without a reason.
    const handle = h.client.workflow.getHandle(supplierExitWorkflowId(flowNo));
    const approval = h.client.workflow.getHandle(approvalRunId(supplierExitWorkflowId(flowNo), 'SUPPLIER_EXIT'));
    const refusedBy = async (update: Promise<unknown>) => ((await refusal(update)) as WorkflowUpdateFailedError).cause?.message;
    // The exit's workflow starts its approval's run in its first task.
    await eventually(() => approval.describe().catch(() => undefined));
    const sponsorActor = { id: sponsor.id, jobNumber: sponsor.jobNumber, name: sponsor.name };
    expect(await refusedBy(approval.executeUpdate(decideApprovalUpdate, { args: [{ kind: 'SUPPLIER_EXIT', decision: 'pass', actor: sponsorActor, asAdmin: true }] }))).toBe('exitOwnApproval');
    const approverActor = { id: approver.id, jobNumber: approver.jobNumber, name: approver.name };
    expect(await refusedBy(approval.executeUpdate(decideApprovalUpdate, { args: [{ kind: 'SUPPLIER_EXIT', decision: 'reject', reason: ' ', actor: approverActor }] }))).toBe('enterExitReason');

    await decideExit(deps(), { flowNo, decision: 'reject', reason: '退出依据不足，请补充质量数据' }, approver);
    const row = await eventually(async () => ((r) => r.status === 'rejected' && r)(await exitRow(flowNo)));
    expect(row.decision_reason).toBe('退出依据不足，请补充质量数据');
    expect(await approverTask(flowNo, approver.jobNumber)).toBeUndefined();
    expect(await lifeCycle('SN000002', '401001')).toBe(0);
    expect(await db().selectFrom('supplier_exit_history').select('flow_no').where('flow_no', '=', flowNo).executeTakeFirst()).toBeUndefined();
    expect(await handle.result()).toBe('rejected');
    await recordHistory('supplier-exit-rejected', handle);
    await recordHistory('approval-supplier-exit-rejected', approval);
  });

  it('terminate: the sponsor ends a submitted exit; no decision is taken after it', async () => {
    const sponsor = await principalOf(db(), SPONSOR);
    const { flowNo } = await submitExit(deps(), parsedExit(exitForm('SN000002', ['401003'])), sponsor, 'zh');
    const approver = await principalOf(db(), (await approverFor(db(), ['401003'])).jobNumber);
    expect(await approverTask(flowNo, approver.jobNumber)).toBeDefined();
    await terminateExit(deps(), flowNo, sponsor);
    expect((await exitRow(flowNo)).status).toBe('terminated');
    expect(await approverTask(flowNo, approver.jobNumber)).toBeUndefined();
    const late = await refusal(decideExit(deps(), { flowNo, decision: 'pass' }, approver));
    expect((late as ServiceError).kind).toBe('conflict');
    expect(await lifeCycle('SN000002', '401003')).toBe(0);
    expect(await h.client.workflow.getHandle(supplierExitWorkflowId(flowNo)).result()).toBe('terminated');
    await recordHistory('supplier-exit-terminated', h.client.workflow.getHandle(supplierExitWorkflowId(flowNo)));
  });

  it('a whole-supplier exit is refused while a certification flow of the supplier runs, then approved once it ended: supplier inactive, portal writes closed, the ERP blocks once although its first answer was lost', async () => {
    const sponsor = await principalOf(db(), SPONSOR);
    const { flowNo: certFlowNo } = await insertAppliedFlow(db(), {});
    await db().updateTable('cert_flow').set({ supplier_no: 'SN000003' }).where('flow_no', '=', certFlowNo).execute();
    const account = await db()
      .insertInto('supplier_account')
      .values({ email: `exit-${certFlowNo.toLowerCase()}@jincheng.example.com`, supplier_name: '常州锦程座椅系统有限公司', roles: JSON.stringify([SUPPLIER_COLLABORATION_ROLE]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('supplier_account_flow').values({ account_id: account.id, flow_no: certFlowNo }).execute();

    const refused = await refusal(submitExit(deps(), parsedExit(exitForm('SN000003')), sponsor, 'zh'));
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).kind).toBe('conflict');
    expect((refused as ServiceError).data).toEqual({ flowNo: certFlowNo, link: `/cert-flow/detail?id=${certFlowNo}` });
    expect(await db().selectFrom('supplier_exit').select('flow_no').where('supplier_no', '=', 'SN000003').executeTakeFirst()).toBeUndefined();

    // The flow ends (terminated): the exit may go.
    await db().updateTable('cert_flow').set({ stage: 0 }).where('flow_no', '=', certFlowNo).execute();
    const { flowNo } = await submitExit(deps(), parsedExit(exitForm('SN000003')), sponsor, 'zh');
    loseNextBlockAnswer = true;
    const attemptsBefore = blockAttempts.filter((c) => c === '100003').length;
    await decideExit(deps(), { flowNo, decision: 'pass' }, await principalOf(db(), ADMIN));
    await eventually(async () => (await exitRow(flowNo)).status === 'approved', 30_000);

    expect(blockAttempts.filter((c) => c === '100003').length - attemptsBefore).toBe(2);
    expect(await blocksOf('100003', 'ALL')).toBeGreaterThan(0);
    expect((await db().selectFrom('supplier').select('status').where('supplier_no', '=', 'SN000003').executeTakeFirstOrThrow()).status).toBe(20);
    // Every admitted category is eliminated; the one already disabled keeps its status.
    const categories = await db().selectFrom('supplier_category').select(['life_cycle', 'status']).where('supplier_no', '=', 'SN000003').orderBy('category_code').execute();
    expect(categories).toEqual([
      { life_cycle: 2, status: 10 },
      { life_cycle: 2, status: 10 },
      { life_cycle: 2, status: 20 },
    ]);
    const roles = (await db().selectFrom('supplier_account').select('roles').where('id', '=', account.id).executeTakeFirstOrThrow()).roles;
    expect(roles).not.toContain(SUPPLIER_COLLABORATION_ROLE);
    expect((await exitRow(flowNo)).erp_blocked_at).not.toBeNull();
  });
});
