import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationFailure } from '@temporalio/common';
import { createAdmissionActivities } from '#activities/admission-activities.ts';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { APPLY_TYPE, NODE_STATUS, STAGE } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { PERMISSIONS } from '#domain/permissions.ts';
import type { SupplierMasterRecord } from '#domain/supplier-master-record.ts';
import { admitSupplier } from '#services/admission/admit.ts';
import { ServiceError } from '#domain/errors.ts';
import { ruleRefusals } from '#activities/rule-refusals.ts';
import { PM_ACTOR } from '../support/drive-flow.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { staffWith } from '../support/fixtures.ts';
import { client, uploadDocument, type Caller } from '../support/http-client.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { recordingChanges } from '../support/recording-changes.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { contact, euBank, nonEuBank, validReleaseForm, type FormData } from '../support/release-form.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';
import { testErp } from '../support/erp.ts';

const PM = 'E10002';
const PUBLIC_URL = 'http://portal.example.com';

/**
 * Admission (issue: "what stage 90 means"): when the flow's last node closes, its supplier becomes an accepted
 * supplier with the code of its approved release, the supplier master holds the release form, its categories
 * are admitted, the flow records stage 90 and its pass time, and the purchasing manager and the supplier are
 * told. The activity is run as the workflow runs it (the workflow itself is not run here).
 */
describe('admission at the end of a flow', () => {
  let app: TestApp;
  const engine = recordingFlows();
  const changeEngine = recordingChanges();
  const db = () => app.deps.db;
  const deps = () => ({ db: db(), mailer: createOutboxMailer(db()), publicUrl: PUBLIC_URL });
  let flowActs: ReturnType<typeof createCertFlowActivities>;
  let expander: Caller;
  /** A stored bank licence: the certificate an admitted master's banks keep (an information change checks it is stored). */
  let certificateUrl: string;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows, changes: changeEngine.changes });
    certificateUrl = (await uploadDocument(client(app).as(await staffSession(db(), PM)), 'bank-licence.pdf', pdfBytes('bank'), 'application/pdf')).documentUrl;
    flowActs = createCertFlowActivities({ db: db(), mailer: createOutboxMailer(db()), erp: testErp(), publicUrl: PUBLIC_URL, appSecret: TEST_SECRET });
    expander = await staffSession(db(), (await staffWith(db(), PERMISSIONS.expandApplyRfi)).jobNumber);
  });
  afterAll(() => app.close());

  const unique = () => crypto.randomBytes(3).toString('hex');

  /** A release form approved with its code: the valid test form with two factories, two contacts and an EU and a non-EU account. */
  function approvedForm(name: string): FormData {
    const form = validReleaseForm();
    form.basicInfo.supplierName = name;
    form.factoryInfoDtoList = [
      { baseName: '嘉定工厂', countryCode: 'CN', provinceCode: '310000', city: '上海市', address: '嘉定区安亭镇测试路1号', product: '冲压件' },
      { baseName: '昆山工厂', countryCode: 'CN', provinceCode: '320000', city: '苏州市', address: '昆山市开发区2号', product: '焊接总成' },
    ];
    form.contactList = [contact(1), contact(2)];
    form.bankList = [{ ...nonEuBank(0, certificateUrl), accountName: name }, { ...euBank(1, certificateUrl), accountName: name }];
    return form;
  }

  /**
   * A flow whose RELEASE node has just closed, as the workflow leaves it before admission: its categories,
   * its release approved with `code` (status 40), every node finished.
   */
  async function releasedFlow(opts: { code: string; categories: string[]; applyType?: number; supplierNo?: string; lifeCycle?: number; locale?: 'zh' | 'en'; form?: FormData; releaseStatus?: number }) {
    const name = `准入测试${unique()}有限公司`;
    const applyType = opts.applyType ?? APPLY_TYPE.REGISTER;
    const plan = applyType === APPLY_TYPE.EXPAND ? STANDARD_PLANS.CATEGORY_EXPANSION : STANDARD_PLANS.NEW_SUPPLIER;
    const flow = await insertFlowAtNode(db(), 'RELEASE', { supplierName: name, applyType, plan });
    const categories = await db().selectFrom('category').select(['code', 'name_zh']).where('code', 'in', opts.categories).execute();
    await db()
      .updateTable('cert_flow')
      .set({
        category_list: JSON.stringify(categories.map((c) => ({ code: c.code, name: c.name_zh }))),
        supplier_no: opts.supplierNo ?? null,
        supplier_code: opts.code,
        life_cycle: opts.lifeCycle ?? 0,
        locale: opts.locale ?? 'zh',
      })
      .where('flow_no', '=', flow.flowNo)
      .execute();
    const form = opts.form ?? approvedForm(name);
    form.basicInfo.supplierCode = opts.code;
    await db()
      .insertInto('supplier_release')
      .values({ flow_no: flow.flowNo, status: opts.releaseStatus ?? RELEASE_STATUS.APPROVED, supplier_code: opts.code, supplier_source: 'SAP', form: JSON.stringify(form), updated_by: PM })
      .execute();
    await flowActs.closeNode({ flowNo: flow.flowNo, nodeCode: 'RELEASE', actor: PM_ACTOR, outcome: 'pass' });
    return { ...flow, name, form };
  }

  const newCode = () => `9${String(Date.now()).slice(-6)}${crypto.randomInt(10)}`;
  const supplierOf = (code: string) => db().selectFrom('supplier').selectAll().where('supplier_code', '=', code).executeTakeFirst();
  const categoriesOf = (supplierNo: string) =>
    db().selectFrom('supplier_category').select(['category_code', 'status', 'life_cycle', 'flow_no']).where('supplier_no', '=', supplierNo).orderBy('category_code').execute();
  const contactsOf = (supplierNo: string) => db().selectFrom('supplier_contact').select(['name', 'email', 'area_code', 'phone']).where('supplier_no', '=', supplierNo).orderBy('phone').execute();
  const mailsOf = (flowNo: string) =>
    db().selectFrom('mail_outbox').select(['dedupe_key', 'to_address', 'subject', 'text_body', 'locale']).where('dedupe_key', 'like', `admitted:${flowNo}:%`).orderBy('dedupe_key').execute();

  describe('a new registration', () => {
    let flow: Awaited<ReturnType<typeof releasedFlow>>;
    let code: string;
    let result: { supplierCode: string };

    beforeAll(async () => {
      code = newCode();
      flow = await releasedFlow({ code, categories: ['101003', '102001'], lifeCycle: 1 });
      result = await createAdmissionActivities(deps()).admitSupplier({ flowNo: flow.flowNo });
    });

    it('answers the supplier code (the workflow sets the SupplierCode search attribute from it)', () => {
      expect(result).toEqual({ supplierCode: code });
    });

    it('makes an accepted supplier with a new supplier number, its code and the approved basic info', async () => {
      const supplier = await supplierOf(code);
      expect(supplier).toMatchObject({
        supplier_code: code,
        name: flow.name,
        short_name: '测试零部件',
        credit_code: '91310000MA1FL0001X',
        certified_region: 10,
        country_code: 'CN',
        province_code: '310000',
        legal_name: '张三',
        postal_code: '201800',
        status: 10,
        source_flow_no: flow.flowNo,
        master_flow_no: flow.flowNo,
      });
      expect(supplier!.supplier_no).toMatch(/^SN\d{6}$/);
      expect(['SN000001', 'SN000002', 'SN000003', 'SN000004']).not.toContain(supplier!.supplier_no);
    });

    it('keeps the supplier master: basic info, factories with codes, contacts, banks, purchase data and invoice', async () => {
      const master = (await supplierOf(code))!.master as SupplierMasterRecord;
      expect(master.basicInfo).toMatchObject({ supplierName: flow.name, supplierCode: code });
      expect(master.factoryInfoDtoList.map((f) => [f.baseName, f.factoryCode])).toEqual([
        ['嘉定工厂', `${code}-F01`],
        ['昆山工厂', `${code}-F02`],
      ]);
      expect(master.contactList.map((c) => c.name)).toEqual(['联系人1', '联系人2']);
      expect(master.bankList).toHaveLength(2);
      expect(master.bankList[1]).toMatchObject({ bankIbanno: 'DE89370400440532013000', bankBic: 'DEUTDEFF' });
      expect(master.purchase).toMatchObject({ companyCodes: ['1000'], reconcileAccounts: '2202010000', paymentMethodCode: 'T' });
      expect(master.purchaseGroupList[0]).toMatchObject({ purchaseGroupCodes: ['1000', '1100'], paymentTerms: 'Z030' });
      expect(master.invoice).toMatchObject({ bankName: '中国工商银行上海嘉定支行', invoicePhone: '02169990000' });
      expect(master).not.toHaveProperty('documentList');
    });

    it('records its factories as production sites that supply, so its purchasing manager can change every card at once', async () => {
      const supplier = (await supplierOf(code))!;
      const master = supplier.master as { factoryInfoDtoList: { factoryAttribute?: string; factoryState?: number }[] };
      expect(master.factoryInfoDtoList.map((f) => [f.factoryAttribute, f.factoryState])).toEqual([
        ['1', 10],
        ['1', 10],
      ]);
      const pm = await staffSession(db(), PM);
      const record = (await client(app).as(pm).get('/v1/supplier-inner-edit/get-supplier-data', { supplierNo: supplier.supplier_no })).body.data.record;
      const submitted = await client(app)
        .as(pm)
        .post('/v1/supplier-inner-edit/submit', { supplierNo: supplier.supplier_no, modifyType: 'all', modifyReason: '更新联系人', documentList: [], ...record });
      expect(submitted.body.errors).toBeUndefined();
      expect(submitted.status).toBe(200);
      expect(changeEngine.calls.map((c) => c.method)).toEqual(['startChange']);
    });

    it("stores the form's contacts and the flow's own contact, whom the expand drawer then offers", async () => {
      const supplier = (await supplierOf(code))!;
      expect(await contactsOf(supplier.supplier_no)).toEqual([
        { name: '联系人1', email: 'contact1@example.com', area_code: '+86', phone: '13800000001' },
        { name: '联系人2', email: 'contact2@example.com', area_code: '+86', phone: '13800000002' },
        { name: '张伟', email: flow.email, area_code: '+86', phone: '13800138000' },
      ]);
    });

    it("admits the flow's categories, active, with the flow's life cycle", async () => {
      const supplier = (await supplierOf(code))!;
      expect(await categoriesOf(supplier.supplier_no)).toEqual([
        { category_code: '101003', status: 10, life_cycle: 1, flow_no: flow.flowNo },
        { category_code: '102001', status: 10, life_cycle: 1, flow_no: flow.flowNo },
      ]);
    });

    it('records the supplier, the pass time and stage 90 on the flow, with the admission in its change log', async () => {
      const row = await db().selectFrom('cert_flow').select(['stage', 'pass_time', 'supplier_no', 'supplier_code']).where('flow_no', '=', flow.flowNo).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ stage: STAGE.FINISHED, supplier_code: code, supplier_no: (await supplierOf(code))!.supplier_no });
      expect(row.pass_time).toBeInstanceOf(Date);
      const log = await client(app).as(await staffSession(db(), PM)).locale('en').get('/v1/operator-history/onBoard-page', { relationCode: flow.flowNo, relationType: '20' });
      const texts = JSON.stringify(log.body);
      expect(texts).toContain(`Supplier admitted with supplier code ${code}`);
      expect(texts).toContain('Certification flow finished');
      // The platform's own step is signed in the reader's language, not with the stored actor id.
      const admitted = (log.body.data.records as { description: string; operateUserName: string }[]).find((r) => r.description.startsWith('Supplier admitted'));
      expect(admitted?.operateUserName).toBe('System');
    });

    it('mails the purchasing manager in Chinese and the supplier contact in its language with the portal login', async () => {
      const mails = await mailsOf(flow.flowNo);
      expect(mails.map((m) => m.dedupe_key)).toEqual([`admitted:${flow.flowNo}:purchase-manager`, `admitted:${flow.flowNo}:supplier`]);
      const [staff, supplier] = mails;
      const pm = await db().selectFrom('staff').select('email').where('job_number', '=', PM).executeTakeFirstOrThrow();
      expect(staff).toMatchObject({ to_address: pm.email, locale: 'zh', subject: `供应商已准入：${flow.name}（${code}）` });
      expect(staff.text_body).toContain(`${PUBLIC_URL}/cert-flow/detail?id=${flow.flowNo}`);
      expect(staff.text_body).toContain('热成型件');
      expect(supplier).toMatchObject({ to_address: flow.email, locale: 'zh', subject: `认证通过：贵司已成为准入供应商（供应商编码 ${code}）` });
      expect(supplier.text_body).toContain(`${PUBLIC_URL}/client/portal/login`);
    });

    it('changes nothing and mails nobody again when the activity runs a second time', async () => {
      const before = { supplier: await supplierOf(code), flow: await db().selectFrom('cert_flow').selectAll().where('flow_no', '=', flow.flowNo).executeTakeFirstOrThrow() };
      const again = await createAdmissionActivities(deps()).admitSupplier({ flowNo: flow.flowNo });
      expect(again).toEqual({ supplierCode: code });
      expect(await supplierOf(code)).toEqual(before.supplier);
      expect(await db().selectFrom('cert_flow').selectAll().where('flow_no', '=', flow.flowNo).executeTakeFirstOrThrow()).toEqual(before.flow);
      expect(await contactsOf(before.supplier!.supplier_no)).toHaveLength(3);
      expect(await mailsOf(flow.flowNo)).toHaveLength(2);
      const history = await db().selectFrom('operation_history').select('action').where('relation_code', '=', flow.flowNo).where('action', 'in', ['ADMIT_SUPPLIER', 'FINISH']).execute();
      expect(history).toHaveLength(2);
    });

    it('writes an English mail to a supplier whose flow is in English', async () => {
      const en = await releasedFlow({ code: newCode(), categories: ['101003'], locale: 'en' });
      await admitSupplier(deps(), en.flowNo);
      const supplierMail = (await mailsOf(en.flowNo)).find((m) => m.dedupe_key.endsWith(':supplier'))!;
      expect(supplierMail.locale).toBe('en');
      expect(supplierMail.subject).toMatch(/^Certification passed: you are an accepted supplier/);
      expect(supplierMail.text_body).toContain('Hot-formed parts');
      expect(supplierMail.text_body).not.toContain('准入品类');
    });

    it('refuses adjusting the owner once the flow is at stage 90 (req flow §4.1), in the list and in the write', async () => {
      const pm = await staffSession(db(), PM);
      const list = await client(app).as(pm).post('/v1/cert-flow-node/flow-list', { supplierName: flow.name });
      const record = list.body.data.records.find((r: { flowNo: string }) => r.flowNo === flow.flowNo);
      expect(record.actions.adjustOwner).toEqual({ allowed: false, reason: 'flowEnded' });
      const refused = await client(app).as(pm).post('/v1/register/adjust', { flowNo: flow.flowNo, purchaseJobNumber: 'E10003', purchaseName: 'x', cmtLeader: 'E10010', cmtLeaderName: 'y' });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('流程已结束');
      expect(engine.callsOf(flow.flowNo).reassign).toHaveLength(0);
    });
  });

  describe('an expansion', () => {
    it("adds the flow's categories to the existing supplier, keeps its number, code and admitted factories", async () => {
      const code = newCode();
      const first = await releasedFlow({ code, categories: ['101003'] });
      await admitSupplier(deps(), first.flowNo);
      const supplier = (await supplierOf(code))!;

      // The expansion's form lists one admitted factory again without its code, and a new one.
      const form = approvedForm(first.name);
      form.factoryInfoDtoList = [
        { baseName: '昆山工厂', countryCode: 'CN', provinceCode: '320000', city: '苏州市', address: '昆山市开发区2号', product: '焊接总成' },
        { baseName: '武汉工厂', countryCode: 'CN', provinceCode: '420000', city: '武汉市', address: '经开区3号', product: '冲压件' },
      ];
      form.contactList = [contact(3)];
      const expansion = await releasedFlow({ code, categories: ['102001'], applyType: APPLY_TYPE.EXPAND, supplierNo: supplier.supplier_no, form });
      expect(await admitSupplier(deps(), expansion.flowNo)).toEqual({ supplierCode: code });

      expect(await db().selectFrom('supplier').select('supplier_no').where('source_flow_no', '=', expansion.flowNo).execute()).toEqual([]);
      const after = (await supplierOf(code))!;
      expect(after).toMatchObject({ supplier_no: supplier.supplier_no, source_flow_no: first.flowNo, master_flow_no: expansion.flowNo });
      expect(await categoriesOf(supplier.supplier_no)).toEqual([
        { category_code: '101003', status: 10, life_cycle: 0, flow_no: first.flowNo },
        { category_code: '102001', status: 10, life_cycle: 0, flow_no: expansion.flowNo },
      ]);
      const factories = (after.master as SupplierMasterRecord).factoryInfoDtoList.map((f) => [f.baseName, f.factoryCode]);
      expect(factories).toEqual([
        ['昆山工厂', `${code}-F02`],
        ['武汉工厂', `${code}-F03`],
        ['嘉定工厂', `${code}-F01`],
      ]);
      expect((await contactsOf(supplier.supplier_no)).map((c) => c.name)).toEqual(['联系人1', '联系人2', '联系人3', '张伟']);
      const flowRow = await db().selectFrom('cert_flow').select(['stage', 'supplier_no']).where('flow_no', '=', expansion.flowNo).executeTakeFirstOrThrow();
      expect(flowRow).toEqual({ stage: STAGE.FINISHED, supplier_no: supplier.supplier_no });
    });

    it("refuses a release code that is another supplier's", async () => {
      const theirs = newCode();
      await admitSupplier(deps(), (await releasedFlow({ code: theirs, categories: ['101003'] })).flowNo);
      const mine = newCode();
      await admitSupplier(deps(), (await releasedFlow({ code: mine, categories: ['101003'] })).flowNo);
      const own = (await supplierOf(mine))!;
      const expansion = await releasedFlow({ code: theirs, categories: ['102001'], applyType: APPLY_TYPE.EXPAND, supplierNo: own.supplier_no });
      await expect(admitSupplier(deps(), expansion.flowNo)).rejects.toMatchObject({ kind: 'conflict', message: `supplierCodeOfAnotherSupplier|${JSON.stringify({ code: theirs })}` });
    });
  });

  describe('refusals', () => {
    it('refuses a flow whose release has no supplier code, as a final (non-retryable) activity failure, and writes nothing', async () => {
      const flow = await releasedFlow({ code: newCode(), categories: ['101003'], releaseStatus: RELEASE_STATUS.SUBMITTED });
      const refusal = await admitSupplier(deps(), flow.flowNo).catch((e: unknown) => e);
      expect(refusal).toBeInstanceOf(ServiceError);
      expect(refusal).toMatchObject({ kind: 'conflict', message: 'admissionNeedsSupplierCode' });

      // The worker's interceptor turns it into a non-retryable failure.
      const interceptor = ruleRefusals({} as never).inbound!;
      const failure = await interceptor.execute!({} as never, () => admitSupplier(deps(), flow.flowNo)).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ApplicationFailure);
      expect(failure).toMatchObject({ nonRetryable: true, type: 'conflict', message: 'admissionNeedsSupplierCode' });

      const row = await db().selectFrom('cert_flow').select(['stage', 'pass_time', 'supplier_no']).where('flow_no', '=', flow.flowNo).executeTakeFirstOrThrow();
      expect(row).toEqual({ stage: STAGE.PUBLICITY, pass_time: null, supplier_no: null });
      expect(await mailsOf(flow.flowNo)).toEqual([]);
      const node = await db().selectFrom('cert_flow_node').select('status').where('flow_no', '=', flow.flowNo).where('node_code', '=', 'RELEASE').executeTakeFirstOrThrow();
      expect(node.status).toBe(NODE_STATUS.FINISHED);
    });

    it('refuses a terminated flow', async () => {
      const flow = await releasedFlow({ code: newCode(), categories: ['101003'] });
      await db().updateTable('cert_flow').set({ stage: STAGE.TERMINATED }).where('flow_no', '=', flow.flowNo).execute();
      await expect(admitSupplier(deps(), flow.flowNo)).rejects.toMatchObject({ kind: 'conflict', message: 'flowEnded' });
    });
  });

  describe('what the supplier and the staff see afterwards', () => {
    let code: string;
    let flow: Awaited<ReturnType<typeof releasedFlow>>;

    beforeAll(async () => {
      code = newCode();
      flow = await releasedFlow({ code, categories: ['101003', '102001'] });
      await admitSupplier(deps(), flow.flowNo);
    });

    it("the supplier's portal account still logs in and its home shows the supplier admitted with its code and categories", async () => {
      const portal = await portalSession(db(), flow.flowNo);
      const zh = await client(app).as(portal).get('/v1/supplier-portal/me');
      expect(zh.status).toBe(200);
      expect(zh.body.data.admittedSuppliers).toEqual([{ supplierCode: code, supplierName: flow.name, categories: ['热成型件', '前纵梁总成'] }]);
      expect(zh.body.data.flows).toEqual([expect.objectContaining({ flowNo: flow.flowNo, stage: STAGE.FINISHED })]);
      const en = await client(app).as(portal).locale('en').get('/v1/supplier-portal/me');
      expect(en.body.data.admittedSuppliers[0].categories).toEqual(['Hot-formed parts', 'Front rail assemblies']);
    });

    it('a portal account whose flows are not finished shows no admitted supplier', async () => {
      const running = await insertFlowAtNode(db(), 'APTITUDE');
      const me = await client(app).as(await portalSession(db(), running.flowNo)).get('/v1/supplier-portal/me');
      expect(me.body.data.admittedSuppliers).toEqual([]);
    });

    it("the expand drawer finds the supplier, lists its categories as accessed and refuses an expansion for them", async () => {
      const found = await client(app).as(expander).get('/v1/supplier/access/search', { supplier: code });
      expect(found.body.data).toEqual([expect.objectContaining({ supplierCode: code, supplierName: flow.name })]);
      const supplierNo = found.body.data[0].supplierNo as string;
      const categories = await client(app).as(expander).get('/v1/supplier/category/search', { supplierNo });
      expect(categories.body.data).toEqual([
        { categoryCode: '101003', categoryName: '热成型件', categoryStatus: 10, categoryLifeCycle: 0 },
        { categoryCode: '102001', categoryName: '前纵梁总成', categoryStatus: 10, categoryLifeCycle: 0 },
      ]);
      const contacts = await client(app).as(expander).post('/v1/supplier/user/search', { supplierCode: code, name: '张伟' });
      expect(contacts.body.data).toEqual([expect.objectContaining({ name: '张伟', email: flow.email, phone: '13800138000' })]);

      const recommender = await db().selectFrom('staff').select(['job_number', 'name']).orderBy('job_number').executeTakeFirstOrThrow();
      const refused = await client(app).as(expander).post('/v1/cert-flow-node/expand', {
        supplierNo,
        supplierCode: code,
        supplierName: flow.name,
        categoryList: [{ code: '101003', name: '热成型件' }],
        cmtCode: 'CMT_BODY',
        certScenario: 'CATEGORY_EXPANSION',
        applyReason: '扩充',
        recommendJob: recommender.job_number,
        recommendName: recommender.name,
        contactName: '张伟',
        contactEmail: flow.email,
        contactAreaCode: '+86',
        contactNumber: '13800138000',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ categoryList: '该供应商已准入品类：热成型件' });
    });
  });
});
