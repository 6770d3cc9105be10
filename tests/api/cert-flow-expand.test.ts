import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '#domain/permissions.ts';
import { APPLY_TYPE } from '#domain/cert-flow/enums.ts';
import type { ExpandApply } from '#domain/cert-flow/apply.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { createCertFlowActivities } from '#activities/cert-flow-activities.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { staffWith } from '../support/fixtures.ts';
import { newStaffSession, newSupplierSession, staffSession, staffWithout } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';

/**
 * "扩充供应商品类" (req flow §2.2, §5.1, §7.1): the supplier-master searches the drawer makes and
 * the expand apply. The seeded supplier SN000001 (宁波甬翔) is accessed for 101001, 101002 and,
 * eliminated, 103002; SN000002's contact 孙丽 has no e-mail.
 */
describe('expand supplier category', () => {
  let app: TestApp;
  const engine = recordingFlows();
  let staff: Caller;

  beforeAll(async () => {
    app = await startTestApp({ flows: engine.flows });
    staff = await staffSession(app.deps.db, (await staffWith(app.deps.db, PERMISSIONS.expandApplyRfi)).jobNumber);
  });
  afterAll(() => app.close());

  type As = { as?: Caller | null; locale?: 'en' };
  const api = (opts: As) => client(app).as(opts.as === undefined ? staff : opts.as).locale(opts.locale ?? 'zh');
  const get = (path: string, opts: As = {}) => api(opts).get(path);
  const post = (path: string, body: unknown, opts: As = {}) => api(opts).post(path, body);
  const expand = (body: unknown, opts: As = {}) => post('/v1/cert-flow-node/expand', body, opts);

  /** A valid expansion of 宁波甬翔 for 铝合金冲压件, with its sales manager as the contact. */
  async function validExpand(overrides: Partial<ExpandApply> = {}): Promise<ExpandApply> {
    const recommender = await app.deps.db.selectFrom('staff').select(['job_number', 'name']).orderBy('job_number').executeTakeFirstOrThrow();
    return {
      supplierNo: 'SN000001',
      supplierCode: '100001',
      supplierName: '宁波甬翔汽车零部件有限公司',
      categoryList: [{ code: '101004', name: '铝合金冲压件' }],
      cmtCode: 'CMT_BODY',
      certScenario: 'CATEGORY_EXPANSION',
      applyReason: '新平台铝车身冲压件扩充',
      recommendJob: recommender.job_number,
      recommendName: recommender.name,
      contactName: '李明',
      contactEmail: 'li.ming@yongxiang-auto.example.com',
      contactAreaCode: '+86',
      contactNumber: '13805741234',
      ...overrides,
    };
  }
  const flowCount = async () => Number((await app.deps.db.selectFrom('cert_flow').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('supplier master searches', () => {
    it('finds accepted suppliers by part of the name or the code', async () => {
      const byName = (await get(`/v1/supplier/access/search?supplier=${encodeURIComponent('瑞丰')}`)).body;
      expect(byName.data).toEqual([
        { supplierNo: 'SN000002', supplierCode: '100002', supplierName: '芜湖瑞丰汽车电子有限公司', creditCode: '91340207MA2T9Q5N76', certifiedRegion: 10 },
      ]);
      const byCode = (await get('/v1/supplier/access/search?supplier=100003')).body;
      expect(byCode.data.map((s: { supplierNo: string }) => s.supplierNo)).toEqual(['SN000003']);
      const all = (await get('/v1/supplier/access/search')).body;
      expect(all.data.length).toBeGreaterThanOrEqual(4);
      expect(all.data.length).toBeLessThanOrEqual(20);
      // % and _ are taken literally, not as wildcards.
      expect((await get('/v1/supplier/access/search?supplier=%25')).body.data).toEqual([]);
    });

    it("lists a supplier's accessed categories with status and life cycle", async () => {
      const res = await get('/v1/supplier/category/search?supplierNo=SN000001', { locale: 'en' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { categoryCode: '101001', categoryName: 'Body-in-white stampings', categoryStatus: 10, categoryLifeCycle: 0 },
        { categoryCode: '101002', categoryName: 'Door stampings', categoryStatus: 10, categoryLifeCycle: 0 },
        { categoryCode: '103002', categoryName: 'Door latches', categoryStatus: 10, categoryLifeCycle: 2 },
      ]);
      expect((await get('/v1/supplier/category/search')).status).toBe(400);
    });

    it("lists a supplier's contacts, narrowed by name", async () => {
      const all = (await post('/v1/supplier/user/search', { supplierCode: '100002' })).body;
      expect(all.data.map((c: { name: string }) => c.name).sort()).toEqual(['孙丽', '赵磊'].sort());
      const one = (await post('/v1/supplier/user/search', { supplierCode: '100002', name: '孙' })).body;
      expect(one.data).toEqual([expect.objectContaining({ name: '孙丽', email: null, areaCode: '+86', phone: '18955367890' })]);
      expect((await post('/v1/supplier/user/search', { name: '孙' })).status).toBe(400);
    });

    it('answers 401 without a staff session (anonymous or supplier) and 403 without the permissions', async () => {
      const supplier = await newSupplierSession(app.deps.db, TEST_SECRET);
      const outsider = await newStaffSession(app.deps.db);
      for (const [path, body] of [
        ['/v1/supplier/access/search?supplier=x', undefined],
        ['/v1/supplier/category/search?supplierNo=SN000001', undefined],
        ['/v1/supplier/user/search', { supplierCode: '100001' }],
      ] as const) {
        const call = (as: Caller | null) => (body ? post(path, body, { as }) : get(path, { as }));
        expect((await call(null)).status).toBe(401);
        expect((await call(supplier)).status).toBe(401);
        expect((await call(outsider)).status).toBe(403);
      }
    });
  });

  describe('POST /v1/cert-flow-node/expand', () => {
    it('records an expansion flow for the chosen supplier and starts its workflow', async () => {
      const res = await expand(await validExpand({ supplierName: 'whatever the form said' }));
      expect(res.status).toBe(201);
      const { data } = res.body;
      const flow = await app.deps.db.selectFrom('cert_flow').selectAll().where('flow_no', '=', data.flowNo).executeTakeFirstOrThrow();
      expect(flow).toMatchObject({
        apply_type: APPLY_TYPE.EXPAND,
        supplier_no: 'SN000001',
        supplier_code: '100001',
        // Name, region and credit code come from the supplier master.
        supplier_name: '宁波甬翔汽车零部件有限公司',
        certified_region: 10,
        credit_code: '91330206MA2H7K3LXF',
        contact_email: 'li.ming@yongxiang-auto.example.com',
        cert_scenario: 'CATEGORY_EXPANSION',
        stage: 10,
        current_node_code: 'RFI',
      });
      expect(flow.category_list).toEqual([{ code: '101004', name: '铝合金冲压件' }]);
      expect(engine.callsOf(data.flowNo).startFlow[0][0].searchAttributes).toMatchObject({ supplierCode: '100001', scenario: 'CATEGORY_EXPANSION' });
      const history = await app.deps.db.selectFrom('operation_history').select('action').where('relation_code', '=', data.flowNo).execute();
      expect(history.map((h) => h.action)).toEqual(['EXPAND_APPLY']);
    });

    it('refuses a supplier whose IATF 16949 has ended, naming it, until the renewal replaces it; a mere warning kind does not', async () => {
      const db = app.deps.db;
      const { id } = await db
        .insertInto('supplier_certificate')
        .values({ supplier_no: 'SN000001', kind: 'IATF16949', valid_from: '2020-01-01', valid_until: '2023-01-01', file_url: '/f/iatf', status: 'expired', source: 'FIXTURE' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const warning = await db
        .insertInto('supplier_certificate')
        .values({ supplier_no: 'SN000001', kind: 'ISO14000', valid_from: '2020-01-01', valid_until: '2023-01-01', file_url: '/f/14000', status: 'expired', source: 'FIXTURE' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const before = await db.selectFrom('cert_flow').select('flow_no').execute();
      const refused = await expand(await validExpand());
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ supplierNo: '该供应商的证书已过期：IATF16949（TS16949），换证审批通过前不能扩充品类' });
      expect(await db.selectFrom('cert_flow').select('flow_no').execute()).toHaveLength(before.length);
      await db.deleteFrom('supplier_certificate').where('id', '=', id).execute();
      expect((await expand(await validExpand())).status).toBe(201);
      await db.deleteFrom('supplier_certificate').where('id', '=', warning.id).execute();
    });

    it('takes no e-mail (req flow §5.1): the RFI node opens the questionnaire for staff and invites nobody', async () => {
      const res = await expand(
        await validExpand({ supplierNo: 'SN000002', supplierCode: '100002', supplierName: '芜湖瑞丰汽车电子有限公司', categoryList: [{ code: '401002', name: '高压线束' }], cmtCode: 'CMT_EE', contactName: '孙丽', contactEmail: '', contactNumber: '18955367890' }),
      );
      expect(res.status).toBe(201);
      const { flowNo } = res.body.data;
      const flow = await app.deps.db.selectFrom('cert_flow').select(['contact_email', 'apply_type']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
      expect(flow).toEqual({ contact_email: null, apply_type: APPLY_TYPE.EXPAND });

      const acts = createCertFlowActivities({ db: app.deps.db, mailer: createOutboxMailer(app.deps.db), erp: app.deps.erp, publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
      await acts.openNode({ flowNo, nodeCode: 'RFI' });
      // Staff fill it in expand mode (req rfi §7): it exists, with its task, and no mail went out.
      expect(await app.deps.db.selectFrom('rfi_application').select('email').where('flow_no', '=', flowNo).execute()).toEqual([{ email: '' }]);
      expect(await app.deps.db.selectFrom('cert_task').select('task_type').where('flow_no', '=', flowNo).execute()).toEqual([{ task_type: 'REGISTER_RFI' }]);
      expect(await app.deps.db.selectFrom('mail_outbox').select('id').where('dedupe_key', 'like', `%${flowNo}%`).execute()).toEqual([]);
    });

    it("with an e-mail, the RFI node invites the contact as for a registration", async () => {
      const { data } = (await expand(await validExpand({ categoryList: [{ code: '102001', name: '前纵梁总成' }] }))).body;
      const acts = createCertFlowActivities({ db: app.deps.db, mailer: createOutboxMailer(app.deps.db), erp: app.deps.erp, publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
      await acts.openNode({ flowNo: data.flowNo, nodeCode: 'RFI' });
      const mails = await app.deps.db.selectFrom('mail_outbox').select('to_address').where('dedupe_key', 'like', `rfi-invite:%${data.flowNo}%`).execute();
      expect(mails).toEqual([{ to_address: 'li.ming@yongxiang-auto.example.com' }]);
    });

    it("refuses a phone or e-mail that is not one of the supplier's contacts, on that field", async () => {
      const before = await flowCount();
      const phone = await expand(await validExpand({ contactNumber: '13900000000' }), { locale: 'en' });
      expect(phone.status).toBe(400);
      expect(phone.body.errors).toEqual({ contactNumber: "Please choose one of the supplier's contacts" });
      // Another contact's e-mail with this contact's phone.
      const email = await expand(await validExpand({ contactEmail: 'wang.fang@yongxiang-auto.example.com' }));
      expect(email.status).toBe(400);
      expect(email.body.errors).toEqual({ contactEmail: '邮箱须为所选联系人的邮箱' });
      // A contact of another supplier.
      const other = await expand(await validExpand({ contactEmail: 'zhao.lei@ruifeng-ae.example.com', contactNumber: '13855312345' }));
      expect(Object.keys(other.body.errors)).toEqual(['contactNumber']);
      expect(await flowCount()).toBe(before);
    });

    it('refuses categories the supplier is already accessed for, naming them on categoryList; an eliminated one (门锁) may be chosen again', async () => {
      const before = await flowCount();
      const res = await expand(
        await validExpand({ categoryList: [{ code: '101004', name: '铝合金冲压件' }, { code: '103002', name: '门锁' }, { code: '101001', name: '白车身冲压件' }] }),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ categoryList: '该供应商已准入品类：白车身冲压件' });
      expect(await flowCount()).toBe(before);
    });

    it('refuses a registration scenario and an unknown supplier, and validates like the registration', async () => {
      const scenario = await expand(await validExpand({ certScenario: 'NEW_SUPPLIER' }));
      expect(scenario.status).toBe(400);
      expect(scenario.body.errors).toEqual({ certScenario: '认证场景不存在或不适用于此申请类型' });

      const unknown = await expand(await validExpand({ supplierNo: 'SN999999' }));
      expect(unknown.body.errors).toEqual({ supplierNo: '供应商不存在或已停用' });
      // A code naming another supplier than the number: the form is stale.
      const mixed = await expand(await validExpand({ supplierCode: '100002' }));
      expect(Object.keys(mixed.body.errors)).toEqual(['supplierNo']);

      const invalid = await expand(await validExpand({ supplierNo: '', contactEmail: 'not-an-email', contactNumber: '1380574123a', applyReason: '' }), { locale: 'en' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors).toEqual({
        supplierNo: 'Please choose the supplier',
        contactEmail: 'Please enter a valid e-mail address',
        contactNumber: 'Digits only',
        applyReason: 'Please enter the reason',
      });
    });

    it('needs the expand permission: 401 anonymous, 403 without it', async () => {
      const input = await validExpand();
      expect((await expand(input, { as: null })).status).toBe(401);
      const other = await staffSession(app.deps.db, await staffWithout(app.deps.db, PERMISSIONS.expandApplyRfi));
      expect((await expand(input, { as: other })).status).toBe(403);
    });

    it('the registration apply still requires an e-mail', async () => {
      const res = await post('/v1/cert-flow-node/create', { ...(await validExpand()), contactEmail: '' }, { locale: 'en' });
      expect(res.body.errors).toMatchObject({ contactEmail: "Please enter the contact's e-mail" });
    });
  });
});
