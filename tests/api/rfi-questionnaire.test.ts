import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import type { Db } from '#db/connection.ts';
import { saveSection } from '#services/rfi/questionnaire-save.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { invitedSupplier, supplierClient, validSections } from '../support/rfi-questionnaire.ts';

/**
 * The supplier's questionnaire over HTTP (req rfi §4, §5, §7): Save keeps a draft, Next checks the
 * step and moves on, a save from an old version loses, and a session reaches only its own data.
 */
let app: TestApp;
let db: Db;

beforeAll(async () => {
  app = await startTestApp();
  db = app.deps.db;
});
afterAll(() => app.close());

async function newSupplier(opts: Parameters<typeof invitedSupplier>[2] = {}, locale: 'zh' | 'en' = 'zh') {
  const s = await invitedSupplier(db, app.deps.config.appSecret, opts);
  return { ...s, client: supplierClient(app, s, locale) };
}

const stored = async (applyNo: string) =>
  db.selectFrom('rfi_application').select(['sections', 'version', 'current_step', 'status']).where('apply_no', '=', applyNo).executeTakeFirstOrThrow();
const historyOf = async (flowNo: string) =>
  db.selectFrom('operation_history').select(['action', 'description', 'relation_type']).where('relation_code', '=', flowNo).orderBy('id').execute();

describe('reading a step', () => {
  it('gives null for a step never saved, the version to save against, and an editable questionnaire', async () => {
    const { client } = await newSupplier();
    const { status, body } = await client.read('finance');
    expect(status).toBe(200);
    expect(body.data).toEqual({ data: null, version: 1, status: 10, readOnly: false });
  });

  it('shows the flow credit code in step 1 before anything is saved', async () => {
    const { client } = await newSupplier({ creditCode: '91320000MA1EXAMPLE' });
    const { body } = await client.read('company');
    expect(body.data.data).toEqual({ creditCode: '91320000MA1EXAMPLE' });
  });
});

describe('Save (draft, save=false)', () => {
  it('stores an incomplete step and stays on it', async () => {
    const { client, applyNo, flowNo } = await newSupplier();
    const res = await client.save('company', { companyChineseName: '  苏州某某有限公司 ' }, 1, false);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ version: 2, currentStep: 1 });
    const read = await client.read('company');
    expect(read.body.data).toMatchObject({ data: { companyChineseName: '苏州某某有限公司' }, version: 2 });
    expect((await client.currentStep()).body.data.step).toBe(1);
    expect(await historyOf(flowNo)).toEqual([{ action: 'RFI_SAVE_DRAFT', description: '暂存第1步', relation_type: 10 }]);
    expect((await stored(applyNo)).current_step).toBe(1);
  });

  it('refuses a certificate of a kind the dictionary does not know, naming its row, and stores nothing', async () => {
    const { client, applyNo } = await newSupplier();
    const res = await client.save('certificates', { certificateList: [{ certificateType: 'IATF16949', hold: null }, { certificateType: 'NOT_A_KIND', hold: null }] }, 1, false);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'certificateList.1.certificateType': '未知的证书类型：NOT_A_KIND' });
    expect((await stored(applyNo)).version).toBe(1);
  });

  it('still refuses what no draft may hold: a 201-character name is a 400 naming it, and nothing is stored', async () => {
    const { client, applyNo, flowNo } = await newSupplier({}, 'en');
    const res = await client.save('company', { companyChineseName: '名'.repeat(201) }, 1, false);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ companyChineseName: 'At most 200 characters' });
    expect(await stored(applyNo)).toMatchObject({ sections: {}, version: 1 });
    expect(await historyOf(flowNo)).toEqual([]);
  });
});

describe('Next (save=true)', () => {
  it('refuses missing required fields with a 400 naming each, in the caller language', async () => {
    const { client, applyNo } = await newSupplier();
    const res = await client.save('company', { companyChineseName: '' }, 1, true);
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      companyChineseName: '请输入公司中文名称',
      businessLicenseUrl: '请上传营业执照',
      companyType: '请选择公司类型',
      foundedYear: '该项必填',
    });
    expect(await stored(applyNo)).toMatchObject({ sections: {}, version: 1, current_step: 1 });
  });

  it('names row fields by their dot path', async () => {
    const { client } = await newSupplier({}, 'en');
    const factories = validSections().factories as Record<string, any>;
    factories.factoryList[0].baseName = '';
    const res = await client.save('factories', factories, 1, true);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'factoryList.0.baseName': 'Please enter the manufacturing base name' });
  });

  it('saves a complete step and advances the step the form resumes at', async () => {
    const { client, flowNo } = await newSupplier();
    const res = await client.save('company', validSections().company, 1, true);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ version: 2, currentStep: 2 });
    expect((await client.currentStep()).body.data.step).toBe(2);
    const next = await client.save('contacts', validSections().contacts, 2, true);
    expect(next.body.data).toEqual({ version: 3, currentStep: 3 });
    expect((await historyOf(flowNo)).map((h) => h.action)).toEqual(['RFI_SAVE_NEXT', 'RFI_SAVE_NEXT']);
  });

  it('applies the full rules\' normalisation: holdFactory false keeps no factory rows', async () => {
    const { client } = await newSupplier();
    const factories = { ...(validSections().factories as Record<string, unknown>), holdFactory: false };
    expect((await client.save('factories', factories, 1, true)).status).toBe(200);
    expect((await client.read('factories')).body.data.data).toMatchObject({ holdFactory: false, factoryList: [], qaFactoryList: [] });
  });
});

describe('concurrent edits', () => {
  it('a save from an old version is a 409 and the stored answers stay', async () => {
    const { client, applyNo } = await newSupplier();
    const first = await client.save('finance', validSections().finance, 1, false);
    expect(first.status).toBe(200);
    const other = { financeList: [{ statisticCode: 'TOTAL_ASSETS', statisticDesc: 'x', lastYear: 1, beforeLastYear: 1 }] };
    const stale = await client.save('finance', other, 1, false);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('数据已在别处修改，请刷新后重试');
    const row = await stored(applyNo);
    expect(row.version).toBe(2);
    expect(row.sections.finance).toEqual((await client.read('finance')).body.data.data);
    expect((row.sections.finance as { financeList: unknown[] }).financeList).toHaveLength(2);
  });

  it('a save that another save overtakes between its check and its write loses (409) and writes nothing', async () => {
    const { applyNo, flowNo } = await newSupplier();
    // Another save commits right before this one's write: the version in the UPDATE's WHERE no longer matches.
    const overtake = () => db.updateTable('rfi_application').set({ version: 2 }).where('apply_no', '=', applyNo).execute();
    // The write statement (the one `with` statement, run as a prepared query) runs the other save first.
    const overtaken = new Proxy(db, {
      get(target, prop) {
        if (prop === 'executeQuery')
          return async (query: CompiledQuery) => {
            if (query.sql.startsWith('with ')) await overtake();
            return target.executeQuery(query);
          };
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const save = saveSection(overtaken, { applyNo, step: 'finance', mode: 'supplier', data: validSections().finance as Record<string, unknown>, version: 1, save: false });
    await expect(save).rejects.toMatchObject({ kind: 'conflict', message: 'staleVersion' });
    expect(await stored(applyNo)).toMatchObject({ sections: {}, version: 2 });
    expect(await historyOf(flowNo)).toEqual([]);
  });
});

describe('step 1 fields the supplier does not own', () => {
  it('keeps the flow credit code whatever the supplier sends', async () => {
    const { client } = await newSupplier({ creditCode: '91320000MA1EXAMPLE' });
    const res = await client.save('company', { ...validSections().company, creditCode: 'CHANGED', enterpriseScale: 'HUGE' }, 1, true);
    expect(res.status).toBe(200);
    const { data } = (await client.read('company')).body.data;
    expect(data.creditCode).toBe('91320000MA1EXAMPLE');
    expect(data.enterpriseScale).toBeUndefined();
  });

  it('drops the business licence when the name changes, so Next asks for a new one', async () => {
    const { client } = await newSupplier();
    const company = validSections().company as Record<string, unknown>;
    expect((await client.save('company', company, 1, true)).status).toBe(200);
    const renamed = { ...company, companyChineseName: '苏州新名称汽车零部件有限公司' };
    const next = await client.save('company', renamed, 2, true);
    expect(next.status).toBe(400);
    expect(next.body.errors).toEqual({ businessLicenseUrl: '请上传营业执照' });
    expect((await client.save('company', renamed, 2, false)).status).toBe(200);
    const { data } = (await client.read('company')).body.data;
    expect(data).toMatchObject({ companyChineseName: '苏州新名称汽车零部件有限公司' });
    expect(data.businessLicenseUrl).toBeUndefined();
  });

  it('keeps the licence when only spaces around the name differ', async () => {
    const { client } = await newSupplier();
    const company = validSections().company as Record<string, unknown>;
    await client.save('company', company, 1, true);
    const licence = (await client.read('company')).body.data.data.businessLicenseUrl;
    expect(licence).toMatch(/^\/common\/v1\/simple-download\?fileKey=/);
    const res = await client.save('company', { ...company, companyChineseName: ` ${company.companyChineseName as string} ` }, 2, true);
    expect(res.status).toBe(200);
    expect((await client.read('company')).body.data.data.businessLicenseUrl).toBe(licence);
  });
});

describe('whose questionnaire', () => {
  it('a supplier session cannot read or write another application (403), and nothing is written', async () => {
    const mine = await newSupplier();
    const theirs = await newSupplier();
    const intruder = supplierClient(app, { temp: theirs.temp, authorization: mine.authorization });
    expect((await intruder.read('company')).status).toBe(403);
    expect((await intruder.save('company', { companyChineseName: 'x' }, 1, false)).status).toBe(403);
    expect((await intruder.submit()).status).toBe(403);
    expect(await stored(theirs.applyNo)).toMatchObject({ sections: {}, version: 1 });
  });

  it('without a session the calls answer 401', async () => {
    const s = await newSupplier();
    const anonymous = supplierClient(app, { temp: s.temp });
    expect((await anonymous.read('company')).status).toBe(401);
    expect((await anonymous.save('company', {}, 1, false)).status).toBe(401);
  });

  it('refuses a body without data or version (400) and writes nothing', async () => {
    const { client, applyNo } = await newSupplier();
    expect((await client.save('company', 'not an object', 1, false)).status).toBe(400);
    expect((await client.save('company', {}, 0, false)).status).toBe(400);
    expect((await stored(applyNo)).version).toBe(1);
  });
});

describe('admitted factories (req rfi §4)', () => {
  it('keep their name and address, force holdFactory, and cannot be removed', async () => {
    const { client, applyNo } = await newSupplier({}, 'en');
    const factories = validSections().factories as unknown as { holdFactory: boolean; factoryList: Record<string, unknown>[] };
    const admitted: Record<string, unknown> = { ...factories.factoryList[0], factoryCode: 'F001' };
    // What the ERP-side admission left in the stored questionnaire.
    await db
      .updateTable('rfi_application')
      .set({ sections: JSON.stringify({ factories: { ...factories, factoryList: [admitted] } }) })
      .where('apply_no', '=', applyNo)
      .execute();

    const renamed = await client.save('factories', { ...factories, holdFactory: false, factoryList: [{ ...admitted, baseName: '另一个名字' }] }, 1, false);
    expect(renamed.status).toBe(200);
    const kept = (await stored(applyNo)).sections.factories as typeof factories;
    expect(kept.holdFactory).toBe(true);
    expect(kept.factoryList[0]).toMatchObject({ factoryCode: 'F001', baseName: admitted.baseName });

    const dropped = await client.save('factories', { ...factories, factoryList: [] }, 2, false);
    expect(dropped.status).toBe(400);
    expect(dropped.body.errors).toEqual({ factoryList: 'Admitted factories cannot be removed: F001' });
  });
});
