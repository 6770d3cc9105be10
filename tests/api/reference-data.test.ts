import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { newSupplierSession, staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';

describe('reference data reads', () => {
  let app: TestApp;
  let staff: Caller;
  let supplier: Caller;

  beforeAll(async () => {
    app = await startTestApp();
    staff = await staffSession(app.deps.db, 'E10002');
    supplier = await newSupplierSession(app.deps.db, app.deps.config.appSecret);
  });
  afterAll(() => app.close());

  function get(path: string, opts: { as?: 'staff' | 'supplier' | 'anonymous'; locale?: 'zh' | 'en' } = {}) {
    const callers = { staff, supplier, anonymous: null };
    return client(app).as(callers[opts.as ?? 'staff']).locale(opts.locale ?? 'zh').get(path);
  }

  describe('GET /dict/v1/list', () => {
    it('answers entries of a type in the caller language, in order', async () => {
      const zh = await get('/dict/v1/list?dictType=fri_cert_stage', { locale: 'zh' });
      expect(zh.status).toBe(200);
      expect(zh.body.data.map((d: any) => d.dictKey)).toEqual(['0', '10', '20', '30', '40', '90']);
      expect(zh.body.data[1]).toMatchObject({ dictKey: '10', dictValue: '认证准备' });
      const en = await get('/dict/v1/list?dictType=fri_cert_stage', { locale: 'en' });
      expect(en.body.data[1]).toMatchObject({ dictKey: '10', dictValue: 'Certification preparation' });
    });

    it('serves suppliers too, with translated attributes', async () => {
      const res = await get('/dict/v1/list?dictType=rfi_security_info', { as: 'supplier', locale: 'en' });
      expect(res.status).toBe(200);
      expect(res.body.data[0].extra.desc).toMatch(/information security/i);
      const certs = await get('/dict/v1/list?dictType=certificate_file', { as: 'supplier' });
      expect(certs.body.data.find((d: any) => d.dictKey === 'IATF16949').extra).toEqual({ required: true, onExpiry: 'block', requalifyAfterDays: 30 });
    });

    it('answers an unknown type with an empty list', async () => {
      const res = await get('/dict/v1/list?dictType=no_such_type');
      expect(res).toMatchObject({ status: 200, body: { code: 0, data: [] } });
    });

    it('refuses anonymous callers with 401 and a missing or malformed type with 400', async () => {
      expect((await get('/dict/v1/list?dictType=position', { as: 'anonymous' })).status).toBe(401);
      const missing = await get('/dict/v1/list', { locale: 'en' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ dictType: 'This field is required' });
      expect((await get('/dict/v1/list?dictType=x%27%3Bdrop')).status).toBe(400);
      expect((await get('/dict/v1/list?dictType=a&dictType=b')).status).toBe(400);
    });
  });

  describe('areas', () => {
    it('list countries with China and its regions first, in the caller language', async () => {
      const zh = await get('/common/v1/area-country', { as: 'supplier' });
      expect(zh.status).toBe(200);
      expect(zh.body.data.slice(0, 4)).toEqual([
        { code: 'CN', name: '中国' },
        { code: 'HK', name: '中国香港' },
        { code: 'MO', name: '中国澳门' },
        { code: 'TW', name: '中国台湾' },
      ]);
      const en = await get('/common/v1/area-country', { locale: 'en' });
      expect(en.body.data.find((c: any) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Germany' });
    });

    it('list provinces of a country and cities of a province', async () => {
      const provinces = await get('/common/v1/area-province?countryCode=CN', { locale: 'en' });
      expect(provinces.body.data).toHaveLength(31);
      expect(provinces.body.data).toContainEqual({ code: '32', name: 'Jiangsu' });
      const cities = await get('/common/v1/area-city?provinceCode=32');
      expect(cities.body.data).toContainEqual({ code: '3205', name: '苏州市' });
      expect((await get('/common/v1/area-province?countryCode=DE')).body.data).toEqual([]);
    });

    it('search by name in either language, by code, and look one up by id', async () => {
      expect((await get('/v1/area/search-country?search=german', { locale: 'zh' })).body.data).toEqual([{ code: 'DE', name: '德国' }]);
      expect((await get(`/v1/area/search-province?countryCode=CN&search=${encodeURIComponent('广东')}`, { locale: 'en' })).body.data).toEqual([
        { code: '44', name: 'Guangdong' },
      ]);
      const cities = await get('/v1/area/search-city?provinceCode=32&search=su', { locale: 'en' });
      expect(cities.body.data.map((c: any) => c.name)).toEqual(expect.arrayContaining(['Suzhou', 'Suqian']));
      expect((await get('/v1/area/search-city?id=3205')).body.data).toEqual([{ code: '3205', name: '苏州市' }]);
      // % and _ are literal, not wildcards.
      expect((await get('/v1/area/search-country?search=%25')).body.data).toEqual([]);
    });

    it('refuse anonymous callers with 401 and bad queries with 400', async () => {
      for (const path of ['/common/v1/area-country', '/common/v1/area-province?countryCode=CN', '/common/v1/area-city?provinceCode=32', '/v1/area/search-country?search=a', '/v1/area/search-province?search=a', '/v1/area/search-city?search=a']) {
        expect((await get(path, { as: 'anonymous' })).status, path).toBe(401);
      }
      expect((await get('/common/v1/area-province')).status).toBe(400);
      expect((await get('/common/v1/area-city?provinceCode=')).status).toBe(400);
      expect((await get(`/v1/area/search-city?search=${'x'.repeat(51)}`)).status).toBe(400);
    });
  });

  describe('categories and CMTs', () => {
    it('list large categories and the children of one, in the caller language', async () => {
      const large = await get('/v1/cmt/category-large/all', { locale: 'en' });
      expect(large.status).toBe(200);
      expect(large.body.data.length).toBeGreaterThanOrEqual(8);
      expect(large.body.data[0]).toMatchObject({ categoryCode: '10', categoryName: 'Body', categoryStatus: 10 });

      const middle = await get('/v1/cmt/category-sub/search?categoryCode=10');
      expect(middle.body.data.map((c: any) => c.categoryName)).toContain('冲压件');
      const small = await get('/v1/cmt/category-sub/search?categoryCode=3010', { locale: 'en' });
      expect(small.body.data.find((c: any) => c.categoryCode === '301004')).toMatchObject({
        categoryName: 'Carburettors',
        categoryStatus: 20,
        categoryLifeCycle: 2,
        cmtCode: 'CMT_POWERTRAIN',
        cmtName: 'Powertrain CMT',
      });
    });

    it('search small categories by name', async () => {
      const res = await get(`/v1/cmt/category-small/search?search=${encodeURIComponent('雷达')}`);
      expect(res.body.data.map((c: any) => c.categoryCode)).toEqual(['403001', '403003', '403004']);
      const en = await get('/v1/cmt/category-small/search?search=lidar', { locale: 'en' });
      expect(en.body.data).toEqual([expect.objectContaining({ categoryName: 'Lidar sensors', categoryLifeCycle: 1 })]);
    });

    it('list CMTs with their leader', async () => {
      const res = await get('/v1/cmt/all', { locale: 'en' });
      expect(res.body.data).toContainEqual({ cmtCode: 'CMT_BODY', cmtName: 'Body & exterior CMT', leaderJobNumber: 'E10010', leaderName: '李强' });
    });

    it('are for staff only: 401 for anonymous callers and suppliers; 400 for a bad query', async () => {
      for (const path of ['/v1/cmt/category-large/all', '/v1/cmt/category-sub/search?categoryCode=10', '/v1/cmt/category-small/search', '/v1/cmt/all']) {
        expect((await get(path, { as: 'anonymous' })).status, path).toBe(401);
        expect((await get(path, { as: 'supplier' })).status, path).toBe(401);
      }
      expect((await get('/v1/cmt/category-sub/search')).status).toBe(400);
      expect((await get(`/v1/cmt/category-small/search?search=${'x'.repeat(51)}`)).status).toBe(400);
    });
  });

  describe('GET /dsc-staff/v1/search', () => {
    it('matches name, job number, username and e-mail case-insensitively', async () => {
      const byMail = await app.deps.db.selectFrom('staff').select('email').where('job_number', '=', 'E10024').executeTakeFirstOrThrow();
      expect((await get(`/dsc-staff/v1/search?keyword=${encodeURIComponent(byMail.email.toUpperCase())}`)).body.data).toEqual([{ jobNumber: 'E10024', name: '黄丽' }]);
      expect((await get(`/dsc-staff/v1/search?keyword=${encodeURIComponent('王磊')}`)).body.data).toEqual([{ jobNumber: 'E10002', name: '王磊' }]);
      expect((await get('/dsc-staff/v1/search?keyword=e10021')).body.data).toEqual([{ jobNumber: 'E10021', name: '赵军' }]);
      const experts = await get('/dsc-staff/v1/search?keyword=EXPERT.');
      expect(experts.body.data.map((s: any) => s.jobNumber)).toEqual(['E10030', 'E10031', 'E10032']);
    });

    it('answers at most 20 people, the exact job number first', async () => {
      await app.deps.db
        .insertInto('staff')
        .values(
          Array.from({ length: 30 }, (_, i) => ({
            job_number: `X${String(i).padStart(3, '0')}`,
            username: `many.${i}`,
            name: `同名${i}`,
            email: `many.${i}@example.com`,
            password_hash: 'not-a-login',
            roles: JSON.stringify([]),
          })),
        )
        .execute();
      const capped = await get(`/dsc-staff/v1/search?keyword=${encodeURIComponent('同名')}`);
      expect(capped.body.data).toHaveLength(20);
      const exact = await get('/dsc-staff/v1/search?keyword=x010');
      expect(exact.body.data[0]).toEqual({ jobNumber: 'X010', name: '同名10' });
    });

    it('lists the eligible review experts before anything is typed, and puts them first in a search', async () => {
      // The review experts: the expert pool and the dimension reviewers.
      const eligible = ['E10020', 'E10021', 'E10022', 'E10023', 'E10030', 'E10031', 'E10032'];
      const experts = await get('/dsc-staff/v1/search?role=EXPERT');
      expect(experts.body.data.map((s: any) => s.jobNumber)).toEqual(eligible);
      const withOthers = await get('/dsc-staff/v1/search?role=EXPERT&keyword=e100');
      expect(withOthers.body.data.slice(0, eligible.length).map((s: any) => s.jobNumber)).toEqual(eligible);
      expect(withOthers.body.data.map((s: any) => s.jobNumber)).toContain('E10001');
      const unknown = await get('/dsc-staff/v1/search?role=CERT_ADMIN');
      expect(unknown.status).toBe(400);
      expect(Object.keys(unknown.body.errors)).toEqual(['role']);
    });

    it('is for staff only and needs a keyword', async () => {
      expect((await get('/dsc-staff/v1/search?keyword=wang', { as: 'anonymous' })).status).toBe(401);
      expect((await get('/dsc-staff/v1/search?keyword=wang', { as: 'supplier' })).status).toBe(401);
      const missing = await get('/dsc-staff/v1/search', { locale: 'en' });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ keyword: 'This field is required' });
    });
  });

  describe('GET /v1/scenario/list', () => {
    it('lists the scenarios of an apply type in the caller language', async () => {
      const register = await get('/v1/scenario/list?applyType=1', { locale: 'en' });
      expect(register.body.data).toEqual([
        { code: 'NEW_SUPPLIER', name: 'New supplier certification', applyType: 1 },
        { code: 'TRADING_COMPANY', name: 'Trading company certification', applyType: 1 },
      ]);
      const expand = await get('/v1/scenario/list?applyType=2');
      expect(expand.body.data).toEqual([{ code: 'CATEGORY_EXPANSION', name: '品类扩充认证', applyType: 2 }]);
      // Without an apply type: every scenario, the requalification's too (the flow list filters by it).
      expect((await get('/v1/scenario/list')).body.data.map((s: { code: string }) => s.code).sort()).toEqual(['CATEGORY_EXPANSION', 'NEW_SUPPLIER', 'REQUALIFICATION', 'TRADING_COMPANY']);
    });

    it('is for staff only and refuses an unknown apply type', async () => {
      expect((await get('/v1/scenario/list?applyType=1', { as: 'anonymous' })).status).toBe(401);
      expect((await get('/v1/scenario/list?applyType=1', { as: 'supplier' })).status).toBe(401);
      const bad = await get('/v1/scenario/list?applyType=3', { locale: 'en' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('applyType');
    });
  });
});
