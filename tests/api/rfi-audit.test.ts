import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { APPLY_TYPE } from '#domain/cert-flow/enums.ts';
import { RFI_SECTION_PATHS } from '#domain/rfi/section-paths.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { newStaffSession, staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { CMT_LEADER, fileUploader, fillAll, invitedSupplier, PURCHASER, supplierClient, validSections } from '../support/rfi-questionnaire.ts';
import { recordingFlows } from '../support/recording-flows.ts';

/**
 * The staff side of the questionnaire (req rfi §2, §7; architecture §6): audit reads, the expand mode,
 * and the questionnaire's change log. Reviews and tasks are in rfi-tasks.test.ts.
 */
let app: TestApp;
let db: Db;
const engine = recordingFlows();
const staff: Record<string, Caller> = {};

beforeAll(async () => {
  app = await startTestApp({ flows: engine.flows });
  db = app.deps.db;
  for (const job of [PURCHASER, CMT_LEADER]) staff[job] = await staffSession(db, job);
});
afterAll(() => app.close());

const staffGet = (path: string, query: Record<string, string>, caller: Caller | null, locale: 'zh' | 'en' = 'zh') => client(app).as(caller).locale(locale).get(path, query);
const staffSave = async (step: RfiStepKey, query: Record<string, string>, body: { data: unknown; version: number }, caller: Caller) => {
  const api = client(app).as(caller);
  const withUploads = fileUploader(api, '/v1/cert-rfi/upload');
  return api.post(`/v1/cert-rfi/save-${RFI_SECTION_PATHS[step]}`, { ...body, data: await withUploads(body.data) }, query);
};
const staffSubmit = (applyNo: string, caller: Caller) => client(app).as(caller).post('/v1/cert-rfi/submit', undefined, { applyNo });

async function filledQuestionnaire() {
  const s = await invitedSupplier(db, app.deps.config.appSecret);
  await fillAll(supplierClient(app, s), validSections());
  return s;
}

describe('audit reads: GET /v1/register/get-<section>', () => {
  it('give staff with an RFI route key what the supplier saved, read-only', async () => {
    const { applyNo } = await filledQuestionnaire();
    const res = await staffGet('/v1/register/get-contact-info', { applyNo }, staff[CMT_LEADER]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 10, readOnly: true, data: { contactList: [{ name: '张三', email: 'zhang@example.com' }] } });
    const categories = await staffGet('/v1/register/get-flow-category-info', { applyNo }, staff[CMT_LEADER]);
    expect(categories.body.data).toEqual([{ code: '101001', name: '白车身冲压件' }]);
  });

  it('need a staff session (401) with an RFI route key (403)', async () => {
    const { applyNo } = await filledQuestionnaire();
    expect((await staffGet('/v1/register/get-base-info', { applyNo }, null)).status).toBe(401);
    const keyless = await newStaffSession(db);
    expect((await staffGet('/v1/register/get-base-info', { applyNo }, keyless)).status).toBe(403);
    // A supplier session is not a staff session either.
    const { authorization } = await invitedSupplier(db, app.deps.config.appSecret);
    expect((await staffGet('/v1/register/get-base-info', { applyNo }, { authorization })).status).toBe(401);
  });

  it('answer 400 without an application number and 404 for an unknown one', async () => {
    expect((await staffGet('/v1/register/get-base-info', {}, staff[CMT_LEADER])).status).toBe(400);
    expect((await staffGet('/v1/register/get-base-info', { applyNo: 'RFI-NOPE' }, staff[CMT_LEADER])).status).toBe(404);
  });

  it('offer no saves', async () => {
    const { applyNo } = await filledQuestionnaire();
    const res = await client(app).as(staff[PURCHASER]).post('/v1/register/save-base-info', { data: {}, version: 1 }, { applyNo });
    expect(res.status).toBe(404);
  });
});

describe('expand mode: /v1/cert-rfi/*', () => {
  async function expansion() {
    return invitedSupplier(db, app.deps.config.appSecret, { applyType: APPLY_TYPE.EXPAND });
  }

  it('shows steps 1 and 2 read-only and the others editable to the expand route', async () => {
    const { applyNo } = await expansion();
    expect((await staffGet('/v1/cert-rfi/get-base-info', { applyNo }, staff[PURCHASER])).body.data.readOnly).toBe(true);
    expect((await staffGet('/v1/cert-rfi/get-contact-info', { applyNo }, staff[PURCHASER])).body.data.readOnly).toBe(true);
    expect((await staffGet('/v1/cert-rfi/get-business-finance-info', { applyNo }, staff[PURCHASER])).body.data.readOnly).toBe(false);
    // A reader without the expand route sees everything read-only.
    expect((await staffGet('/v1/cert-rfi/get-business-finance-info', { applyNo }, staff[CMT_LEADER])).body.data.readOnly).toBe(true);
  });

  it('answers ok to saves of steps 1 and 2 and stores nothing', async () => {
    const { applyNo, flowNo } = await expansion();
    const res = await staffSave('company', { applyNo, save: 'true' }, { data: { companyChineseName: '改名' }, version: 1 }, staff[PURCHASER]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ version: 1, currentStep: 1 });
    const row = await db.selectFrom('rfi_application').select(['sections', 'version']).where('apply_no', '=', applyNo).executeTakeFirstOrThrow();
    expect(row).toEqual({ sections: {}, version: 1 });
    expect(await db.selectFrom('operation_history').select('id').where('relation_code', '=', flowNo).execute()).toEqual([]);
  });

  it('saves steps 3–10 with the same rules, logged under the staff member, and submits without steps 1–2', async () => {
    const { applyNo, flowNo } = await expansion();
    const sections = validSections();
    const bad = await staffSave('finance', { applyNo, save: 'true' }, { data: { financeList: [{ lastYear: 1.5 }] }, version: 1 }, staff[PURCHASER]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain('financeList.0.lastYear');

    let version = 1;
    for (const step of ['finance', 'sales', 'certificates', 'factories', 'qualityTargets', 'otherCapability', 'development', 'securityDelivery'] as const) {
      const res = await staffSave(step, { applyNo, save: 'true' }, { data: sections[step], version }, staff[PURCHASER]);
      expect(res.status).toBe(200);
      version = res.body.data.version;
    }
    expect((await staffGet('/v1/cert-rfi/current/step', { applyNo }, staff[PURCHASER])).body.data).toEqual({ step: 10 });
    const log = await db.selectFrom('operation_history').select('operator_name').where('relation_code', '=', flowNo).execute();
    expect(new Set(log.map((l) => l.operator_name))).toEqual(new Set(['王磊']));

    const submit = await staffSubmit(applyNo, staff[PURCHASER]);
    expect(submit.status).toBe(200);
    expect(engine.calls.signalRfiSubmitted).toContainEqual([flowNo, applyNo]);
  });

  it('refuses saves without the expand route (403) and on a registration questionnaire (409)', async () => {
    const { applyNo } = await expansion();
    const data = { data: validSections().finance, version: 1 };
    expect((await staffSave('finance', { applyNo, save: 'false' }, data, staff[CMT_LEADER])).status).toBe(403);
    const registration = await filledQuestionnaire();
    const refused = await staffSave('finance', { applyNo: registration.applyNo, save: 'false' }, { data: validSections().finance, version: 11 }, staff[PURCHASER]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('该问卷不是扩品类申请，不能在此修改');
    expect((await staffSubmit(registration.applyNo, staff[PURCHASER])).status).toBe(409);
  });
});

describe('the change log: GET /v1/operator-history/onBoard-page', () => {
  it('lists the RFI log of a flow, newest first, paged', async () => {
    const { flowNo } = await filledQuestionnaire();
    const res = await staffGet('/v1/operator-history/onBoard-page', { relationType: '10', relationCode: flowNo, pageNo: '1', pageSize: '20' }, staff[CMT_LEADER]);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(10);
    expect(res.body.data.records[0]).toEqual({
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      operateUserName: '苏州精密冲压有限公司',
      description: '保存第10步（下一步）',
    });
    // The same row reads in English for an English reader.
    const en = await staffGet('/v1/operator-history/onBoard-page', { relationType: '10', relationCode: flowNo, pageNo: '1', pageSize: '20' }, staff[CMT_LEADER], 'en');
    expect(en.body.data.records[0].description).toBe('Saved step 10 (next)');
    const page2 = await staffGet('/v1/operator-history/onBoard-page', { relationType: '10', relationCode: flowNo, pageNo: '2', pageSize: '20' }, staff[CMT_LEADER]);
    expect(page2.body.data).toEqual({ records: [], total: 10 });
  });

  it('refuses other page sizes and relation types (400) and anonymous callers (401)', async () => {
    const query = { relationType: '10', relationCode: 'X', pageNo: '1', pageSize: '7' };
    expect((await staffGet('/v1/operator-history/onBoard-page', query, staff[CMT_LEADER])).status).toBe(400);
    expect((await staffGet('/v1/operator-history/onBoard-page', { ...query, pageSize: '20', relationType: '99' }, staff[CMT_LEADER])).status).toBe(400);
    expect((await staffGet('/v1/operator-history/onBoard-page', { ...query, pageSize: '20' }, null)).status).toBe(401);
  });
});
