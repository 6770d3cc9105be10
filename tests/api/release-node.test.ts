import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { openTestApproval } from '../support/approvals.ts';
import { newTaxNumber } from '../support/erp-vendors.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { client, type Caller } from '../support/http-client.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { validReleaseForm } from '../support/release-form.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { staffSession } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const PM = 'E10002'; // the flows' purchasing manager: principal of RELEASE
const CODE = '10004711';

/**
 * The RELEASE node over HTTP (req flow §2.6, §3.15, §4.2, §4.5, §7.9): the supplier-code application runs
 * there when the flow has no code yet, with RELEASE's principal as writer; a code obtained at KCP2 is
 * shown and RELEASE completes when its principal confirms. The workflow is recorded, not run.
 */
describe('the release node', () => {
  let app: TestApp;
  const engine = recordingFlows();
  const db = () => app.deps.db;
  let pm: Caller;
  let other: Caller;
  let fileUrl: string;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(db(), PM);
    other = await staffSession(db(), 'E10003');
    const up = await api().upload('/common/v1/file', 'bank-licence.pdf', pdfBytes('bank'), 'application/pdf');
    fileUrl = up.body.data.url;
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null = pm, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale);
  const taskDetail = (flowNo: string, caller: Caller = pm) => api(caller).get('/v1/supplier-release/task-detail', { flowNo });
  const formOf = (flowNo: string, caller: Caller = pm) => api(caller).get('/v1/supplier-release/get-supplier-info', { flowNo });
  const init = (flowNo: string, caller: Caller = pm) => api(caller).post('/v1/supplier-assessment/init_supplier-pre-release', { flowNo });
  const save = (flowNo: string, version: number, caller: Caller = pm) =>
    api(caller).post('/v1/supplier-release/save-supplier-info', { flowNo, version, form: validReleaseForm({ fileUrl }) });
  const submit = (flowNo: string, version: number, caller: Caller = pm) =>
    api(caller).post('/v1/supplier-release/submit', { flowNo, version, form: validReleaseForm({ fileUrl }) });
  const confirm = (flowNo: string, caller: Caller = pm, locale: 'zh' | 'en' = 'zh') => api(caller, locale).post('/v1/supplier-release/confirm', { flowNo });
  const completions = (flowNo: string) => engine.callsOf(flowNo).completeNode;

  const atRelease = () => insertFlowAtNode(db(), 'RELEASE', { creditCode: newTaxNumber() });

  /** The release as the ERP left it at KCP2: approved, with the official code. */
  async function codeObtainedAtKcp2(flowNo: string) {
    await db()
      .insertInto('supplier_release')
      .values({ flow_no: flowNo, status: RELEASE_STATUS.APPROVED, form: JSON.stringify(validReleaseForm({ fileUrl })), supplier_code: CODE, supplier_source: 'SAP', version: 3, updated_by: PM })
      .execute();
    await db().updateTable('cert_flow').set({ supplier_code: CODE }).where('flow_no', '=', flowNo).execute();
  }

  describe('without a supplier code: the application runs at RELEASE', () => {
    it('its principal applies, saves and submits; the approval starts and its task sits at RELEASE; then the form is read-only', async () => {
      const { flowNo } = await atRelease();
      expect((await taskDetail(flowNo)).body.data).toMatchObject({
        nodeCode: 'RELEASE',
        taskPrincipalId: PM,
        status: -1,
        available: true,
        writable: true,
        awaitingConfirmation: false,
        confirmable: false,
      });
      expect((await init(flowNo)).status).toBe(200);
      const read = (await formOf(flowNo)).body.data;
      expect(read).toMatchObject({ status: RELEASE_STATUS.INIT, writable: true, readOnly: false });

      const saved = await save(flowNo, read.version);
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ message: '保存成功', status: RELEASE_STATUS.SAVED });
      const submitted = await submit(flowNo, saved.body.data.version);
      expect(submitted.status).toBe(200);
      expect(engine.callsOf(flowNo).startApproval).toEqual([[flowNo, { kind: 'SUPPLIER_CODE', actor: expect.objectContaining({ jobNumber: PM }) }, expect.any(String)]]);

      // The workflow opens the approval (recorded here through its activities): the CMT leader's task is RELEASE's.
      const { taskNo } = await openTestApproval(db(), { flowNo, kind: 'SUPPLIER_CODE' });
      const task = await db().selectFrom('cert_task').select(['node_code', 'principal_job_number']).where('task_no', '=', taskNo).executeTakeFirstOrThrow();
      expect(task).toEqual({ node_code: 'RELEASE', principal_job_number: 'E10010' });

      expect((await formOf(flowNo)).body.data).toMatchObject({ status: RELEASE_STATUS.SUBMITTED, readOnly: true });
      expect((await taskDetail(flowNo)).body.data).toMatchObject({ status: RELEASE_STATUS.SUBMITTED, readOnly: true, awaitingConfirmation: false });
      const again = await save(flowNo, (await formOf(flowNo)).body.data.version);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('发布信息已提交或已审批，不能修改');
      // Nothing completes RELEASE but the approval (the workflow, after the ERP) or a confirmation.
      expect(completions(flowNo)).toEqual([]);
    });

    it('nobody but its principal applies, saves, submits or confirms (403); they read it read-only', async () => {
      const { flowNo } = await atRelease();
      expect((await init(flowNo, other)).status).toBe(403);
      await init(flowNo);
      const version = (await formOf(flowNo)).body.data.version;
      for (const res of [await save(flowNo, version, other), await submit(flowNo, version, other), await confirm(flowNo, other)]) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('只有任务负责人可以操作');
      }
      expect((await formOf(flowNo, other)).body.data).toMatchObject({ writable: false, version });
      expect((await taskDetail(flowNo, other)).body.data).toMatchObject({ nodeCode: 'RELEASE', writable: false, confirmable: false });
      expect(engine.callsOf(flowNo).startApproval).toEqual([]);
    });

    it('confirming is refused (409) until the code is obtained, saying why, in zh and en', async () => {
      const { flowNo } = await atRelease();
      const none = await confirm(flowNo);
      expect(none.status).toBe(409);
      expect(none.body.message).toBe('尚未获得供应商编码，不能确认发布：请先提交供应商编码申请，审批通过且ERP生成编码后再确认');
      await init(flowNo);
      await db().updateTable('supplier_release').set({ status: RELEASE_STATUS.SUBMITTED }).where('flow_no', '=', flowNo).execute();
      const en = await confirm(flowNo, pm, 'en');
      expect(en.status).toBe(409);
      expect(en.body.message).toMatch(/^The release cannot be confirmed before the supplier code is obtained/);
      expect(completions(flowNo)).toEqual([]);
    });

    it('looks the flow’s credit code up in the ERP (get-sap-supplier-info)', async () => {
      const { flowNo } = await atRelease();
      const res = await api().get('/v1/supplier-release/get-sap-supplier-info', { flowNo });
      expect(res.status).toBe(200);
      expect(res.body.data).toBeNull();
    });
  });

  describe('with the supplier code obtained at KCP2', () => {
    it('task-detail shows the code, its source and life cycle, and awaits its principal’s confirmation; the form is read-only', async () => {
      const { flowNo } = await atRelease();
      await codeObtainedAtKcp2(flowNo);
      expect((await taskDetail(flowNo)).body.data).toMatchObject({
        nodeCode: 'RELEASE',
        status: RELEASE_STATUS.APPROVED,
        supplierCode: CODE,
        supplierSource: 'SAP',
        sapResult: null,
        lifeCycle: 0,
        readOnly: true,
        awaitingConfirmation: true,
        confirmable: true,
      });
      expect((await taskDetail(flowNo, other)).body.data).toMatchObject({ supplierCode: CODE, awaitingConfirmation: true, confirmable: false });
      expect((await formOf(flowNo)).body.data).toMatchObject({ readOnly: true, supplierCode: CODE, form: { basicInfo: expect.any(Object) } });
    });

    it('its principal’s confirmation completes RELEASE ("操作成功"); another’s is refused (403) and completes nothing', async () => {
      const { flowNo } = await atRelease();
      await codeObtainedAtKcp2(flowNo);
      expect((await confirm(flowNo, other)).status).toBe(403);
      expect(completions(flowNo)).toEqual([]);

      const res = await confirm(flowNo);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ message: '操作成功' });
      expect(completions(flowNo)).toEqual([[flowNo, { nodeCode: 'RELEASE', actor: expect.objectContaining({ jobNumber: PM }), outcome: 'pass' }, `complete:${flowNo}:RELEASE`]]);
    });

    it('before RELEASE is open there is nothing to confirm (409)', async () => {
      const { flowNo } = await insertFlowAtNode(db(), 'PUBLICITY', { creditCode: newTaxNumber() });
      await codeObtainedAtKcp2(flowNo);
      const res = await confirm(flowNo);
      expect(res.status).toBe(409);
      expect((await taskDetail(flowNo)).body.data).toMatchObject({ nodeCode: 'KCP2', awaitingConfirmation: false, confirmable: false });
      expect(completions(flowNo)).toEqual([]);
    });
  });
});
