import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowUpdateStage, type WorkflowHandle } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { APPROVAL_STATUS, LIFE_CYCLE, RELEASE_STATUS, type ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import { NODE_STATUS, STAGE, TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { StaffActor } from '#domain/identity.ts';
import { listMyOpenTasks } from '#services/cert-flow/my-tasks.ts';
import { createApprovalActivities } from '#activities/approval-activities.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { approvalWorkflowId, completeNodeUpdate, SA, stateQuery, terminateUpdate } from '#workflows/definitions.ts';
import { decideApprovalUpdate } from '#workflows/approval-definitions.ts';
import { eventually } from '../support/fixtures.ts';
import { flowDriver, PM_ACTOR } from '../support/drive-flow.ts';
import { recordHistory } from '../support/histories.ts';
import { startWorkflowHarness, TEST_SECRET, type WorkflowHarness } from '../support/workflow-harness.ts';
import { workflowBundle } from '../support/temporal.ts';
import { testErp } from '../support/erp.ts';
import { validReleaseForm } from '../support/release-form.ts';

/** The flow's CMT leader (李强), who approves both kinds (domain/cert-flow/approvals.ts). */
const CMT_ACTOR: StaffActor = { id: 'cmt', jobNumber: 'E10010', name: '李强' };

/**
 * Approvals of the high-potential and supplier-code applications (req flow §2.4, §3.6, §4.4, §4.5) on
 * a real Temporal server: the flow at KCP2 starts the approval as a child workflow, the approver
 * decides, and the flow applies the outcome to the application.
 */
describe('approvals at KCP2', () => {
  let h: WorkflowHarness;
  let drive: ReturnType<typeof flowDriver>;
  beforeAll(async () => {
    h = await startWorkflowHarness();
    drive = flowDriver(h);
  });
  afterAll(() => h?.stop());

  const db = () => h.db.db;

  /** A flow placed at KCP2 with its application saved, as the KCP2 and release screens leave it. */
  async function atKcp2(kind: ApprovalKind) {
    const { flowNo, handle } = await drive.start();
    const state = await drive.reach(flowNo, handle, 'KCP2');
    expect(state).toMatchObject({ currentNode: 'KCP2', nodeOpen: true });
    if (kind === 'HIGH_POTENTIAL') await db().insertInto('high_potential_application').values({ flow_no: flowNo, description: '高潜', updated_by: PM_ACTOR.jobNumber }).execute();
    else await db().insertInto('supplier_release').values({ flow_no: flowNo, status: RELEASE_STATUS.SAVED, form: {}, updated_by: PM_ACTOR.jobNumber }).execute();
    return { flowNo, handle };
  }

  const start = (flowNo: string, kind: ApprovalKind) => h.flows.startApproval(flowNo, { kind, actor: PM_ACTOR });
  const decide = (flowNo: string, kind: ApprovalKind, decision: 'pass' | 'reject', actor = CMT_ACTOR, reason?: string) =>
    h.flows.decideApproval(flowNo, { kind, decision, reason, actor });
  const approvals = (flowNo: string) =>
    db().selectFrom('flow_approval').select(['approval_no', 'kind', 'round', 'status', 'remark', 'outcome']).where('flow_no', '=', flowNo).orderBy('round').execute();
  const approvalTasks = (flowNo: string) =>
    db().selectFrom('cert_task').select(['task_no', 'principal_job_number', 'status', 'apply_no', 'node_code']).where('flow_no', '=', flowNo).where('task_type', '=', 'APPROVAL').orderBy('task_no').execute();
  const highPotential = (flowNo: string) => db().selectFrom('high_potential_application').select(['status', 'approval_no', 'bpm_remark']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  const releaseStatus = async (flowNo: string) => (await db().selectFrom('supplier_release').select('status').where('flow_no', '=', flowNo).executeTakeFirstOrThrow()).status;
  const approvalHandle = (flowNo: string, kind: ApprovalKind): WorkflowHandle => h.client.workflow.getHandle(approvalWorkflowId(flowNo, kind));

  it('high potential approved: the approver gets a task and a mail to the card; approving finishes the application, marks the life cycle and clears the task', async () => {
    const { flowNo, handle } = await atKcp2('HIGH_POTENTIAL');
    await start(flowNo, 'HIGH_POTENTIAL');

    // Answered once the first approver's task is open.
    const approvalNo = `${flowNo}-HP-1`;
    expect(await approvalTasks(flowNo)).toEqual([{ task_no: `${approvalNo}-1`, principal_job_number: CMT_ACTOR.jobNumber, status: TASK_STATUS.IN_PROGRESS, apply_no: approvalNo, node_code: 'KCP2' }]);
    expect(await highPotential(flowNo)).toEqual({ status: APPROVAL_STATUS.INPROGRESS, approval_no: approvalNo, bpm_remark: null });
    expect((await handle.query(stateQuery)).approvals.HIGH_POTENTIAL).toEqual({ approvalNo, round: 1, status: APPROVAL_STATUS.INPROGRESS, step: 1 });
    const mail = await db().selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body']).where('dedupe_key', '=', `task:${approvalNo}-1`).executeTakeFirstOrThrow();
    expect(mail.to_address).toMatch(/@/);
    expect(mail.subject).toContain('高潜供应商申请审批');
    expect(mail.text_body).toContain(`/cert-flow/approval?flowNo=${flowNo}&taskNo=${approvalNo}-1`);
    expect((await listMyOpenTasks(db(), CMT_ACTOR.jobNumber, 'en')).map((t) => t.taskNo)).toContain(`${approvalNo}-1`);

    await decide(flowNo, 'HIGH_POTENTIAL', 'pass');
    // The decision is recorded when the update answers.
    expect(await approvalTasks(flowNo)).toMatchObject([{ status: TASK_STATUS.FINISHED }]);
    expect((await listMyOpenTasks(db(), CMT_ACTOR.jobNumber, 'en')).map((t) => t.taskNo)).not.toContain(`${approvalNo}-1`);
    expect(await approvalHandle(flowNo, 'HIGH_POTENTIAL').result()).toMatchObject({ outcome: 'approved' });
    // Operators find it in the Temporal UI as the flow's child, by its summary and the FlowNo attribute.
    const described = await approvalHandle(flowNo, 'HIGH_POTENTIAL').describe();
    expect(described.parentExecution?.workflowId).toBe(handle.workflowId);
    expect(await described.staticSummary()).toBe(`High-potential supplier application approval, flow ${flowNo}, round 1`);
    expect(described.typedSearchAttributes.get(SA.FlowNo)).toBe(flowNo);
    await eventually(async () => (await highPotential(flowNo)).status === APPROVAL_STATUS.FINISHED);
    expect(await approvals(flowNo)).toEqual([{ approval_no: approvalNo, kind: 'HIGH_POTENTIAL', round: 1, status: APPROVAL_STATUS.FINISHED, remark: null, outcome: 'approved' }]);
    const flow = await db().selectFrom('cert_flow').select('life_cycle').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.life_cycle).toBe(LIFE_CYCLE.HIGH_POTENTIAL);
    const log = await db().selectFrom('operation_history').select('action').where('relation_code', '=', flowNo).where('action', 'like', 'APPROVAL_%').orderBy('id').execute();
    expect(log.map((r) => r.action)).toEqual(['APPROVAL_START', 'APPROVAL_PASS', 'APPROVAL_END']);
    await eventually(async () => (await handle.query(stateQuery)).approvals.HIGH_POTENTIAL?.status === APPROVAL_STATUS.FINISHED);

    // KCP2 passes through the completion update once the approval has finished: PUBLICITY opens.
    expect(await drive.complete(flowNo, handle, 'KCP2')).toMatchObject({ currentNode: 'PUBLICITY', nodeOpen: true });
    expect(await drive.nodeStatus(flowNo, 'KCP2')).toBe(NODE_STATUS.FINISHED);
    await recordHistory('approval-high-potential-approved', approvalHandle(flowNo, 'HIGH_POTENTIAL'));
    await recordHistory('high-potential-approved-kcp2-passed', handle);
  });

  it('high potential rejected: a reason is required (at most 100), the application is rejected with it, and a new round can start', async () => {
    const { flowNo, handle } = await atKcp2('HIGH_POTENTIAL');
    await start(flowNo, 'HIGH_POTENTIAL');
    await expect(decide(flowNo, 'HIGH_POTENTIAL', 'reject', CMT_ACTOR, '  ')).rejects.toMatchObject({ kind: 'conflict', message: 'reasonRequired' });
    await expect(decide(flowNo, 'HIGH_POTENTIAL', 'reject', CMT_ACTOR, 'x'.repeat(101))).rejects.toMatchObject({ kind: 'conflict', message: 'rejectReasonTooLong|{"max":100}' });
    expect(await approvalTasks(flowNo)).toMatchObject([{ status: TASK_STATUS.IN_PROGRESS }]);

    await decide(flowNo, 'HIGH_POTENTIAL', 'reject', CMT_ACTOR, '产能数据不足');
    expect(await approvalHandle(flowNo, 'HIGH_POTENTIAL').result()).toMatchObject({ outcome: 'rejected' });
    await eventually(async () => (await highPotential(flowNo)).status === APPROVAL_STATUS.REJECT);
    expect(await highPotential(flowNo)).toMatchObject({ bpm_remark: '产能数据不足' });
    expect(await approvals(flowNo)).toMatchObject([{ round: 1, status: APPROVAL_STATUS.REJECT, remark: '产能数据不足', outcome: 'rejected' }]);
    await eventually(async () => (await handle.query(stateQuery)).approvals.HIGH_POTENTIAL?.status === APPROVAL_STATUS.REJECT);
    await recordHistory('approval-high-potential-rejected', approvalHandle(flowNo, 'HIGH_POTENTIAL'));

    // The purchasing manager corrects the application and submits again: round 2, a fresh task.
    await start(flowNo, 'HIGH_POTENTIAL');
    expect(await highPotential(flowNo)).toEqual({ status: APPROVAL_STATUS.INPROGRESS, approval_no: `${flowNo}-HP-2`, bpm_remark: null });
    expect((await approvalTasks(flowNo)).map((t) => [t.task_no, t.status])).toEqual([
      [`${flowNo}-HP-1-1`, TASK_STATUS.FINISHED],
      [`${flowNo}-HP-2-1`, TASK_STATUS.IN_PROGRESS],
    ]);
    await decide(flowNo, 'HIGH_POTENTIAL', 'pass');
    await eventually(async () => (await highPotential(flowNo)).status === APPROVAL_STATUS.FINISHED);
    await eventually(async () => (await handle.query(stateQuery)).approvals.HIGH_POTENTIAL?.status === APPROVAL_STATUS.FINISHED);
    await recordHistory('high-potential-rejected-then-approved', handle);
  });

  it('refuses a decision by its submitter or anyone but the pending approver, and a second start while the approval runs', async () => {
    const { flowNo } = await atKcp2('HIGH_POTENTIAL');
    await start(flowNo, 'HIGH_POTENTIAL');
    await expect(decide(flowNo, 'HIGH_POTENTIAL', 'pass', PM_ACTOR)).rejects.toMatchObject({ kind: 'conflict', message: 'approvalOwnSubmission' });
    await expect(decide(flowNo, 'HIGH_POTENTIAL', 'pass', { id: 'other', jobNumber: 'E19999', name: '赵六' })).rejects.toMatchObject({ kind: 'conflict', message: 'notPendingApprover' });
    await expect(start(flowNo, 'HIGH_POTENTIAL')).rejects.toMatchObject({ kind: 'conflict', message: 'approvalInProgress' });
    expect(await approvals(flowNo)).toHaveLength(1);
    expect(await approvalTasks(flowNo)).toMatchObject([{ status: TASK_STATUS.IN_PROGRESS }]);
    // The other kind runs on its own.
    await db().insertInto('supplier_release').values({ flow_no: flowNo, status: RELEASE_STATUS.SAVED, form: {}, updated_by: PM_ACTOR.jobNumber }).execute();
    await start(flowNo, 'SUPPLIER_CODE');
    expect((await approvals(flowNo)).map((a) => a.kind).sort()).toEqual(['HIGH_POTENTIAL', 'SUPPLIER_CODE']);
    // A decision on a finished round is refused.
    await decide(flowNo, 'HIGH_POTENTIAL', 'pass');
    await approvalHandle(flowNo, 'HIGH_POTENTIAL').result();
    await expect(decide(flowNo, 'HIGH_POTENTIAL', 'pass')).rejects.toMatchObject({ kind: expect.stringMatching(/conflict|notFound/) });
  });

  it('refuses a start away from KCP2 and when the approver role has no holder', async () => {
    const { flowNo, handle } = await drive.start();
    await drive.passRfi(flowNo, handle);
    await expect(start(flowNo, 'HIGH_POTENTIAL')).rejects.toMatchObject({ kind: 'conflict', message: 'nodeNotInProgress' });

    const at = await atKcp2('HIGH_POTENTIAL');
    await db().deleteFrom('cert_flow_role').where('flow_no', '=', at.flowNo).where('role', '=', 'CMT_LEADER').execute();
    await expect(start(at.flowNo, 'HIGH_POTENTIAL')).rejects.toMatchObject({ kind: 'conflict', message: expect.stringMatching(/^approverMissing\|/) });
    expect(await approvals(at.flowNo)).toEqual([]);
    expect((await highPotential(at.flowNo)).status).toBe(APPROVAL_STATUS.NOTSTART);
    // Nothing stays half-started: once someone holds the role, the start goes through.
    await db().insertInto('cert_flow_role').values({ flow_no: at.flowNo, role: 'CMT_LEADER', job_number: CMT_ACTOR.jobNumber, name: CMT_ACTOR.name }).execute();
    await start(at.flowNo, 'HIGH_POTENTIAL');
    expect(await approvals(at.flowNo)).toMatchObject([{ round: 1, status: APPROVAL_STATUS.INPROGRESS }]);
  });

  it('a flow that ends while an approval runs withdraws it: the child is cancelled and its task closed', async () => {
    const { flowNo, handle } = await atKcp2('HIGH_POTENTIAL');
    await start(flowNo, 'HIGH_POTENTIAL');
    // Terminate is only for RFI and APTITUDE (req flow §4.1): at KCP2 a failing conclusion ends the flow.
    await expect(handle.executeUpdate(terminateUpdate, { args: [{ actor: PM_ACTOR }] })).rejects.toThrow();
    const state = await handle.executeUpdate(completeNodeUpdate, { args: [{ nodeCode: 'KCP2', actor: PM_ACTOR, outcome: 'fail' }] });
    expect(state).toMatchObject({ terminated: true, stage: STAGE.TERMINATED });
    expect(state.approvals.HIGH_POTENTIAL).toMatchObject({ status: APPROVAL_STATUS.REJECT });
    expect(await approvalTasks(flowNo)).toMatchObject([{ status: TASK_STATUS.FINISHED }]);
    expect(await approvals(flowNo)).toMatchObject([{ status: APPROVAL_STATUS.REJECT, outcome: 'withdrawn' }]);
    expect((await highPotential(flowNo)).status).toBe(APPROVAL_STATUS.REJECT);
    expect((await approvalHandle(flowNo, 'HIGH_POTENTIAL').describe()).status.name).toBe('CANCELLED');
    await expect(decide(flowNo, 'HIGH_POTENTIAL', 'pass')).rejects.toBeTruthy();
    await handle.result();
    await recordHistory('approval-withdrawn', approvalHandle(flowNo, 'HIGH_POTENTIAL'));
    await recordHistory('kcp2-failed-during-approval', handle);
  });

  it('supplier code rejected by the approver: the release goes back to rejected (30) with the reason as remark', async () => {
    const { flowNo, handle } = await atKcp2('SUPPLIER_CODE');
    await start(flowNo, 'SUPPLIER_CODE');
    const row = await db().selectFrom('supplier_release').select(['status', 'approval_no', 'submitted_at']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: RELEASE_STATUS.SUBMITTED, approval_no: `${flowNo}-SC-1`, submitted_at: expect.any(Date) });
    expect((await approvalTasks(flowNo)).map((t) => t.principal_job_number)).toEqual([CMT_ACTOR.jobNumber]);

    await decide(flowNo, 'SUPPLIER_CODE', 'reject', CMT_ACTOR, '银行账户信息有误');
    await eventually(async () => (await releaseStatus(flowNo)) === RELEASE_STATUS.REJECTED);
    expect(await approvals(flowNo)).toMatchObject([{ kind: 'SUPPLIER_CODE', status: APPROVAL_STATUS.REJECT, remark: '银行账户信息有误', outcome: 'rejected' }]);
    await eventually(async () => (await handle.query(stateQuery)).approvals.SUPPLIER_CODE?.status === APPROVAL_STATUS.REJECT);
    await recordHistory('supplier-code-rejected', handle);
  });

  /** A release form that passes every rule, for a supplier the ERP does not know yet. */
  async function submittedForm(flowNo: string, companyCode = '1000') {
    const creditCode = `91310000${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    const form = validReleaseForm();
    form.basicInfo.creditCode = creditCode;
    form.purchase.companyCodes = [companyCode];
    await db().updateTable('supplier_release').set({ form: JSON.stringify(form) }).where('flow_no', '=', flowNo).execute();
    return creditCode;
  }
  const release = (flowNo: string) =>
    db().selectFrom('supplier_release').select(['status', 'supplier_code', 'sap_result']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();

  it('supplier code approved: the ERP creates the vendor; its code is on the release, the flow and the SupplierCode search attribute', async () => {
    const { flowNo, handle } = await atKcp2('SUPPLIER_CODE');
    const creditCode = await submittedForm(flowNo);
    await start(flowNo, 'SUPPLIER_CODE');
    await decide(flowNo, 'SUPPLIER_CODE', 'pass');
    await eventually(async () => (await release(flowNo)).status === RELEASE_STATUS.APPROVED, 30_000);
    const vendor = await testErp().findVendorByTaxNumber(creditCode);
    expect(vendor?.supplier).toMatch(/^\d{8}$/);
    expect(await release(flowNo)).toEqual({ status: RELEASE_STATUS.APPROVED, supplier_code: vendor!.supplier, sap_result: null });
    const flow = await db().selectFrom('cert_flow').select('supplier_code').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
    expect(flow.supplier_code).toBe(vendor!.supplier);
    await eventually(async () => (await handle.describe()).typedSearchAttributes.get(SA.SupplierCode) === vendor!.supplier);
    expect(await approvals(flowNo)).toMatchObject([{ status: APPROVAL_STATUS.FINISHED, outcome: 'approved' }]);
    await recordHistory('supplier-code-approved', handle);
  });

  it('supplier code refused by the ERP, corrected and resubmitted: the refusal shows on the release; the next round gets the code', async () => {
    const { flowNo, handle } = await atKcp2('SUPPLIER_CODE');
    // A company code the ERP is not configured for: the adapter's check refuses it before sending.
    const creditCode = await submittedForm(flowNo, '9000');
    await start(flowNo, 'SUPPLIER_CODE');
    await decide(flowNo, 'SUPPLIER_CODE', 'pass');
    await eventually(async () => (await release(flowNo)).status === RELEASE_STATUS.REJECTED, 30_000);
    expect((await release(flowNo)).sap_result).toBe('Company code 9000 does not exist');
    // The refusal is in the DB a moment before the flow has closed the round: a new start waits for that.
    await eventually(async () => (await handle.query(stateQuery)).approvals.SUPPLIER_CODE?.status === APPROVAL_STATUS.FINISHED);
    expect(await testErp().findVendorByTaxNumber(creditCode)).toBeUndefined();

    // Corrected as a save would store it, then submitted again: a new approval round, a new ERP request.
    const form = (await db().selectFrom('supplier_release').select('form').where('flow_no', '=', flowNo).executeTakeFirstOrThrow()).form as ReturnType<typeof validReleaseForm>;
    form.purchase.companyCodes = ['1000'];
    await db().updateTable('supplier_release').set({ form: JSON.stringify(form), status: RELEASE_STATUS.SAVED }).where('flow_no', '=', flowNo).execute();
    await start(flowNo, 'SUPPLIER_CODE');
    await decide(flowNo, 'SUPPLIER_CODE', 'pass');
    await eventually(async () => (await release(flowNo)).status === RELEASE_STATUS.APPROVED, 30_000);
    const vendor = await testErp().findVendorByTaxNumber(creditCode);
    expect(await release(flowNo)).toEqual({ status: RELEASE_STATUS.APPROVED, supplier_code: vendor!.supplier, sap_result: null });
    expect((await approvals(flowNo)).map((a) => a.round)).toEqual([1, 2]);
    await recordHistory('supplier-code-erp-refused-then-approved', handle);
  });

  it('opens the steps of an approval in turn: the next approver decides only once the one before has passed', async () => {
    const { flowNo } = await atKcp2('HIGH_POTENTIAL');
    const acts = createApprovalActivities({ db: db(), mailer: createOutboxMailer(db()), erp: testErp(), publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
    const { approvalNo, approvers } = await acts.openApproval({ flowNo, kind: 'HIGH_POTENTIAL', round: 1, actor: PM_ACTOR });
    const quality = { role: 'QUALITY_REVIEWER' as const, jobNumber: 'E10020', name: '张伟' };
    await db().insertInto('flow_approval_step').values({ approval_no: approvalNo, step: 2, role: quality.role, job_number: quality.jobNumber, name: quality.name }).execute();
    const approval = await h.client.workflow.start('approvalFlow', {
      taskQueue: h.taskQueue,
      workflowId: `approval-steps-${flowNo}`,
      args: [{ flowNo, kind: 'HIGH_POTENTIAL', round: 1, approvalNo, approvers: [...approvers, quality] }],
    });
    const decideAs = (actor: StaffActor) => approval.executeUpdate(decideApprovalUpdate, { args: [{ kind: 'HIGH_POTENTIAL', decision: 'pass', actor }] });
    await eventually(async () => (await approvalTasks(flowNo)).length === 1);
    await expect(decideAs({ id: 'q', ...quality })).rejects.toThrow();
    await decideAs(CMT_ACTOR);
    await eventually(async () => (await approvalTasks(flowNo)).length === 2);
    expect((await approvalTasks(flowNo)).map((t) => [t.principal_job_number, t.status])).toEqual([
      [CMT_ACTOR.jobNumber, TASK_STATUS.FINISHED],
      [quality.jobNumber, TASK_STATUS.IN_PROGRESS],
    ]);
    await expect(decideAs(CMT_ACTOR)).rejects.toThrow();
    await decideAs({ id: 'q', ...quality });
    expect(await approval.result()).toMatchObject({ outcome: 'approved' });
    const steps = await db().selectFrom('flow_approval_step').select(['step', 'decision']).where('approval_no', '=', approvalNo).orderBy('step').execute();
    expect(steps).toEqual([
      { step: 1, decision: 'pass' },
      { step: 2, decision: 'pass' },
    ]);
    await recordHistory('approval-two-steps', approval);
  });

  // About 17 s: the opening is a local activity, so the decision is taken in at the workflow task's heartbeat (80 % of
  // its 10 s timeout) and the opening's end at the next one — waits, not work, hence the longer limit.
  it('takes a decision the approver sends while the step is still being opened, and records it once the opening is done', async () => {
    const { flowNo } = await atKcp2('HIGH_POTENTIAL');
    const acts = createApprovalActivities({ db: db(), mailer: createOutboxMailer(db()), erp: testErp(), publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
    const { approvalNo, approvers } = await acts.openApproval({ flowNo, kind: 'HIGH_POTENTIAL', round: 1, actor: PM_ACTOR });
    // The opening activity has written the task (the approver sees it) but has not answered yet, as
    // when its mail is slow or the worker is busy: it answers only when the test lets it.
    let taskWritten!: () => void;
    const written = new Promise<void>((resolve) => (taskWritten = resolve));
    let letAnswer!: () => void;
    const answer = new Promise<void>((resolve) => (letAnswer = resolve));
    const taskQueue = `${h.taskQueue}-slow-open`;
    const worker = await Worker.create({
      connection: await NativeConnection.connect({ address: h.temporal.server.address }),
      namespace: 'default',
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities: {
        ...acts,
        async openApprovalStep(input: Parameters<typeof acts.openApprovalStep>[0]) {
          await acts.openApprovalStep(input);
          taskWritten();
          await answer;
        },
      },
    });
    await worker.runUntil(async () => {
      const approval = await h.client.workflow.start('approvalFlow', {
        taskQueue,
        workflowId: `approval-slow-open-${flowNo}`,
        args: [{ flowNo, kind: 'HIGH_POTENTIAL', round: 1, approvalNo, approvers }],
      });
      await written;
      expect(await approvalTasks(flowNo)).toMatchObject([{ principal_job_number: CMT_ACTOR.jobNumber, status: TASK_STATUS.IN_PROGRESS }]);
      // Accepted, not refused as already decided; it answers once the decision is recorded.
      const decided = await approval.startUpdate(decideApprovalUpdate, {
        args: [{ kind: 'HIGH_POTENTIAL', decision: 'pass', actor: CMT_ACTOR }],
        waitForStage: WorkflowUpdateStage.ACCEPTED,
      });
      letAnswer();
      await decided.result();
      expect(await approvalTasks(flowNo)).toMatchObject([{ status: TASK_STATUS.FINISHED }]);
      const steps = await db().selectFrom('flow_approval_step').select(['step', 'decision']).where('approval_no', '=', approvalNo).execute();
      expect(steps).toEqual([{ step: 1, decision: 'pass' }]);
      expect(await approval.result()).toMatchObject({ outcome: 'approved' });
    });
  }, 60_000);

  /**
   * Opens a high-potential approval (its first step too when `firstStepOpened`), starts its run on a task queue no
   * worker polls yet and sends the approver's decision: it reaches the run with its very first workflow task, as when
   * the approver answers the moment the subject's workflow started the approval on a busy engine. Then a worker
   * comes; the decision is taken, recorded and the approval approved.
   */
  async function decideBeforeFirstTask(firstStepOpened: boolean) {
    const { flowNo } = await atKcp2('HIGH_POTENTIAL');
    const acts = createApprovalActivities({ db: db(), mailer: createOutboxMailer(db()), erp: testErp(), publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
    const { approvalNo, approvers } = await acts.openApproval({ flowNo, kind: 'HIGH_POTENTIAL', round: 1, actor: PM_ACTOR, ...(firstStepOpened ? { openFirstStep: true } : {}) });
    const taskQueue = `${h.taskQueue}-late-${firstStepOpened ? 'opened' : 'opening'}`;
    const approval = await h.client.workflow.start('approvalFlow', {
      taskQueue,
      workflowId: `approval-late-worker-${flowNo}`,
      args: [{ flowNo, kind: 'HIGH_POTENTIAL', round: 1, approvalNo, approvers, ...(firstStepOpened ? { firstStepOpened: true } : {}) }],
    });
    const decided = approval.executeUpdate(decideApprovalUpdate, { args: [{ kind: 'HIGH_POTENTIAL', decision: 'pass', actor: CMT_ACTOR }] });
    await new Promise((r) => setTimeout(r, 500));
    const worker = await Worker.create({
      connection: await NativeConnection.connect({ address: h.temporal.server.address }),
      namespace: 'default',
      taskQueue,
      workflowBundle: await workflowBundle(),
      activities: acts,
    });
    await worker.runUntil(async () => {
      await decided;
      expect(await approval.result()).toMatchObject({ outcome: 'approved' });
    });
    expect(await approvalTasks(flowNo)).toMatchObject([{ task_no: `${approvalNo}-1`, status: TASK_STATUS.FINISHED }]);
    expect(await db().selectFrom('flow_approval_step').select(['step', 'decision']).where('approval_no', '=', approvalNo).execute()).toEqual([{ step: 1, decision: 'pass' }]);
    return approvalNo;
  }

  it('an approval whose first step the flow opened takes the approver\'s decision sent before the approval has run at all', async () => {
    const approvalNo = await decideBeforeFirstTask(true);
    // The step was not opened a second time: one task, one mail.
    expect(await db().selectFrom('mail_outbox').select('id').where('dedupe_key', 'like', `task:${approvalNo}-%`).execute()).toHaveLength(1);
  });

  it('takes the approver\'s decision sent before the approval has run at all, its first step opened by the approval itself', async () => {
    const approvalNo = await decideBeforeFirstTask(false);
    expect(await db().selectFrom('mail_outbox').select('id').where('dedupe_key', '=', `task:${approvalNo}-1`).execute()).toHaveLength(1);
  });
});
