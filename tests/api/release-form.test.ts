import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { APPLY_TYPE } from '#domain/cert-flow/enums.ts';
import { APPROVAL_STATUS, RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { erpVendorOf, sendReleaseToErp } from '#services/release/erp-release.ts';
import { loadRelease } from '#services/release/release-row.ts';
import { unavailable } from '#domain/errors.ts';
import { newTaxNumber, sampleVendor } from '../support/erp-vendors.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { client, type Caller } from '../support/http-client.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { conclusionFile, euBank, nonEuBank, purchaseGroup, SUPPLIER_NAME, validReleaseForm, type FormData } from '../support/release-form.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { staffSession } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';

const PM = 'E10002'; // the flows' purchasing manager: principal of KCP2, so of the release form

/**
 * The supplier-code application and the release form over HTTP (req flow §3.14–§3.16, §4.4, §4.5,
 * §5.12, §7.8, §7.9). The workflow is recorded, not run; the ERP is the test run's ERP simulator,
 * reached through the HTTP adapter, and every flow has a credit code of its own there.
 */
describe('supplier code and release form', () => {
  let app: TestApp;
  const engine = recordingFlows();
  const db = () => app.deps.db;
  const erp = () => app.deps.erp;
  let pm: Caller;
  let other: Caller;
  let certificateUrl: string;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    pm = await staffSession(db(), PM);
    other = await staffSession(db(), 'E10003');
    const up = await api().upload('/common/v1/file', 'bank-licence.pdf', pdfBytes('bank'), 'application/pdf');
    certificateUrl = up.body.data.url;
  });
  afterAll(() => app.close());

  const api = (caller: Caller | null = pm, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale);
  const get = (path: string, flowNo: string, caller: Caller = pm) => api(caller).get(path, { flowNo });
  const init = (flowNo: string, caller: Caller = pm) => api(caller).post('/v1/supplier-assessment/init_supplier-pre-release', { flowNo });
  const formOf = (flowNo: string) => get('/v1/supplier-release/get-supplier-info', flowNo);
  const save = (flowNo: string, version: number, form: FormData, locale: 'zh' | 'en' = 'zh') =>
    api(pm, locale).post('/v1/supplier-release/save-supplier-info', { flowNo, version, form });
  const submit = (flowNo: string, version: number, form: FormData, locale: 'zh' | 'en' = 'zh') => api(pm, locale).post('/v1/supplier-release/submit', { flowNo, version, form });
  const releaseRow = (flowNo: string) => db().selectFrom('supplier_release').selectAll().where('flow_no', '=', flowNo).executeTakeFirst();
  const historyOf = (flowNo: string, action: string) =>
    db().selectFrom('operation_history').select('action').where('relation_code', '=', flowNo).where('action', '=', action).execute();

  /** A flow at KCP2, with a credit code of its own, and its meeting conclusion saved: '10' access, '30' high-potential access. */
  async function atKcp2(opts: { conclusion?: '10' | '30'; highPotential?: number; applyType?: number } = {}) {
    const creditCode = newTaxNumber();
    const f = await insertFlowAtNode(db(), 'KCP2', { creditCode, applyType: opts.applyType });
    await db()
      .insertInto('cert_node_form')
      .values({ flow_no: f.flowNo, node_code: 'KCP2', access_status: opts.conclusion ?? '10', documents: '[]', updated_by: PM })
      .execute();
    if (opts.highPotential !== undefined) {
      const documents = JSON.stringify([{ documentType: 'meet_conclusion', documentName: 'conclusion.pdf', documentUrl: certificateUrl }]);
      await db().insertInto('high_potential_application').values({ flow_no: f.flowNo, status: opts.highPotential, documents, updated_by: PM }).execute();
    }
    return { ...f, creditCode };
  }

  /** A flow whose supplier-code application has started; answers the form as read. */
  async function applied(opts: Parameters<typeof atKcp2>[0] = {}) {
    const f = await atKcp2(opts);
    expect((await init(f.flowNo)).status).toBe(200);
    const read = await formOf(f.flowNo);
    return { flowNo: f.flowNo, creditCode: f.creditCode, version: read.body.data.version as number, form: read.body.data.form as FormData };
  }

  const valid = (extra: { highPotential?: boolean } = {}) => validReleaseForm({ fileUrl: certificateUrl, ...extra });

  describe('applying for a supplier code (req flow §4.4, §4.5)', () => {
    it('is available after an ordinary access conclusion, and starts the application prefilled from the questionnaire', async () => {
      const f = await atKcp2();
      const { applyNo } = await issueRfiInvitation(db(), { flowNo: f.flowNo, email: f.email, locale: 'zh', secret: TEST_SECRET });
      const sections = {
        company: { companyChineseName: '苏州精密冲压有限公司', supplierType: '10', countryCode: 'CN', provinceCode: '320000', city: '苏州市', address: '工业园区1号', postalCode: '215000', bankCardNum: '6222', bankName: '工商银行苏州分行', invoiceAddress: '苏州工业园区1号', invoicePhone: '051288880000' },
        contacts: { contactList: [{ name: '张伟', position: 'SALES_DIRECTOR', contactAreaCode: '+86', contactNumber: '13800138000', email: 'zw@example.com', businessGroup: '销售', officeAddress: '苏州' }] },
        factories: { holdFactory: true, factoryList: [{ baseName: '苏州工厂', countryCode: 'CN', provinceCode: '320000', city: '苏州市', address: '园区2号', factoryArea: '1000', constructionArea: '800', employeeCount: 120, totalUtilizationRate: '80%', shift: '2', product: '冲压件' }] },
      };
      await db().updateTable('rfi_application').set({ sections: JSON.stringify(sections) }).where('apply_no', '=', applyNo).execute();

      expect((await get('/v1/supplier-assessment/get_supplier-code-info', f.flowNo)).body.data).toEqual({ flowNo: f.flowNo, status: -1, available: true, writable: true });
      const started = await init(f.flowNo);
      expect(started.status).toBe(200);
      expect(started.body.data).toMatchObject({ status: RELEASE_STATUS.INIT, supplierCode: null, supplierSource: null, readOnly: false, writable: true });

      const read = (await formOf(f.flowNo)).body.data;
      expect(read).toMatchObject({ version: 1, status: 0, rules: { highPotential: false, effectivePurchaseOrgs: [] } });
      expect(read.form.basicInfo).toMatchObject({ supplierName: '苏州精密冲压有限公司', creditCode: f.creditCode, provinceCode: '320000', postalCode: '215000' });
      // The flow number is no supplier code: a new supplier's comes from the ERP.
      expect(read.form.basicInfo.supplierCode).toBeUndefined();
      expect(read.form.invoice).toEqual({ bankCardNum: '6222', bankName: '工商银行苏州分行', invoiceAddress: '苏州工业园区1号', invoicePhone: '051288880000' });
      expect(read.form.contactList).toHaveLength(1);
      expect(read.form.factoryInfoDtoList[0]).toMatchObject({ baseName: '苏州工厂', employeeCount: 120 });
      // The default company codes and organisations of default_company_and_organization; one default bank row.
      expect(read.form.purchase.companyCodes).toEqual(['1000', '2000']);
      expect(read.form.purchaseGroupList[0].purchaseGroupCodes).toEqual(['1000', '1100']);
      expect(read.form.bankList).toEqual([expect.objectContaining({ defaultAccount: 1, bankType: '0', accountName: '苏州精密冲压有限公司' })]);
    });

    it('applying twice starts one application', async () => {
      const f = await atKcp2();
      await init(f.flowNo);
      const again = await init(f.flowNo);
      expect(again.status).toBe(200);
      expect((await historyOf(f.flowNo, 'SUPPLIER_CODE_APPLY')).length).toBe(1);
    });

    it('after a high-potential conclusion waits for the approved application, then carries its conclusion files', async () => {
      const f = await atKcp2({ conclusion: '30', highPotential: APPROVAL_STATUS.INPROGRESS });
      expect((await get('/v1/supplier-assessment/get_supplier-code-info', f.flowNo)).body.data.available).toBe(false);
      const refused = await init(f.flowNo);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('当前不能申请供应商编码：需高潜供应商申请审批完成，且供应商生命周期为正常');
      expect(await releaseRow(f.flowNo)).toBeUndefined();

      await db().updateTable('high_potential_application').set({ status: APPROVAL_STATUS.FINISHED }).where('flow_no', '=', f.flowNo).execute();
      expect((await init(f.flowNo)).status).toBe(200);
      const read = (await formOf(f.flowNo)).body.data;
      expect(read.rules.highPotential).toBe(true);
      expect(read.form.documentList).toEqual([{ documentType: 'meet_conclusion', documentName: 'conclusion.pdf', documentUrl: certificateUrl }]);
    });

    it('is not available for an expanded supplier eliminated in the flow’s category', async () => {
      const f = await atKcp2({ applyType: APPLY_TYPE.EXPAND });
      await expandedSupplier(f.flowNo, 'SNELIM01', { lifeCycle: 2 });
      expect((await init(f.flowNo)).status).toBe(409);
    });

    it('is a POST: a GET changes nothing and answers 405', async () => {
      const f = await atKcp2();
      const res = await api().get('/v1/supplier-assessment/init_supplier-pre-release', { flowNo: f.flowNo });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await releaseRow(f.flowNo)).toBeUndefined();
    });

    it('only the KCP2 principal applies; others read it read-only', async () => {
      const f = await atKcp2();
      expect((await init(f.flowNo, other)).status).toBe(403);
      await init(f.flowNo);
      expect((await get('/v1/supplier-assessment/get_supplier-pre-release', f.flowNo, other)).body.data).toMatchObject({ status: 0, writable: false });
      expect((await get('/v1/supplier-release/task-detail', f.flowNo)).body.data).toMatchObject({ nodeCode: 'KCP2', taskPrincipalId: PM, writable: true, status: 0 });
    });
  });

  describe('save', () => {
    it('keeps an unfinished form, moves it to saved and bumps the version', async () => {
      const r = await applied();
      const draft = { ...r.form, basicInfo: { ...r.form.basicInfo, supplierShortName: '精密冲压' }, bankList: [] };
      const res = await save(r.flowNo, r.version, draft);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ message: '保存成功', status: 10, version: r.version + 1 });
      const read = (await formOf(r.flowNo)).body.data;
      expect(read).toMatchObject({ status: 10, version: r.version + 1 });
      expect(read.form.basicInfo.supplierShortName).toBe('精密冲压');
      expect((await historyOf(r.flowNo, 'RELEASE_SAVE')).length).toBe(1);
    });

    it('refuses a save from a stale version (409) and keeps the newer form', async () => {
      const r = await applied();
      await save(r.flowNo, r.version, { ...r.form, invoice: { invoicePhone: '1' } });
      const stale = await save(r.flowNo, r.version, { ...r.form, invoice: { invoicePhone: '2' } });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe('数据已在别处修改，请刷新后重试');
      expect((await formOf(r.flowNo)).body.data.form.invoice.invoicePhone).toBe('1');
    });

    it('refuses texts over their limits as every rule of the form is refused: its message, the field’s path in the form', async () => {
      const r = await applied();
      const res = await save(r.flowNo, r.version, { ...r.form, basicInfo: { ...r.form.basicInfo, supplierShortName: 'x'.repeat(11) } }, 'en');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ 'basicInfo.supplierShortName': 'At most 10 characters' });
      const submitted = await submit(r.flowNo, r.version, { ...valid(), basicInfo: { ...valid().basicInfo, postalCode: '1' } }, 'en');
      expect(submitted.body.message).toBe(res.body.message);
    });

    it('takes only stored files as bank certificates and documents', async () => {
      const r = await applied();
      const forged = '/common/v1/simple-download?fileKey=2026%2F11%2Fffffffffffffffffffffffffffffffff&fileName=x.pdf';
      const res = await save(r.flowNo, r.version, { ...r.form, bankList: [nonEuBank(0, forged)], documentList: [conclusionFile(forged)] });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ 'bankList.0.bankCertificateUrl': '文件不存在，请重新上传', 'documentList.0.documentUrl': '文件不存在，请重新上传' });
      expect((await releaseRow(r.flowNo))!.version).toBe(r.version);
    });

    it('keeps the supplier code the server owns (none before the ERP gives one), whatever the form sends', async () => {
      const r = await applied();
      await save(r.flowNo, r.version, { ...r.form, basicInfo: { ...r.form.basicInfo, supplierCode: 'MINE' } });
      expect((await formOf(r.flowNo)).body.data.form.basicInfo.supplierCode).toBeUndefined();
    });

    it('before the application was started answers 409', async () => {
      const f = await atKcp2();
      const res = await save(f.flowNo, 1, valid());
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('供应商编码申请尚未发起');
    });
  });

  describe('submit', () => {
    it('refuses an incomplete form with the field errors and the messageList, in zh and en, and saves nothing', async () => {
      const r = await applied();
      const form = { ...valid(), bankList: [{ ...nonEuBank(0, certificateUrl), defaultAccount: 0 }], contactList: [{ ...valid().contactList[0], contactNumber: '1380000000012' }] };
      const zh = await submit(r.flowNo, r.version, form);
      expect(zh.status).toBe(400);
      expect(zh.body.message).toBe('表单存在未填写/填写错误，请滑动表单检查并修改');
      expect(zh.body.errors).toEqual({ bankList: '请至少保留一个默认账号', 'contactList.0.contactNumber': '联系电话不能超过11位' });
      expect(zh.body.data.messageList).toEqual(['表单存在未填写/填写错误，请滑动表单检查并修改', '请至少保留一个默认账号']);
      const en = await submit(r.flowNo, r.version, form, 'en');
      expect(en.body.message).toBe('The form has missing or wrong entries; please scroll through it and correct them');
      expect(en.body.data.messageList).toEqual(['The form has missing or wrong entries; please scroll through it and correct them', 'Please keep at least one default account']);
      expect((await releaseRow(r.flowNo))!.version).toBe(r.version);
      expect(engine.callsOf(r.flowNo).startApproval).toEqual([]);
    });

    it('names the account-name reason, the EU fields and the ports on their rows', async () => {
      const r = await applied();
      const form = valid();
      form.bankList = [{ ...nonEuBank(0, certificateUrl), accountName: '别的公司' }, { ...euBank(1, certificateUrl), bankIbanno: 'DE00370400440532013000' }];
      form.purchaseGroupList = [{ ...purchaseGroup(['1000', '1100'], true), portOfArrival: '' }];
      const res = await submit(r.flowNo, r.version, form);
      expect(res.body.errors).toEqual({
        'bankList.0.reason': '银行信息中账户名称和公司名称不一致，请填写账户名称不一致理由',
        'bankList.1.bankIbanno': 'IBAN格式或校验位不正确',
        'purchaseGroupList.0.portOfArrival': '该项必填',
      });
    });

    it('saves, then asks for the approval of the supplier code', async () => {
      const r = await applied();
      const res = await submit(r.flowNo, r.version, valid());
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ message: '提交成功', version: r.version + 1 });
      const [call] = engine.callsOf(r.flowNo).startApproval;
      expect(call?.[1]).toMatchObject({ kind: 'SUPPLIER_CODE', actor: { jobNumber: PM } });
      expect((await releaseRow(r.flowNo))!.status).toBe(RELEASE_STATUS.SAVED);
      expect((await historyOf(r.flowNo, 'RELEASE_SUBMIT')).length).toBe(1);
    });

    it('sent again after the engine missed its deadline (503), answers like the first: its save is not refused as stale, the same approval is asked for', async () => {
      const r = await applied();
      engine.refuse = unavailable();
      const lost = await submit(r.flowNo, r.version, valid());
      engine.refuse = undefined;
      expect(lost.status).toBe(503);
      // The save went in; the engine may have opened the approval meanwhile.
      expect((await releaseRow(r.flowNo))!.version).toBe(r.version + 1);
      await db().updateTable('supplier_release').set({ status: RELEASE_STATUS.SUBMITTED }).where('flow_no', '=', r.flowNo).execute();

      const again = await submit(r.flowNo, r.version, valid());
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ message: '提交成功', version: r.version + 1 });
      expect(engine.callsOf(r.flowNo).startApproval.map((c) => c[2])).toEqual([`approval:SUPPLIER_CODE:${r.flowNo}:${r.version + 1}`]);
      expect((await historyOf(r.flowNo, 'RELEASE_SUBMIT')).length).toBe(1);
      // Another form at that version is a stale submit, not the same one.
      const other = valid();
      other.basicInfo.address = '嘉定区安亭镇测试路2号';
      expect((await submit(r.flowNo, r.version, other)).status).toBe(409);
      expect((await releaseRow(r.flowNo))!.version).toBe(r.version + 1);
    });

    it('sent again with its key after its approval was started, approved and its code written into the form, asks for the same approval start and answers 200', async () => {
      const r = await applied();
      const key = randomUUID();
      const keyed = (k?: string) => (k === undefined ? api(pm) : api(pm).header('Idempotency-Key', k)).post('/v1/supplier-release/submit', { flowNo: r.flowNo, version: r.version, form: valid() });
      // The engine opens the approval, the approvers pass it and the ERP writes the code, but the attempt's call failed.
      const startApproval = engine.flows.startApproval;
      engine.flows.startApproval = async (...args) => {
        await startApproval(...args);
        const row = (await loadRelease(db(), r.flowNo))!;
        const form = { ...row.form, basicInfo: { ...(row.form.basicInfo as object), supplierCode: 'V900001' } };
        await db().updateTable('supplier_release').set({ status: RELEASE_STATUS.APPROVED, supplier_code: 'V900001', form: JSON.stringify(form) }).where('flow_no', '=', r.flowNo).execute();
        throw unavailable();
      };
      try {
        expect((await keyed(key)).status).toBe(503);
      } finally {
        engine.flows.startApproval = startApproval;
      }

      const again = await keyed(key);
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ message: '提交成功', status: RELEASE_STATUS.APPROVED, version: r.version + 1 });
      // Its own save found again (the code the ERP wrote is not the submitter's field): the same approval start
      // is asked for with the same update id, which the engine answers like the first without starting another.
      const id = `approval:SUPPLIER_CODE:${r.flowNo}:${r.version + 1}`;
      expect(engine.callsOf(r.flowNo).startApproval.map((c) => c[2])).toEqual([id, id]);
      expect((await historyOf(r.flowNo, 'RELEASE_SUBMIT')).length).toBe(1);
    });

    it('after a high-potential conclusion needs its conclusion files', async () => {
      const r = await applied({ conclusion: '30', highPotential: APPROVAL_STATUS.FINISHED });
      const res = await submit(r.flowNo, r.version, valid());
      expect(res.body.errors).toEqual({ documentList: '请上传高潜供应商结论附件' });
      expect((await submit(r.flowNo, r.version, valid({ highPotential: true }))).status).toBe(200);
    });

    it('keeps the purchasing organisations an expanded supplier already has', async () => {
      const earlier = await atKcp2({ applyType: APPLY_TYPE.EXPAND });
      await expandedSupplier(earlier.flowNo, 'SNORG001');
      const released = { ...valid(), purchaseGroupList: [purchaseGroup(['1000', '1100']), purchaseGroup(['3000'])] };
      await db().insertInto('supplier_release').values({ flow_no: earlier.flowNo, status: RELEASE_STATUS.APPROVED, form: JSON.stringify(released), updated_by: PM }).execute();

      const f = await atKcp2({ applyType: APPLY_TYPE.EXPAND });
      await db().updateTable('cert_flow').set({ supplier_no: 'SNORG001' }).where('flow_no', '=', f.flowNo).execute();
      await init(f.flowNo);
      const read = (await formOf(f.flowNo)).body.data;
      expect(read.rules.effectivePurchaseOrgs).toEqual(['1000', '1100', '3000']);
      const res = await submit(f.flowNo, read.version, { ...valid(), purchaseGroupList: [purchaseGroup(['1000', '1100'])] });
      expect(res.body.errors).toEqual({ purchaseGroupList: '已生效的采购组织 3000 必填!' });
      expect(res.body.data.messageList).toContain('已生效的采购组织 3000 必填!');
    });

    it('is read-only once submitted or approved: save and submit answer 409', async () => {
      const r = await applied();
      for (const status of [RELEASE_STATUS.SUBMITTED, RELEASE_STATUS.APPROVED]) {
        await db().updateTable('supplier_release').set({ status }).where('flow_no', '=', r.flowNo).execute();
        expect((await formOf(r.flowNo)).body.data.readOnly).toBe(true);
        const saved = await save(r.flowNo, r.version, valid());
        expect(saved.status).toBe(409);
        expect(saved.body.message).toBe('发布信息已提交或已审批，不能修改');
        expect((await submit(r.flowNo, r.version, valid())).status).toBe(409);
      }
      // Rejected by an approver: editable again.
      await db().updateTable('supplier_release').set({ status: RELEASE_STATUS.REJECTED }).where('flow_no', '=', r.flowNo).execute();
      expect((await save(r.flowNo, r.version, valid())).status).toBe(200);
    });
  });

  describe('an existing ERP vendor (req flow §4.5, §7.9)', () => {
    it('is found by the flow’s credit code and, confirmed, replaces the code with source OTHER', async () => {
      const unknown = await applied();
      const none = await get('/v1/supplier-release/get-sap-supplier-info', unknown.flowNo);
      expect(none.status).toBe(200);
      expect(none.body.data).toBeNull();
      // Registered in the ERP before (another system, an earlier onboarding); a new credit code keeps the 60 s cache out of it.
      const other = await applied();
      const existing = await erp().createVendor(sampleVendor({ organizationName: SUPPLIER_NAME, taxNumber: other.creditCode }), `earlier:${other.creditCode}`);
      const unrelated = await erp().createVendor(sampleVendor(), `earlier:${other.flowNo}`);
      const found = await get('/v1/supplier-release/get-sap-supplier-info', other.flowNo);
      expect(found.body.data).toEqual({ supplierCode: existing.supplier, supplierName: SUPPLIER_NAME, creditCode: other.creditCode });

      const switchCode = (body: object) => api().post('/v1/supplier-release/switch-supplier-code', { flowNo: other.flowNo, version: other.version, ...body });
      const unconfirmed = await switchCode({ supplierCode: existing.supplier });
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.body.errors).toEqual({ confirmOverwrite: '切换供应商编码将覆盖或丢失当前信息，请确认' });
      // A code the ERP has, but under another credit code.
      expect((await switchCode({ supplierCode: unrelated.supplier, confirmOverwrite: true })).body.errors).toEqual({ supplierCode: 'SAP中没有该信用代码下此编码的供应商' });

      const switched = await switchCode({ supplierCode: existing.supplier, confirmOverwrite: true });
      expect(switched.status).toBe(200);
      expect(switched.body.data.version).toBe(other.version + 1);
      const detail = (await get('/v1/supplier-assessment/get_supplier-pre-release', other.flowNo)).body.data;
      expect(detail).toMatchObject({ supplierCode: existing.supplier, supplierSource: 'OTHER' });
      expect((await formOf(other.flowNo)).body.data.form.basicInfo.supplierCode).toBe(existing.supplier);
      expect((await historyOf(other.flowNo, 'SUPPLIER_CODE_SWITCH')).length).toBe(1);
    });
  });

  describe('sending the approved release to the ERP', () => {
    async function submitted() {
      const r = await applied();
      await submit(r.flowNo, r.version, valid());
      await db().updateTable('supplier_release').set({ status: RELEASE_STATUS.SUBMITTED }).where('flow_no', '=', r.flowNo).execute();
      return r;
    }

    it('records the official code on the release and the flow; one vendor per idempotency key, however often it is sent', async () => {
      const { flowNo, creditCode } = await submitted();
      const deps = { db: db(), erp: erp() };
      const idempotencyKey = `${flowNo}-SC-1`;
      // An earlier attempt reached the ERP and died before recording its answer (a retried activity).
      const lost = await erp().createVendor(erpVendorOf((await loadRelease(db(), flowNo))!.form), idempotencyKey);

      const first = await sendReleaseToErp(deps, { flowNo, idempotencyKey });
      expect(first).toEqual({ supplierCode: lost.supplier });
      expect(lost.supplier).toMatch(/^\d{8}$/);
      expect(await sendReleaseToErp(deps, { flowNo, idempotencyKey })).toEqual(first);
      expect(await erp().findVendorByTaxNumber(creditCode)).toEqual({ supplier: lost.supplier, organizationName: SUPPLIER_NAME, taxNumber: creditCode });

      expect(await releaseRow(flowNo)).toMatchObject({ status: RELEASE_STATUS.APPROVED, supplier_code: lost.supplier, supplier_source: 'SAP', sap_result: null });
      expect((await db().selectFrom('cert_flow').select('supplier_code').where('flow_no', '=', flowNo).executeTakeFirstOrThrow()).supplier_code).toBe(lost.supplier);
      expect((await get('/v1/supplier-assessment/get_supplier-pre-release', flowNo)).body.data).toMatchObject({ status: 40, supplierCode: lost.supplier, sapResult: null, readOnly: true });
      expect((await formOf(flowNo)).body.data.form.basicInfo.supplierCode).toBe(lost.supplier);
      expect((await historyOf(flowNo, 'SUPPLIER_CODE_RELEASED')).length).toBe(1);
    });

    it('records the ERP’s refusal as rejected, shown as the SAP failure message, and the form is editable again', async () => {
      const { flowNo, creditCode } = await submitted();
      // The ERP already has a partner with this tax number, created under another key: it refuses a second one.
      const earlier = await erp().createVendor(sampleVendor({ taxNumber: creditCode }), `elsewhere:${creditCode}`);
      const refusal = `Tax number ${creditCode} is already assigned to business partner ${earlier.supplier} (${earlier.organizationName})`;

      expect(await sendReleaseToErp({ db: db(), erp: erp() }, { flowNo, idempotencyKey: `${flowNo}-SC-1` })).toEqual({ refused: refusal });
      const detail = (await get('/v1/supplier-assessment/get_supplier-pre-release', flowNo)).body.data;
      expect(detail).toMatchObject({ status: 30, supplierCode: null, sapResult: `SAP processing failure message returned: ${refusal}`, readOnly: false });
      expect((await formOf(flowNo)).body.data).toMatchObject({ status: 30, sapResult: `SAP processing failure message returned: ${refusal}`, readOnly: false });
      expect(await erp().findVendorByTaxNumber(creditCode)).toEqual(earlier);
      expect((await db().selectFrom('cert_flow').select('supplier_code').where('flow_no', '=', flowNo).executeTakeFirstOrThrow()).supplier_code).toBeNull();
      expect((await historyOf(flowNo, 'SUPPLIER_CODE_REFUSED')).length).toBe(1);
    });

    it('a refusal gives the purchasing manager a to-do naming the field to correct; KCP2 says it is rejected, not in progress', async () => {
      const { flowNo, creditCode } = await submitted();
      await db().updateTable('supplier_release').set({ approval_no: `${flowNo}-SC-1` }).where('flow_no', '=', flowNo).execute();
      await erp().createVendor(sampleVendor({ taxNumber: creditCode }), `elsewhere:${creditCode}`);
      await sendReleaseToErp({ db: db(), erp: erp() }, { flowNo, idempotencyKey: `${flowNo}-SC-1` });
      const tasks = (await api(pm, 'en').get('/v1/cert-flow-node/my-tasks')).body.data as { flowNo: string; taskType: string; taskName: string; link: string }[];
      expect(tasks.filter((t) => t.flowNo === flowNo && t.taskType === 'ERP_REFUSED')).toEqual([
        expect.objectContaining({ taskName: 'The ERP refused the supplier code: correct the release form and submit again', link: `/cert-flow/detail?id=${flowNo}&node=KCP2` }),
      ]);
      const kcp2 = (await api(pm, 'en').get('/v1/supplier-assessment/task-detail', { flowNo })).body.data;
      expect(kcp2.erpRefusal).toContain('Unified social credit code');
      const documentList = [{ documentName: 'minutes.pdf', documentUrl: certificateUrl }];
      const complete = await api(pm).post('/v1/supplier-assessment/complete', { flowNo, accessStatus: 10, documentList });
      expect(complete.status).toBe(409);
      expect(complete.body.message).toBe('供应商编码申请已被驳回：请修改发布表单并重新提交，通过后才能完成当前节点！');
    });
  });

  describe('checked against the ERP’s own contract before any approval', () => {
    it('a save refuses a value the ERP would refuse, at its field, though the form’s own limit allows it', async () => {
      const r = await applied();
      const form = valid();
      form.basicInfo.address = '嘉定区安亭镇'.repeat(11); // 66 characters: the form allows 200, the ERP's street 60
      const saved = await save(r.flowNo, r.version, form);
      expect(saved.status).toBe(400);
      expect(saved.body.errors).toEqual({ 'basicInfo.address': 'SAP最多接受60个字符' });
      expect((await releaseRow(r.flowNo))?.version).toBe(r.version);
    });

    it('a 12-digit CNAPS code is accepted as the bank key; a 10-digit one is refused before the approval', async () => {
      const r = await applied();
      const form = valid();
      form.bankList[0]!.bankSwiftCode = '1022900021';
      const refused = await submit(r.flowNo, r.version, form, 'en');
      expect(refused.status).toBe(400);
      expect(refused.body.errors['bankList.0.bankSwiftCode']).toBe('Enter an 8- or 11-character SWIFT code (BIC) or a 12-digit CNAPS bank code');
      expect(engine.callsOf(r.flowNo).startApproval).toEqual([]);
      form.bankList[0]!.bankSwiftCode = '102290024016';
      expect((await submit(r.flowNo, r.version, form)).status).toBe(200);
    });
  });

  describe('look-ups (req flow §7.9)', () => {
    it('lists head banks and finds branches by keyword within a head bank', async () => {
      const heads = (await api().get('/common/v1/all-head-bank')).body.data;
      expect(heads).toContainEqual({ bankHeadCode: 'ICBC', bankHead: '中国工商银行', countryCode: 'CN' });
      const branches = (await api().get('/common/v1/search-bank', { bankHeadCode: 'ICBC', keyword: '嘉定' })).body.data;
      expect(branches).toEqual([expect.objectContaining({ bankCode: '102290024016', bankName: '中国工商银行上海嘉定支行', bankHead: '中国工商银行', swiftCode: 'ICBKCNBJSHI' })]);
      const en = (await api(pm, 'en').get('/common/v1/search-bank', { keyword: 'frankfurt' })).body.data;
      expect(en.map((b: { bankCode: string }) => b.bankCode).sort()).toEqual(['COBADEFFXXX', 'DEUTDEFFXXX']);
    });

    it('finds company codes and purchasing organisations of chosen companies', async () => {
      expect((await api().get('/v1/company/search-by-zh', { keyword: '武汉' })).body.data).toEqual([{ companyCode: '2000', companyName: '武汉整车有限公司' }]);
      const orgs = (await api().get('/v1/purchase-group/search-by-zh', { companyCodes: '1000' })).body.data;
      expect(orgs.map((o: { purOrgCode: string }) => o.purOrgCode)).toEqual(['1000', '1100']);
    });

    it('serves the ERP dictionaries, the defaults comma separated', async () => {
      const dict = async (dictType: string) => (await api().get('/dict/v1/list', { dictType })).body.data.map((d: { dictKey: string; dictValue: string }) => [d.dictKey, d.dictValue]);
      expect(await dict('default_company_and_organization')).toEqual([
        ['COMPANY', '1000,2000'],
        ['PURCHASE_ORGANIZATION', '1000,1100'],
      ]);
      expect((await dict('currency_type'))[0]).toEqual(['CNY', '人民币']);
      expect((await dict('payment_terms')).map((e: string[]) => e[0])).toContain('Z030');
      expect((await dict('trade_terms')).map((e: string[]) => e[0])).toContain('FOB');
      expect((await dict('payment_method')).map((e: string[]) => e[0])).toEqual(['T', 'C', 'S']);
      expect((await dict('reconciliation_account')).length).toBe(3);
    });

    it('answers from a 60 s cache: a head bank added now shows after the minute', async () => {
      await api().get('/common/v1/all-head-bank');
      await db().insertInto('bank_head').values({ code: 'NEWBANK', name_zh: '新银行', name_en: 'New Bank', country_code: 'CN' }).execute();
      const heads = (await api().get('/common/v1/all-head-bank')).body.data;
      expect(heads.map((h: { bankHeadCode: string }) => h.bankHeadCode)).not.toContain('NEWBANK');
    });

    it('are for staff', async () => {
      expect((await api(null).get('/common/v1/all-head-bank')).status).toBe(401);
    });
  });

  async function expandedSupplier(flowNo: string, supplierNo: string, opts: { lifeCycle?: number } = {}) {
    await db()
      .insertInto('supplier')
      .values({ supplier_no: supplierNo, supplier_code: `C${supplierNo}`, name: SUPPLIER_NAME, credit_code: newTaxNumber() })
      .execute();
    // The flow expands the supplier in a small category it already holds (with its life cycle).
    const category = await db().selectFrom('category').select(['code', 'name_zh']).where('level', '=', 3).orderBy('code').executeTakeFirstOrThrow();
    await db().insertInto('supplier_category').values({ supplier_no: supplierNo, category_code: category.code, life_cycle: opts.lifeCycle ?? 0 }).execute();
    await db()
      .updateTable('cert_flow')
      .set({ supplier_no: supplierNo, category_list: JSON.stringify([{ code: category.code, name: category.name_zh }]) })
      .where('flow_no', '=', flowNo)
      .execute();
  }
});
