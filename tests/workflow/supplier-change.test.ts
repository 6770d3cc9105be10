import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { createTemporalChangeGateway } from '#adapters/temporal/change-gateway.ts';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { CHANGE_TASK_TYPE } from '#domain/supplier-change/approval.ts';
import { changeApprovalPath } from '#domain/supplier-change/routes.ts';
import { listMyOpenTasks } from '#services/cert-flow/my-tasks.ts';
import { decideChange, resolveChangeConflict } from '#services/supplier-change/approval/decide.ts';
import { ServiceError } from '#domain/errors.ts';
import { supplierChangeWorkflowId, type SupplierChangeInput } from '#workflows/supplier-change-definitions.ts';
import { approvalRunId, decideApprovalUpdate } from '#workflows/approval-definitions.ts';
import { addedBank, admittedSupplier, submittedChange, type AdmittedSupplier, type Master } from '../support/change-process-fixtures.ts';
import { erpBanksOf, erpVendorChangesOf, testErp } from '../support/erp.ts';
import { principalOf } from '../support/exit-fixtures.ts';
import { eventually } from '../support/fixtures.ts';
import { recordHistory } from '../support/histories.ts';
import { killWorker, waitForLine } from '../support/worker-child.ts';
import { cleanupsAfterAll, startWorkerChildStack } from '../support/worker-child-stack.ts';
import { startWorkflowHarness, type WorkflowHarness } from '../support/workflow-harness.ts';

/**
 * The supplier-change workflow on a real Temporal server with the real activities and the ERP simulator:
 * approve, reject, cancel, conflict, a bank change's two approvals by two people, self-approval refused,
 * the ERP's refusal and a retried ERP call that changes the vendor once.
 */
describe('supplier change workflow', () => {
  let h: WorkflowHarness;
  /** While set, the next vendor change reaches the ERP but its answer is lost (the activity fails and is retried). */
  let loseNextAnswer = false;
  const updateAttempts: string[] = [];
  beforeAll(async () => {
    const real = testErp();
    const erp: ErpClient = {
      ...real,
      async updateVendor(code, input, key) {
        updateAttempts.push(code);
        await real.updateVendor(code, input, key);
        if (loseNextAnswer) {
          loseNextAnswer = false;
          throw new Error('connection reset before the ERP answered');
        }
      },
    };
    h = await startWorkflowHarness({ erp });
  });
  afterAll(() => h?.stop());

  const PM = 'E10002';
  const CMT_LEADER = 'E10010';
  const SUBMITTER = 'E10003';
  const ADMIN = 'E10001';

  const db = () => h.db.db;
  const deps = () => ({ db: db(), changes: h.changes });
  const change = (flowNo: string) => db().selectFrom('supplier_change').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  const master = async (s: AdmittedSupplier) => {
    const row = await db().selectFrom('supplier').select(['master', 'master_version', 'name']).where('supplier_no', '=', s.supplierNo).executeTakeFirstOrThrow();
    return { ...row, master: row.master as unknown as Master };
  };
  const openTasks = (flowNo: string) =>
    db().selectFrom('cert_task').select(['principal_job_number', 'task_type']).where('apply_no', '=', flowNo).where('status', '=', TASK_STATUS.IN_PROGRESS).orderBy('task_no').execute();
  const actions = async (flowNo: string) =>
    (await db().selectFrom('operation_history').select(['action', 'relation_type']).where('relation_code', '=', flowNo).orderBy('id').execute()).map((r) => {
      expect(r.relation_type).toBe(50);
      return r.action;
    });
  /** The change's approval, a run of the approval engine. */
  const approvalRun = (flowNo: string) => h.client.workflow.getHandle(approvalRunId(supplierChangeWorkflowId(flowNo, 1), 'SUPPLIER_CHANGE'));
  const refusal = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);
  const as = (jobNumber: string) => principalOf(db(), jobNumber);
  const start = async (input: SupplierChangeInput) => {
    const { flowNo } = input;
    await h.changes.startChange(input);
    // The first step's task is open: the approver can decide.
    await eventually(async () => (await openTasks(flowNo)).length > 0);
    return h.client.workflow.getHandle(supplierChangeWorkflowId(flowNo, 1));
  };

  it('approve: the purchasing manager approves on the card; the master, the contacts on file and the ERP vendor follow, once', async () => {
    const s = await admittedSupplier(db());
    const submitted = await submittedChange(db(), s, {
      edit: (m) => ({ ...m, basicInfo: { ...m.basicInfo, address: '嘉定区安亭镇新址路88号' }, contactList: m.contactList.map((c, i) => (i === 1 ? { ...c, name: '王新', email: 'wang.new@example.com' } : c)) }),
    });
    expect(submitted.bankChange).toBe(false);
    const { flowNo } = submitted;
    const handle = await start(submitted);
    expect(await openTasks(flowNo)).toEqual([{ principal_job_number: PM, task_type: CHANGE_TASK_TYPE.approval }]);
    // The approver is mailed a link to the approval card, and has the task in "my open tasks".
    await eventually(() => db().selectFrom('mail_outbox').select('id').where('dedupe_key', '=', `task:${flowNo}-R1-S1`).executeTakeFirst());
    const mine = (await listMyOpenTasks(db(), PM, 'zh')).filter((t) => t.flowNo === flowNo);
    expect(mine).toEqual([expect.objectContaining({ taskName: '供应商信息变更审批', nodeCode: 'SUPPLIER_CHANGE', link: changeApprovalPath(flowNo) })]);

    const { status } = await decideChange(deps(), { flowNo, decision: 'approve' }, await as(PM));
    expect(['applying', 'finished']).toContain(status);
    expect(await handle.result()).toBe('finished');

    const after = await master(s);
    expect(after.master_version).toBe(2);
    expect(after.master.basicInfo.address).toBe('嘉定区安亭镇新址路88号');
    expect(after.master.contactList[1]).toMatchObject({ name: '王新', email: 'wang.new@example.com', rowId: s.master.contactList[1].rowId });
    // The supplier code is the ERP's: the change never touches it.
    expect(after.master.basicInfo.supplierCode).toBe(s.supplierCode);
    const contacts = await db().selectFrom('supplier_contact').select(['name', 'email']).where('supplier_no', '=', s.supplierNo).orderBy('name').execute();
    expect(contacts).toEqual([
      { name: '王新', email: 'wang.new@example.com' },
      { name: '联系人0', email: 'contact0@example.com' },
    ]);
    expect(await erpVendorChangesOf(s.supplierCode)).toHaveLength(1);
    const row = await change(flowNo);
    expect(row).toMatchObject({ status: 'finished', erp_message: null });
    expect(row.erp_sent_at).not.toBeNull();
    expect(await openTasks(flowNo)).toEqual([]);
    expect((await listMyOpenTasks(db(), PM, 'zh')).filter((t) => t.flowNo === flowNo)).toEqual([]);
    expect(await actions(flowNo)).toEqual(['changeApprovalStarted', 'changeStepApproved', 'changeApplied', 'changeSentToErp']);
    await recordHistory('supplier-change-approved', handle);
    await recordHistory('approval-supplier-change-approved', approvalRun(flowNo));
  });

  it('a decision sent the moment the change is submitted (its first step shown open) waits for the step and is taken', async () => {
    const s = await admittedSupplier(db());
    const submitted = await submittedChange(db(), s, { edit: (m) => ({ ...m, basicInfo: { ...m.basicInfo, address: '嘉定区安亭镇即批路1号' } }) });
    const { flowNo } = submitted;
    await h.changes.startChange(submitted);
    // No wait for the step's task: the card already shows step 1 open, as the submit stored it.
    const { status } = await decideChange(deps(), { flowNo, decision: 'approve' }, await as(PM));
    expect(['applying', 'finished']).toContain(status);
    expect(await h.client.workflow.getHandle(supplierChangeWorkflowId(flowNo, 1)).result()).toBe('finished');
    expect((await master(s)).master.basicInfo.address).toBe('嘉定区安亭镇即批路1号');
  });

  it('reject: needs a reason; the change returns to its submitter with it (task and mail); the master stays', async () => {
    const s = await admittedSupplier(db());
    const submitted = await submittedChange(db(), s, { modifyType: 'contact', edit: (m) => ({ ...m, contactList: [m.contactList[0]] }) });
    const { flowNo } = submitted;
    const handle = await start(submitted);
    const pm = await as(PM);
    const pmActor = { id: pm.id, jobNumber: pm.jobNumber, name: pm.name };
    await expect(approvalRun(flowNo).executeUpdate(decideApprovalUpdate, { args: [{ kind: 'SUPPLIER_CHANGE', decision: 'reject', reason: ' ', actor: pmActor, asAdmin: false }] })).rejects.toBeInstanceOf(WorkflowUpdateFailedError);

    await decideChange(deps(), { flowNo, decision: 'reject', reason: '联系人不能删除，请保留原联系人' }, pm);
    expect(await handle.result()).toBe('rejected');
    expect(await change(flowNo)).toMatchObject({ status: 'rejected', reason: '联系人不能删除，请保留原联系人' });
    expect(await openTasks(flowNo)).toEqual([{ principal_job_number: SUBMITTER, task_type: CHANGE_TASK_TYPE.returned }]);
    await eventually(() => db().selectFrom('mail_outbox').select('id').where('dedupe_key', '=', `change-returned:${flowNo}:1`).executeTakeFirst());
    const after = await master(s);
    expect(after.master_version).toBe(1);
    expect(after.master.contactList).toHaveLength(2);
    expect(await actions(flowNo)).toEqual(['changeApprovalStarted', 'changeStepRejected', 'changeRejected']);
    await recordHistory('supplier-change-rejected', handle);
  });

  it('cancel: the submitter cancels while it waits; the approver task closes and no decision is taken after it', async () => {
    const s = await admittedSupplier(db());
    const submitted = await submittedChange(db(), s, { modifyType: 'invoice', edit: (m) => ({ ...m, invoice: { ...m.invoice, invoicePhone: '02169991111' } }) });
    const { flowNo } = submitted;
    const handle = await start(submitted);
    const submitter = await as(SUBMITTER);
    await h.changes.cancelChange(flowNo, 1, { actor: { id: submitter.jobNumber, name: submitter.name }, reason: '提交有误' }, `${flowNo}:cancel`);
    expect(await handle.result()).toBe('cancelled');
    expect((await change(flowNo)).status).toBe('cancelled');
    expect(await openTasks(flowNo)).toEqual([]);
    const late = await refusal(decideChange(deps(), { flowNo, decision: 'approve' }, await as(PM)));
    expect((late as ServiceError).kind).toBe('conflict');
    expect((await master(s)).master_version).toBe(1);
    await recordHistory('supplier-change-cancelled', handle);
    await recordHistory('approval-supplier-change-withdrawn', approvalRun(flowNo));
  });

  it('conflict: a master written since the snapshot is not overwritten; the approver sees the conflict and applies over it', async () => {
    const s = await admittedSupplier(db());
    const submitted = await submittedChange(db(), s, { modifyType: 'invoice', edit: (m) => ({ ...m, invoice: { ...m.invoice, invoiceAddress: '上海市嘉定区新开票地址9号' } }) });
    const { flowNo } = submitted;
    const handle = await start(submitted);
    // Another write of the master after the snapshot (an admission of an expansion, another change).
    const newer = { ...s.master, basicInfo: { ...s.master.basicInfo, companyPhone: '+862160001234' } };
    await db().updateTable('supplier').set({ master: JSON.stringify(newer), master_version: 2 }).where('supplier_no', '=', s.supplierNo).execute();

    const { status } = await decideChange(deps(), { flowNo, decision: 'approve' }, await as(PM));
    expect(status).toBe('conflict');
    expect((await master(s)).master.invoice.invoiceAddress).not.toBe('上海市嘉定区新开票地址9号');
    // The approver has the conflict in their open tasks; the submitter may not decide it.
    expect(await openTasks(flowNo)).toEqual([{ principal_job_number: PM, task_type: CHANGE_TASK_TYPE.approval }]);
    const own = await refusal(resolveChangeConflict(deps(), { flowNo, decision: 'apply' }, await as(SUBMITTER)));
    expect((own as ServiceError).message).toBe('changeOwnApproval');
    const stranger = await refusal(resolveChangeConflict(deps(), { flowNo, decision: 'apply' }, await as(CMT_LEADER)));
    expect((stranger as ServiceError).message).toBe('changeNotApprover');

    await resolveChangeConflict(deps(), { flowNo, decision: 'apply' }, await as(PM));
    expect(await handle.result()).toBe('finished');
    const after = await master(s);
    expect(after.master_version).toBe(3);
    // Applied over the newer master: its own edit kept, the change's part taken.
    expect(after.master.invoice.invoiceAddress).toBe('上海市嘉定区新开票地址9号');
    expect(after.master.basicInfo.companyPhone).toBe('+862160001234');
    expect(await actions(flowNo)).toEqual(['changeApprovalStarted', 'changeStepApproved', 'changeConflict', 'changeApplied', 'changeFinished']);
    await recordHistory('supplier-change-conflict-applied', handle);
  });

  it('conflict rejected: the change returns to its submitter and the newer master stays', async () => {
    const s = await admittedSupplier(db());
    const submitted = await submittedChange(db(), s, { modifyType: 'invoice', edit: (m) => ({ ...m, invoice: { ...m.invoice, invoiceAddress: '旧快照上的修改' } }) });
    const { flowNo } = submitted;
    const handle = await start(submitted);
    await db().updateTable('supplier').set({ master_version: 2 }).where('supplier_no', '=', s.supplierNo).execute();
    expect((await decideChange(deps(), { flowNo, decision: 'approve' }, await as(PM))).status).toBe('conflict');
    const admin = await as(ADMIN);
    const { status } = await resolveChangeConflict(deps(), { flowNo, decision: 'reject', reason: '主数据已更新，请基于最新数据重新提交' }, admin);
    expect(status).toBe('rejected');
    expect(await handle.result()).toBe('rejected');
    expect((await master(s)).master_version).toBe(2);
    expect(await openTasks(flowNo)).toEqual([{ principal_job_number: SUBMITTER, task_type: CHANGE_TASK_TYPE.returned }]);
  });

  it('a bank change: every contact on file is mailed; one approval applies nothing; the second, by another person, applies it and the ERP gets the new account', async () => {
    const s = await admittedSupplier(db());
    const submitted = await submittedChange(db(), s, { edit: (m) => ({ ...m, bankList: [...m.bankList, addedBank(1)] }) });
    expect(submitted.bankChange).toBe(true);
    const { flowNo } = submitted;
    const handle = await start(submitted);
    // Both contacts on file, in the supplier's language, before anyone decides.
    const alerts = await db().selectFrom('mail_outbox').select(['to_address', 'subject']).where('dedupe_key', 'like', `change-bank-alert:${flowNo}:%`).orderBy('to_address').execute();
    expect(alerts.map((a) => a.to_address)).toEqual(['contact0@example.com', 'contact1@example.com']);
    expect(alerts[0].subject).toContain('银行账户变更');

    const afterFirst = await decideChange(deps(), { flowNo, decision: 'approve' }, await as(PM));
    expect(afterFirst.status).toBe('approving');
    // Not applied, not sent, not usable: the master and the ERP still have the one account.
    expect((await master(s)).master.bankList).toHaveLength(1);
    expect(await erpBanksOf(s.supplierCode)).toHaveLength(1);
    expect(await openTasks(flowNo)).toEqual([{ principal_job_number: CMT_LEADER, task_type: CHANGE_TASK_TYPE.approval }]);
    // The first approver cannot give the second approval too, not even as an administrator would.
    const twice = await refusal(decideChange(deps(), { flowNo, decision: 'approve' }, await as(PM)));
    expect((twice as ServiceError).message).toBe('changeSecondApprover');
    const pm = await as(PM);
    await expect(
      approvalRun(flowNo).executeUpdate(decideApprovalUpdate, { args: [{ kind: 'SUPPLIER_CHANGE', decision: 'pass', actor: { id: pm.id, jobNumber: pm.jobNumber, name: pm.name }, asAdmin: true }] }),
    ).rejects.toThrow(WorkflowUpdateFailedError);

    await decideChange(deps(), { flowNo, decision: 'approve' }, await as(CMT_LEADER));
    expect(await handle.result()).toBe('finished');
    const after = await master(s);
    expect(after.master.bankList).toHaveLength(2);
    const banks = await erpBanksOf(s.supplierCode);
    expect(banks.map((b) => b.BankAccount)).toContain(addedBank(1).bankCardNum.slice(0, 18));
    expect(await actions(flowNo)).toEqual(['changeApprovalStarted', 'changeStepApproved', 'changeStepApproved', 'changeApplied', 'changeSentToErp']);
    await recordHistory('supplier-change-bank-two-approvals', handle);
    await recordHistory('approval-supplier-change-two-steps', approvalRun(flowNo));
  });

  it('self-approval is refused: a purchasing manager who submits a bank change is no approver of it, and may not decide it even as an administrator would', async () => {
    const s = await admittedSupplier(db());
    const submitted = await submittedChange(db(), s, { submitterId: PM, submitterName: '王磊', edit: (m) => ({ ...m, bankList: [...m.bankList, addedBank(2)] }) });
    const { flowNo } = submitted;
    // The steps skip the submitter: the CMT leader, then an administrator.
    expect(submitted.steps.map((st) => st.approverJobNumber)).toEqual([CMT_LEADER, ADMIN]);
    await start(submitted);
    const own = await refusal(decideChange(deps(), { flowNo, decision: 'approve' }, await as(PM)));
    expect(own).toBeInstanceOf(ServiceError);
    expect((own as ServiceError).kind).toBe('forbidden');
    expect((own as ServiceError).message).toBe('changeOwnApproval');
    const pm = await as(PM);
    const byWorkflow = await refusal(
      approvalRun(flowNo).executeUpdate(decideApprovalUpdate, { args: [{ kind: 'SUPPLIER_CHANGE', decision: 'pass', actor: { id: pm.id, jobNumber: pm.jobNumber, name: pm.name }, asAdmin: true }] }),
    );
    expect(byWorkflow).toBeInstanceOf(WorkflowUpdateFailedError);
    expect(((byWorkflow as WorkflowUpdateFailedError).cause as Error).message).toBe('changeOwnApproval');
    // The CMT leader approves step 1 and cannot approve step 2 as well.
    await decideChange(deps(), { flowNo, decision: 'approve' }, await as(CMT_LEADER));
    const again = await refusal(decideChange(deps(), { flowNo, decision: 'approve' }, await as(CMT_LEADER)));
    expect((again as ServiceError).message).toBe('changeSecondApprover');
    expect((await master(s)).master_version).toBe(1);
  });

  it('the ERP refuses: the change is applied in the master, the refusal kept on the change and in its log', async () => {
    const s = await admittedSupplier(db());
    // A vendor the ERP does not know.
    await db().updateTable('supplier').set({ supplier_code: '99999999' }).where('supplier_no', '=', s.supplierNo).execute();
    const submitted = await submittedChange(db(), s, { edit: (m) => ({ ...m, basicInfo: { ...m.basicInfo, address: '嘉定区拒绝路1号' } }) });
    const { flowNo } = submitted;
    const handle = await start(submitted);
    await decideChange(deps(), { flowNo, decision: 'approve' }, await as(PM));
    expect(await handle.result()).toBe('finished');
    const row = await change(flowNo);
    expect(row.erp_message).toContain('99999999');
    expect(row.erp_sent_at).toBeNull();
    expect((await master(s)).master_version).toBe(2);
    expect((await actions(flowNo)).at(-1)).toBe('changeErpRefused');
    await recordHistory('supplier-change-erp-refused', handle);
  });

  it('the ERP answer is lost: the activity retries and the vendor is changed once', async () => {
    const s = await admittedSupplier(db());
    const submitted = await submittedChange(db(), s, { edit: (m) => ({ ...m, basicInfo: { ...m.basicInfo, address: '嘉定区重试路2号' } }) });
    const { flowNo } = submitted;
    const handle = await start(submitted);
    loseNextAnswer = true;
    await decideChange(deps(), { flowNo, decision: 'approve' }, await as(PM));
    expect(await handle.result()).toBe('finished');
    expect(updateAttempts.filter((c) => c === s.supplierCode)).toHaveLength(2);
    expect(await erpVendorChangesOf(s.supplierCode)).toHaveLength(1);
    expect((await change(flowNo)).erp_message).toBeNull();
    expect((await master(s)).master_version).toBe(2);
  });
});

describe('supplier change when its worker dies', () => {
  const cleanups = cleanupsAfterAll();

  // A worker process needs a database another process can open: real Postgres (CI sets DATABASE_URL).
  it.skipIf(!process.env.DATABASE_URL)(
    'a worker killed (SIGKILL) while the approved change is being applied: a new worker finishes it, the master and the ERP vendor changed once',
    async () => {
      const { db, gateway, client, startWorker } = await startWorkerChildStack('change-faults', cleanups);
      const changes = createTemporalChangeGateway(gateway);

      // The ERP has changed the vendor, but its answer is held: the worker dies before the change is finished.
      const first = await startWorker({ SLOW_ERP_MS: '60000' });
      const s = await admittedSupplier(db);
      const input = await submittedChange(db, s, { edit: (m) => ({ ...m, basicInfo: { ...m.basicInfo, address: '嘉定区故障路3号' } }) });
      await changes.startChange(input);
      await eventually(() => db.selectFrom('cert_task').select('task_no').where('apply_no', '=', input.flowNo).executeTakeFirst());
      const held = waitForLine(first, 'erp-held');
      await decideChange({ db, changes }, { flowNo: input.flowNo, decision: 'approve' }, await principalOf(db, 'E10002'));
      await held;
      await killWorker(first);
      expect((await db.selectFrom('supplier_change').select('status').where('flow_no', '=', input.flowNo).executeTakeFirstOrThrow()).status).toBe('applying');

      await startWorker();
      const handle = client.workflow.getHandle(supplierChangeWorkflowId(input.flowNo, 1));
      expect(await handle.result()).toBe('finished');
      const supplier = await db.selectFrom('supplier').select(['master', 'master_version']).where('supplier_no', '=', s.supplierNo).executeTakeFirstOrThrow();
      expect(supplier.master_version).toBe(2);
      expect((supplier.master as unknown as Master).basicInfo.address).toBe('嘉定区故障路3号');
      const history = await db.selectFrom('operation_history').select('action').where('relation_code', '=', input.flowNo).orderBy('id').execute();
      expect(history.map((r) => r.action)).toEqual(['changeApprovalStarted', 'changeStepApproved', 'changeApplied', 'changeSentToErp']);
      expect(await erpVendorChangesOf(s.supplierCode)).toHaveLength(1);
    },
    120_000,
  );
});
