import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate, withParams } from '#domain/messages.ts';
import { admittedSupplier } from '../support/change-fixtures.ts';
import { factory } from '../support/change-form.ts';
import { client, uploadDocument, type Caller, type HttpClient } from '../support/http-client.ts';
import { recordingChanges } from '../support/recording-changes.ts';
import { nonEuBank, type FormData } from '../support/release-form.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Supplier information change (req change §2.1, §2.2, §5.1, §5.2, §7.1): the supplier portal's and the staff's
 * endpoints, who may write what, one open change per supplier, the comparison capability. The change's
 * workflow is a recording gateway here (the workflow suite runs the real one).
 */
describe('supplier information change', () => {
  let app: TestApp;
  const engine = recordingChanges();
  const db = () => app.deps.db;
  let a: Awaited<ReturnType<typeof admittedSupplier>>;
  let b: Awaited<ReturnType<typeof admittedSupplier>>;
  const who: Record<'portalA' | 'portalB' | 'pm' | 'otherPm' | 'admin' | 'cmt' | 'quality', Caller> = {} as never;
  const as = (c: Caller | null): HttpClient => client(app).as(c).locale('zh');

  beforeAll(async () => {
    app = await startTestApp({ changes: engine.changes });
    a = await admittedSupplier(db());
    b = await admittedSupplier(db());
    who.portalA = await portalSession(db(), a.flowNo);
    who.portalB = await portalSession(db(), b.flowNo);
    who.pm = await staffSession(db(), 'E10002');
    who.otherPm = await staffSession(db(), 'E10003');
    who.admin = await staffSession(db(), 'E10001');
    who.cmt = await staffSession(db(), 'E10010');
    who.quality = await staffSession(db(), 'E10020');
  });
  afterAll(() => app.close());

  /** The current master as the portal or the staff side reads it. */
  const portalMaster = async (c: Caller) => (await as(c).get('/v1/supplier-info/modify/master/detail')).body.data;
  const staffMaster = async (supplierNo: string) => (await as(who.pm).get('/v1/supplier-inner-edit/get-supplier-data', { supplierNo })).body.data;
  const historyOf = (flowNo: string) => db().selectFrom('operation_history').select(['action', 'operator_name']).where('relation_type', '=', 50).where('relation_code', '=', flowNo).orderBy('id').execute();
  const changeRow = (flowNo: string) => db().selectFrom('supplier_change').selectAll().where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  /** Clears the supplier's open changes, so each case starts from none. */
  const closeOpen = (supplierNo: string) => db().updateTable('supplier_change').set({ status: 'cancelled' }).where('supplier_no', '=', supplierNo).where('status', 'in', ['saved', 'approving', 'conflict', 'applying']).execute();

  function contactForm(record: FormData, extra: FormData = {}): FormData {
    const contactList = structuredClone(record.contactList);
    contactList[0].email = `changed-${crypto.randomBytes(2).toString('hex')}@example.com`;
    return { modifyType: 'contact', modifyReason: '联系人邮箱变更', contactList, documentList: [], ...extra };
  }

  describe('reading the master', () => {
    it('gives the supplier side every part but the purchase card, with a row id on every list row', async () => {
      const master = await portalMaster(who.portalA);
      expect(master).toMatchObject({ supplierNo: a.supplierNo, supplierCode: a.code, supplierName: a.name });
      expect(Object.keys(master.record).sort()).toEqual(['bankList', 'basicInfo', 'contactList', 'factoryInfoDtoList', 'invoice']);
      for (const part of ['contactList', 'bankList', 'factoryInfoDtoList']) for (const row of master.record[part]) expect(row.rowId).toMatch(/^[\w-]+$/);
    });

    it('gives staff every card, with the same row ids on every read', async () => {
      const first = await staffMaster(a.supplierNo);
      expect(first.record.purchase).toMatchObject({ companyCodes: ['1000'] });
      expect(first.record.purchaseGroupList[0].rowId).toBeTruthy();
      const again = await staffMaster(a.supplierNo);
      expect(again.record.contactList.map((c: FormData) => c.rowId)).toEqual(first.record.contactList.map((c: FormData) => c.rowId));
      expect((await portalMaster(who.portalA)).record.contactList.map((c: FormData) => c.rowId)).toEqual(first.record.contactList.map((c: FormData) => c.rowId));
    });

    it("refuses another supplier's master to the portal and to staff not responsible for it", async () => {
      expect((await as(who.portalB).get('/v1/supplier-info/modify/master/detail', { supplierNo: a.supplierNo })).status).toBe(403);
      expect((await as(who.otherPm).get('/v1/supplier-inner-edit/get-supplier-data', { supplierNo: a.supplierNo })).status).toBe(403);
      expect((await as(who.quality).get('/v1/supplier-inner-edit/get-supplier-data', { supplierNo: a.supplierNo })).status).toBe(403);
      expect((await as(null).get('/v1/supplier-info/modify/master/detail')).status).toBe(401);
    });

    it('keeps the purchase look-ups from the supplier side', async () => {
      expect((await as(who.portalA).get('/v1/supplier-info/get-sap-purchase-group_info', { supplierNo: a.supplierNo })).status).toBe(401);
      const info = await as(who.pm).get('/v1/supplier-info/get-sap-purchase-group_info', { supplierNo: a.supplierNo });
      expect(info.body.data.effectivePurchaseOrgs).toEqual(['1000', '1100']);
      expect((await as(who.pm).get('/v1/supplier-info/get-purchase-config', { code: 'payment_terms' })).body.data.length).toBeGreaterThan(0);
      expect((await as(who.pm).get('/v1/supplier-info/get-purchase-config', { code: 'staff' })).status).toBe(400);
    });
  });

  describe('a contact change in the portal', () => {
    let flowNo: string;
    let comparisonCode: string;
    let sentEmail: string;

    beforeAll(async () => {
      await closeOpen(a.supplierNo);
      const master = await portalMaster(who.portalA);
      const form = contactForm(master.record);
      sentEmail = form.contactList[0].email;
      const res = await as(who.portalA).post('/v1/supplier-info/modify/create', form);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ({ flowNo, comparisonCode } = res.body.data);
    });

    it('is submitted for approval by the purchasing manager and starts its workflow', async () => {
      const row = await changeRow(flowNo);
      expect(row).toMatchObject({ supplier_no: a.supplierNo, side: 'supplier', status: 'approving', modify_type: 'contact', bank_change: false, round: 1 });
      const start = engine.calls.find((c) => c.method === 'startChange' && (c.args[0] as { flowNo: string }).flowNo === flowNo);
      expect(start?.args[0]).toMatchObject({ round: 1, side: 'supplier', bankChange: false, steps: [{ seq: 1, approverJobNumber: 'E10002' }] });
      expect(await historyOf(flowNo)).toEqual([{ action: 'changeSubmitted', operator_name: expect.stringContaining('@') }]);
    });

    it('keeps the untouched parts and the purchase card as they were', async () => {
      const row = await changeRow(flowNo);
      const before = row.snapshot as FormData;
      const after = row.new_version as FormData;
      expect(after.contactList[0].email).toBe(sentEmail);
      expect(after.contactList.map((c: FormData) => c.rowId)).toEqual(before.contactList.map((c: FormData) => c.rowId));
      expect(after.purchase).toEqual(before.purchase);
      expect(after.bankList).toEqual(before.bankList);
    });

    it('shows the supplier its detail without purchase data', async () => {
      const detail = (await as(who.portalA).get('/v1/supplier-info/detail', { flowNo })).body.data;
      expect(detail).toMatchObject({ flowNo, status: 'approving', approvalStatus: 10, cards: ['contact', 'information'] });
      expect(detail.record).not.toHaveProperty('purchase');
      expect(detail.record).not.toHaveProperty('purchaseGroupList');
      const snapshot = (await as(who.portalA).get('/v1/supplier-info/snapshot', { flowNo })).body.data;
      expect(snapshot.record).not.toHaveProperty('purchase');
      expect((await as(who.portalB).get('/v1/supplier-info/detail', { flowNo })).status).toBe(404);
    });

    it('is the one open change of the supplier: a second start is refused on both sides', async () => {
      const status = (await as(who.portalA).get('/v1/supplier-info/current-supplier-status')).body.data;
      expect(status).toMatchObject({ flowNo, status: 'approving', canStart: false });
      expect((await as(who.pm).get('/v1/supplier-inner-edit/get-supplier-status', { supplierNo: a.supplierNo })).body.data).toMatchObject({ flowNo, canStart: false });
      const master = await staffMaster(a.supplierNo);
      const again = await as(who.pm).post('/v1/supplier-inner-edit/temp-save', { ...contactForm(master.record), supplierNo: a.supplierNo });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(translate(withParams('changeAlreadyOpen', { flowNo }), 'zh'));
    });

    it('opens the comparison by its code without login, and only that change', async () => {
      const res = await as(null).get('/v1/supplier-info/comparison', { comparisonCode });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ flowNo, modifyType: 'contact', side: 'supplier', supplierName: a.name, cards: ['contact', 'information'] });
      expect(res.body.data.after.contactList[0].email).toBe(sentEmail);
      expect(res.body.data.before).not.toHaveProperty('purchase');
      // The codes the records hold come with their labels in the reader's language: no dictionary is open to it.
      const position = String(res.body.data.after.contactList[0].position);
      const dict = await db().selectFrom('dict_entry').select(['label_zh', 'label_en']).where('dict_type', '=', 'position').where('dict_key', '=', position).executeTakeFirstOrThrow();
      expect(res.body.data.labels.position).toEqual({ [position]: dict.label_zh });
      const en = await as(null).locale('en').get('/v1/supplier-info/comparison', { comparisonCode });
      expect(en.body.data.labels.position).toEqual({ [position]: dict.label_en });
      expect(comparisonCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = await db().selectFrom('supplier_change_comparison').select('code_hash').where('flow_no', '=', flowNo).execute();
      expect(stored.map((s) => s.code_hash)).not.toContain(comparisonCode);
    });

    it('answers 404 and nothing else for a wrong, malformed or expired code', async () => {
      for (const code of [crypto.randomBytes(32).toString('base64url'), 'SC202611270001', '', comparisonCode.slice(0, -1)]) {
        const res = await as(null).get('/v1/supplier-inner-edit/comparison', { comparisonCode: code });
        expect(res.status).toBe(404);
        expect(res.body.data).toBeUndefined();
      }
      await db().updateTable('supplier_change_comparison').set({ expires_at: new Date(Date.now() - 1000) }).where('flow_no', '=', flowNo).execute();
      expect((await as(null).get('/v1/supplier-info/comparison', { comparisonCode })).status).toBe(404);
    });

    it('is cancelled through its workflow by the supplier side only', async () => {
      expect((await as(who.pm).post('/v1/supplier-inner-edit/cancel', { flowNo })).status).toBe(409);
      expect((await as(who.portalB).post('/v1/supplier-info/cancel', { flowNo })).status).toBe(403);
      const res = await as(who.portalA).post('/v1/supplier-info/cancel', { flowNo });
      expect(res.status).toBe(200);
      expect(engine.calls.some((c) => c.method === 'cancelChange' && c.args[0] === flowNo && c.args[1] === 1)).toBe(true);
    });
  });

  describe('the purchase card on the supplier side', () => {
    it('is refused on temp-save and submit, and a supplier change never alters it', async () => {
      await closeOpen(a.supplierNo);
      const staffRecord = (await staffMaster(a.supplierNo)).record;
      const form: FormData = { ...contactForm(staffRecord), modifyType: 'all', purchase: { ...staffRecord.purchase, paymentMethodCode: 'C' } };
      for (const path of ['/v1/supplier-info/temp-save', '/v1/supplier-info/modify/create']) {
        const res = await as(who.portalA).post(path, form);
        expect(res.status).toBe(400);
        expect(res.body.errors).toMatchObject({ purchase: translate('purchaseNotForSupplier', 'zh') });
      }
      const { purchase: _p, purchaseGroupList: _g, ...withoutPurchase } = form;
      const saved = await as(who.portalA).post('/v1/supplier-info/temp-save', withoutPurchase);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(((await changeRow(saved.body.data.flowNo)).new_version as FormData).purchase).toEqual(staffRecord.purchase);
    });
  });

  describe('who may write', () => {
    const writes = ['temp-save', 'submit', 'cancel'] as const;

    async function staffWrite(c: Caller | null, kind: (typeof writes)[number], supplierNo: string) {
      await closeOpen(supplierNo);
      const record = (await staffMaster(supplierNo)).record;
      if (kind === 'cancel') {
        const saved = await as(who.pm).post('/v1/supplier-inner-edit/temp-save', { ...contactForm(record), supplierNo });
        return as(c).post('/v1/supplier-inner-edit/cancel', { flowNo: saved.body.data.flowNo });
      }
      return as(c).post(`/v1/supplier-inner-edit/${kind}`, { ...contactForm(record), supplierNo });
    }

    async function portalWrite(c: Caller | null, kind: (typeof writes)[number]) {
      await closeOpen(a.supplierNo);
      const record = (await portalMaster(who.portalA)).record;
      if (kind === 'cancel') {
        const saved = await as(who.portalA).post('/v1/supplier-info/temp-save', contactForm(record));
        return as(c).post('/v1/supplier-info/cancel', { flowNo: saved.body.data.flowNo });
      }
      return as(c).post(kind === 'submit' ? '/v1/supplier-info/modify/create' : '/v1/supplier-info/temp-save', { ...contactForm(record), supplierNo: a.supplierNo });
    }

    for (const kind of writes) {
      it(`${kind}: the supplier of this supplier may; another supplier, staff and anonymous may not (portal side)`, async () => {
        expect((await portalWrite(who.portalA, kind)).status).toBe(200);
        expect((await portalWrite(who.portalB, kind)).status).toBe(403);
        expect((await portalWrite(who.pm, kind)).status).toBe(401);
        expect((await portalWrite(null, kind)).status).toBe(401);
      });

      it(`${kind}: responsible staff and administrators may; other staff, suppliers and anonymous may not (staff side)`, async () => {
        expect((await staffWrite(who.pm, kind, a.supplierNo)).status).toBe(200);
        expect((await staffWrite(who.cmt, kind, a.supplierNo)).status).toBe(200);
        expect((await staffWrite(who.admin, kind, a.supplierNo)).status).toBe(200);
        expect((await staffWrite(who.otherPm, kind, a.supplierNo)).status).toBe(403);
        expect((await staffWrite(who.quality, kind, a.supplierNo)).status).toBe(403);
        expect((await staffWrite(who.portalA, kind, a.supplierNo)).status).toBe(401);
        expect((await staffWrite(null, kind, a.supplierNo)).status).toBe(401);
      });
    }

    it('the factory administrator permission decides who changes an existing factory’s name and attribute', async () => {
      const rename = async (c: Caller) => {
        await closeOpen(a.supplierNo);
        const record = (await staffMaster(a.supplierNo)).record;
        const factories = structuredClone(record.factoryInfoDtoList);
        factories[0] = { ...factories[0], baseName: '更名工厂', factoryAttribute: '2' };
        return as(c).post('/v1/supplier-inner-edit/submit', { supplierNo: a.supplierNo, modifyType: 'factory', modifyReason: '工厂更名', factoryInfoDtoList: factories });
      };
      const refused = await rename(who.pm);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toMatchObject({ 'factoryInfoDtoList.0.baseName': translate('factoryAdminOnly', 'zh'), 'factoryInfoDtoList.0.factoryAttribute': translate('factoryAdminOnly', 'zh') });
      const allowed = await rename(who.admin);
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    });

    it('lists to each side only what it may see', async () => {
      const own = (await as(who.portalA).post('/v1/supplier-info/modify-page', { currentPage: 1, pageSize: 20 })).body.data;
      expect(own.total).toBeGreaterThan(0);
      expect(own.records.every((r: FormData) => r.supplierNo === a.supplierNo && r.side === 'supplier')).toBe(true);
      expect((await as(who.otherPm).post('/v1/supplier-inner-edit/list', { currentPage: 1, pageSize: 20, supplier: a.code })).body.data).toEqual({ records: [], total: 0 });
      const staffList = (await as(who.pm).post('/v1/supplier-inner-edit/list', { currentPage: 1, pageSize: 20, supplier: a.code })).body.data;
      expect(new Set(staffList.records.map((r: FormData) => r.side))).toEqual(new Set(['supplier', 'staff']));
    });
  });

  describe('one open change per supplier', () => {
    it('lets only one of two simultaneous starts through', async () => {
      await closeOpen(b.supplierNo);
      const record = (await staffMaster(b.supplierNo)).record;
      const results = await Promise.all([
        as(who.pm).post('/v1/supplier-inner-edit/temp-save', { ...contactForm(record), supplierNo: b.supplierNo }),
        as(who.portalB).post('/v1/supplier-info/temp-save', contactForm(record)),
        as(who.admin).post('/v1/supplier-inner-edit/temp-save', { ...contactForm(record), supplierNo: b.supplierNo }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const open = await db().selectFrom('supplier_change').select('flow_no').where('supplier_no', '=', b.supplierNo).where('status', '=', 'saved').execute();
      expect(open).toHaveLength(1);
    });

    it('a saved change is edited in place and cancelled here, then a new one may start', async () => {
      await closeOpen(b.supplierNo);
      const record = (await portalMaster(who.portalB)).record;
      const first = await as(who.portalB).post('/v1/supplier-info/temp-save', contactForm(record));
      const flowNo = first.body.data.flowNo;
      const edited = await as(who.portalB).post('/v1/supplier-info/temp-save', contactForm(record, { flowNo, modifyReason: '再次修改' }));
      expect(edited.body.data.flowNo).toBe(flowNo);
      expect((await changeRow(flowNo)).modify_reason).toBe('再次修改');
      expect((await as(who.portalB).post('/v1/supplier-info/cancel', { flowNo })).status).toBe(200);
      expect(await changeRow(flowNo)).toMatchObject({ status: 'cancelled' });
      expect((await historyOf(flowNo)).map((h) => h.action)).toEqual(['changeSaved', 'changeSaved', 'changeCancelled']);
      expect((await as(who.portalB).get('/v1/supplier-info/current-supplier-status')).body.data).toMatchObject({ flowNo: null, canStart: true });
    });
  });

  describe('rules on the server (req change §5.1, §5.2), on both sides of each limit', () => {
    async function submitStaff(mutate: (record: FormData) => FormData) {
      await closeOpen(b.supplierNo);
      const record = (await staffMaster(b.supplierNo)).record;
      return as(who.admin).post('/v1/supplier-inner-edit/submit', { supplierNo: b.supplierNo, modifyType: 'all', modifyReason: '资料更新', documentList: [], ...mutate(structuredClone(record)) });
    }
    const errorsOf = async (mutate: (record: FormData) => FormData) => {
      const res = await submitStaff(mutate);
      return res.status === 200 ? {} : { status: res.status, ...res.body.errors };
    };
    const msg = (id: string) => translate(id, 'zh');

    it('the explanation: required, up to 500', async () => {
      expect(await errorsOf((r) => ({ ...r, modifyReason: 'x'.repeat(500) }))).toEqual({});
      expect(await errorsOf((r) => ({ ...r, modifyReason: 'x'.repeat(501) }))).toEqual({ status: 400, modifyReason: msg(withParams('maxLength', { max: 500 })) });
      expect(await errorsOf((r) => ({ ...r, modifyReason: '' }))).toEqual({ status: 400, modifyReason: '请输入修改说明' });
    });

    it('purchase: the named messages, ports up to 70 only for overseas orders, at least one row', async () => {
      expect(await errorsOf((r) => ({ ...r, purchase: { ...r.purchase, companyCodes: [], reconcileAccounts: '', paymentMethodCode: '' } }))).toEqual({
        status: 400,
        'purchase.companyCodes': '请输入公司代码',
        'purchase.reconcileAccounts': '请输入统驭科目',
        'purchase.paymentMethodCode': '请输入付款方式',
      });
      const overseas = (port: string) => (r: FormData) => {
        r.purchaseGroupList[0] = { ...r.purchaseGroupList[0], haveOverseasOrder: 1, termsOfTrade: 'FOB', portOfShipment: port, portOfArrival: 'Shanghai' };
        return r;
      };
      expect(await errorsOf(overseas('x'.repeat(70)))).toEqual({});
      expect(await errorsOf(overseas('x'.repeat(71)))).toEqual({ status: 400, 'purchaseGroupList.0.portOfShipment': msg(withParams('maxLength', { max: 70 })) });
      expect(await errorsOf((r) => ({ ...r, purchaseGroupList: [] }))).toMatchObject({ status: 400, purchaseGroupList: msg(withParams('minRows', { min: 1 })) });
    });

    it('factories: coordinates up to 10, a new address up to 50, attribute required, coded ones kept', async () => {
      const withNew = (extra: FormData) => (r: FormData) => ({ ...r, factoryInfoDtoList: [...r.factoryInfoDtoList, factory(9, extra)] });
      expect(await errorsOf(withNew({ longitude: '121.123456', address: 'x'.repeat(50) }))).toEqual({});
      expect(await errorsOf(withNew({ longitude: '121.1234567' }))).toEqual({ status: 400, 'factoryInfoDtoList.1.longitude': msg(withParams('maxLength', { max: 10 })) });
      expect(await errorsOf(withNew({ address: 'x'.repeat(51), factoryAttribute: '' }))).toEqual({
        status: 400,
        'factoryInfoDtoList.1.address': msg(withParams('maxLength', { max: 50 })),
        'factoryInfoDtoList.1.factoryAttribute': msg('required'),
      });
      expect(await errorsOf((r) => ({ ...r, factoryInfoDtoList: [] }))).toEqual({
        status: 400,
        factoryInfoDtoList: msg(withParams('factoryWithCodeNotDeletable', { codes: `${b.code}-F01` })),
      });
    });
  });

  describe('the installation\'s factory limit (SUPPLIER_FACTORY_MAX, req change §5.2)', () => {
    it('refuses one factory more than configured, on the list, and the detail tells the form the limit', async () => {
      const configured = app.deps.config;
      app.deps.config = { ...configured, SUPPLIER_FACTORY_MAX: 1 };
      try {
        await closeOpen(b.supplierNo);
        const record = (await staffMaster(b.supplierNo)).record;
        const form = { supplierNo: b.supplierNo, modifyType: 'factory', modifyReason: '新增工厂', documentList: [], ...record };
        const twoFactories = await as(who.admin).post('/v1/supplier-inner-edit/submit', { ...form, factoryInfoDtoList: [...record.factoryInfoDtoList, factory(9)] });
        expect(twoFactories.status).toBe(400);
        expect(twoFactories.body.errors).toEqual({ factoryInfoDtoList: translate(withParams('factoryMaxRows', { max: 1 }), 'zh') });
        const saved = await as(who.admin).post('/v1/supplier-inner-edit/temp-save', form);
        const detail = await as(who.admin).get(`/v1/supplier-inner-edit/get-supplier-edit-info?flowNo=${saved.body.data.flowNo}`);
        expect(detail.body.data.rules.maxFactories).toBe(1);
      } finally {
        app.deps.config = configured;
      }
    });
  });

  describe('bank changes', () => {
    it('need a new bank certificate, then two approval steps by two people', async () => {
      await closeOpen(a.supplierNo);
      const record = (await portalMaster(who.portalA)).record;
      const added = { ...nonEuBank(1), accountName: a.name, defaultAccount: 0 };
      const form = { modifyType: 'all', modifyReason: '新增银行账户', documentList: [], ...record, bankList: [...record.bankList, added] };
      const noNewCertificate = await as(who.portalA).post('/v1/supplier-info/modify/create', form);
      expect(noNewCertificate.status).toBe(400);
      expect(noNewCertificate.body.errors).toMatchObject({ 'bankList.1.bankCertificateUrl': translate('newBankCertificateRequired', 'zh') });

      const upload = await uploadDocument(as(who.portalA), '开户证明.pdf', pdfBytes('bank'), 'application/pdf');
      form.bankList[1] = { ...added, bankCertificate: upload.documentName, bankCertificateUrl: upload.documentUrl };
      const res = await as(who.portalA).post('/v1/supplier-info/modify/create', form);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const row = await changeRow(res.body.data.flowNo);
      expect(row.bank_change).toBe(true);
      const steps = await db().selectFrom('supplier_change_step').select(['seq', 'approver_job_number', 'status']).where('flow_no', '=', row.flow_no).orderBy('seq').execute();
      expect(steps).toEqual([
        { seq: 1, approver_job_number: 'E10002', status: 10 },
        { seq: 2, approver_job_number: 'E10010', status: -1 },
      ]);
    });

    it("refuses a certificate that is not the caller's own upload", async () => {
      await closeOpen(a.supplierNo);
      const record = (await portalMaster(who.portalA)).record;
      const foreign = await uploadDocument(as(who.portalB), '证明.pdf', pdfBytes('other'), 'application/pdf');
      const added = { ...nonEuBank(2), accountName: a.name, defaultAccount: 0, bankCertificate: foreign.documentName, bankCertificateUrl: foreign.documentUrl };
      const res = await as(who.portalA).post('/v1/supplier-info/modify/create', { modifyType: 'all', modifyReason: '新增银行账户', documentList: [], ...record, bankList: [...record.bankList, added] });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['bankList.1.bankCertificateUrl']);
    });

    it('the bank look-ups answer portal sessions too', async () => {
      expect((await as(who.portalA).get('/common/v1/all-head-bank')).status).toBe(200);
      expect((await as(who.portalA).get('/common/v1/search-bank', { keyword: '工商' })).status).toBe(200);
      expect((await as(null).get('/common/v1/all-head-bank')).status).toBe(401);
    });
  });

  describe('GET /common/v1/gps/location', () => {
    it('locates an address by its city, else its province', async () => {
      expect((await as(who.portalA).get('/common/v1/gps/location', { address: '上海市嘉定区安亭镇工厂路1号' })).body.data).toEqual({ longitude: '121.47', latitude: '31.23', precision: 'city' });
      expect((await as(who.pm).get('/common/v1/gps/location', { address: '江苏省苏州市昆山开发区' })).body.data).toMatchObject({ longitude: '120.59', precision: 'city' });
      expect((await as(who.pm).get('/common/v1/gps/location', { address: '无名之地' })).status).toBe(404);
      expect((await as(null).get('/common/v1/gps/location', { address: '上海市' })).status).toBe(401);
    });
  });
});
