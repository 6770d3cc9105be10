import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DbHandle } from '#db/connection.ts';
import { seedAll } from '#db/seeds/index.ts';
import { DEMO_LOGINS } from '#db/seeds/org.ts';
import { verifyPassword } from '#adapters/security/password.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { createTestDb } from '../support/test-db.ts';

// Every dictType the requirement documents name (req rfi §3, req flow §2.1/§3/§7.10/§9, req shell §3.4).
const SPEC_DICT_TYPES = [
  'rfi_step',
  'rfi_security_info',
  'rfi_deliver_info',
  'supplier_type',
  'company_category',
  'company_category_10',
  'company_category_20',
  'company_category_30',
  'hk_mo_tw',
  'currency_type',
  'company_sales',
  'financial_status',
  'position',
  'world_area_code',
  'mold_ability',
  'it_ability',
  'sample_file_types',
  'certificate_file',
  'cert_task_responsible_person',
  'approve_result',
  'kcp2_supplier_access_apply_status',
  'expert_audit_status',
  'cert_approve_status',
  'fri_cert_stage',
  'supplier_factory_state',
  'default_company_and_organization',
];

const SEEDED_TABLES = ['dict_entry', 'area', 'cmt', 'category', 'role', 'staff', 'scenario'] as const;

describe('seedAll', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  async function counts() {
    const out: Record<string, number> = {};
    for (const t of SEEDED_TABLES) {
      const r = await handle.db.selectFrom(t).select(handle.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      out[t] = Number(r.n);
    }
    return out;
  }

  async function rowVersions(table: 'dict_entry' | 'area' | 'category' | 'role' | 'staff') {
    const { rows } = await sql<{ v: string }>`select xmin::text as v from ${sql.table(table)}`.execute(handle.db);
    return rows.map((r) => r.v).sort();
  }

  describe('run again on a seeded database', () => {
    it('keeps the same row counts and rewrites no row', async () => {
      const before = await counts();
      const versions = await Promise.all((['dict_entry', 'area', 'category', 'role', 'staff'] as const).map(rowVersions));
      await seedAll(handle.db, { demo: true });
      await seedAll(handle.db, { demo: true });
      expect(await counts()).toEqual(before);
      expect(await Promise.all((['dict_entry', 'area', 'category', 'role', 'staff'] as const).map(rowVersions))).toEqual(versions);
    });

    it('restores edited labels but keeps what operators changed (status, life cycle, node plan, password)', async () => {
      const db = handle.db;
      await db.updateTable('dict_entry').set({ label_en: 'edited' }).where('dict_type', '=', 'fri_cert_stage').where('dict_key', '=', '10').execute();
      await db.updateTable('category').set({ status: 20, life_cycle: 1, name_zh: '改名' }).where('code', '=', '101001').execute();
      await db.updateTable('scenario').set({ node_plan: JSON.stringify(STANDARD_PLANS.CATEGORY_EXPANSION) }).where('code', '=', 'NEW_SUPPLIER').execute();
      await db.updateTable('staff').set({ password_hash: 'changed' }).where('username', '=', 'pm.wang').execute();

      await seedAll(db, { demo: true });

      const stage = await db.selectFrom('dict_entry').select('label_en').where('dict_type', '=', 'fri_cert_stage').where('dict_key', '=', '10').executeTakeFirstOrThrow();
      expect(stage.label_en).toBe('Certification preparation');
      const category = await db.selectFrom('category').select(['status', 'life_cycle', 'name_zh']).where('code', '=', '101001').executeTakeFirstOrThrow();
      expect(category).toEqual({ status: 20, life_cycle: 1, name_zh: '白车身冲压件' });
      const scenario = await db.selectFrom('scenario').select('node_plan').where('code', '=', 'NEW_SUPPLIER').executeTakeFirstOrThrow();
      expect(scenario.node_plan).toEqual(STANDARD_PLANS.CATEGORY_EXPANSION);
      const staff = await db.selectFrom('staff').select('password_hash').where('username', '=', 'pm.wang').executeTakeFirstOrThrow();
      expect(staff.password_hash).toBe('changed');
    });

    it('adds a deleted demo account back, with the demo password', async () => {
      await handle.db.deleteFrom('staff').where('username', '=', 'expert.chen').execute();
      await seedAll(handle.db, { demo: true });
      const row = await handle.db.selectFrom('staff').select('password_hash').where('username', '=', 'expert.chen').executeTakeFirstOrThrow();
      expect(await verifyPassword('Demo@2026', row.password_hash)).toBe(true);
    });
  });

  describe('dictionaries', () => {
    it('hold every type the requirements name, each entry with a zh and an en label', async () => {
      const rows = await handle.db.selectFrom('dict_entry').select(['dict_type', 'label_zh', 'label_en']).execute();
      for (const type of SPEC_DICT_TYPES) {
        const entries = rows.filter((r) => r.dict_type === type);
        expect(entries.length, type).toBeGreaterThan(0);
        for (const e of entries) {
          expect(e.label_zh.trim(), type).not.toBe('');
          expect(e.label_en.trim(), type).not.toBe('');
        }
      }
    });

    it('carry the values the rules depend on', async () => {
      const db = handle.db;
      const dict = async (type: string) =>
        db.selectFrom('dict_entry').select(['dict_key', 'extra']).where('dict_type', '=', type).orderBy('sort').execute();

      expect((await dict('rfi_step')).map((r) => r.dict_key)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      expect((await dict('company_category')).map((r) => r.dict_key)).toEqual(['10', '20', '30']);
      expect((await dict('world_area_code'))[0].dict_key).toBe('+86');
      expect((await dict('it_ability')).map((r) => r.dict_key)).toEqual(['MES', 'SAP', 'PLM', 'OA', 'ERP', 'OTHER']);
      expect((await dict('fri_cert_stage')).map((r) => r.dict_key)).toEqual(['0', '10', '20', '30', '40', '90']);
      expect((await dict('supplier_factory_state')).map((r) => r.dict_key)).toEqual(expect.arrayContaining(['0', '-1']));

      const certs = await dict('certificate_file');
      const required = certs.filter((c) => c.extra?.required === true).map((c) => c.dict_key);
      expect(required).toEqual(['IATF16949', 'ISO14000', 'ISO45001']);
      expect(certs.filter((c) => c.extra?.required === false)).toHaveLength(6);

      const reject = (await dict('cert_approve_status')).find((r) => r.dict_key === '40');
      expect(reject?.extra).toMatchObject({ opinionRequired: true });

      const defaults = await db.selectFrom('dict_entry').select(['dict_key', 'label_zh']).where('dict_type', '=', 'default_company_and_organization').execute();
      for (const d of defaults) expect(d.label_zh).toMatch(/^\w+(,\w+)*$/);
    });
  });

  describe('areas', () => {
    it('hold countries by ISO code and China by province and city', async () => {
      const db = handle.db;
      const countries = await db.selectFrom('area').select(['code', 'name_zh', 'name_en']).where('level', '=', 'country').execute();
      expect(countries.length).toBeGreaterThan(240);
      expect(countries.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name_zh: '德国', name_en: 'Germany' });

      const provinces = await db.selectFrom('area').select(['code', 'parent_code', 'name_zh', 'name_en']).where('level', '=', 'province').execute();
      expect(provinces).toHaveLength(31);
      expect(provinces.every((p) => p.parent_code === 'CN')).toBe(true);
      expect(provinces.find((p) => p.code === '44')).toMatchObject({ name_zh: '广东省', name_en: 'Guangdong' });

      const cities = await db.selectFrom('area').select(['code', 'parent_code', 'name_zh', 'name_en']).where('level', '=', 'city').execute();
      const provinceCodes = new Set(provinces.map((p) => p.code));
      expect(cities.every((c) => provinceCodes.has(c.parent_code ?? ''))).toBe(true);
      expect(cities.find((c) => c.name_zh === '苏州市')).toMatchObject({ parent_code: '32', name_en: 'Suzhou' });
      // Placeholders of the division list are replaced by the places themselves.
      expect(cities.some((c) => c.name_zh === '市辖区' || c.name_zh.includes('直辖'))).toBe(false);
      expect(cities.find((c) => c.name_zh === '仙桃市')?.parent_code).toBe('42');
      // English names are pinyin, never Chinese characters.
      expect([...provinces, ...cities].filter((a) => /\p{Script=Han}/u.test(a.name_en))).toEqual([]);
    });
  });

  describe('categories and CMTs', () => {
    it('form a three-level tree', async () => {
      const rows = await handle.db.selectFrom('category').select(['code', 'level', 'parent_code']).execute();
      const byCode = new Map(rows.map((r) => [r.code, r]));
      for (const r of rows) {
        if (r.level === 1) expect(r.parent_code).toBeNull();
        else expect(byCode.get(r.parent_code ?? '')?.level, r.code).toBe(r.level - 1);
      }
      expect(rows.filter((r) => r.level === 1).length).toBeGreaterThanOrEqual(8);
      expect(rows.filter((r) => r.level === 3).length).toBeGreaterThanOrEqual(80);
    });

    it('give every small category a CMT led by a seeded staff member', async () => {
      const rows = await handle.db
        .selectFrom('category as c')
        .leftJoin('cmt', 'cmt.code', 'c.cmt_code')
        .leftJoin('staff', 'staff.job_number', 'cmt.leader_job_number')
        .select(['c.code', 'cmt.code as cmt', 'staff.job_number as leader', 'staff.roles'])
        .where('c.level', '=', 3)
        .execute();
      for (const r of rows) {
        expect(r.cmt, r.code).not.toBeNull();
        expect(r.leader, r.code).not.toBeNull();
        expect(r.roles, r.code).toContain('CMT_LEADER');
      }
    });

    it('include disabled, high-potential and eliminated examples', async () => {
      const rows = await handle.db.selectFrom('category').select(['status', 'life_cycle']).where('level', '=', 3).execute();
      expect(rows.some((r) => r.status === 20)).toBe(true);
      expect(rows.some((r) => r.life_cycle === 1)).toBe(true);
      expect(rows.some((r) => r.life_cycle === 2)).toBe(true);
    });
  });

  describe('roles and demo staff', () => {
    it('grant only known permission and route keys', async () => {
      const known = new Set<string>([...Object.values(PERMISSIONS), ...Object.values(ROUTES)]);
      const roles = await handle.db.selectFrom('role').select(['code', 'permissions']).execute();
      expect(roles).toHaveLength(10);
      for (const r of roles) for (const p of r.permissions) expect(known.has(p), `${r.code}: ${p}`).toBe(true);

      const admin = roles.find((r) => r.code === 'CERT_ADMIN');
      expect(new Set(admin?.permissions)).toEqual(known);
      expect(roles.filter((r) => r.permissions.includes(ROUTES.devMailbox)).map((r) => r.code)).toEqual(['CERT_ADMIN']);
      const pm = roles.find((r) => r.code === 'PURCHASE_MANAGER');
      expect(pm?.permissions).toEqual(expect.arrayContaining([PERMISSIONS.newApplyRfi, PERMISSIONS.expandApplyRfi, PERMISSIONS.certTermination]));
    });

    it('give every role a demo member whose printed login works', async () => {
      const staff = await handle.db.selectFrom('staff').select(['username', 'roles', 'password_hash']).execute();
      const roles = await handle.db.selectFrom('role').select('code').execute();
      for (const r of roles) expect(staff.some((s) => s.roles.includes(r.code)), r.code).toBe(true);

      expect(DEMO_LOGINS).toHaveLength(roles.length);
      const login = DEMO_LOGINS.find((l) => l.username === 'admin')!;
      const row = staff.find((s) => s.username === login.username)!;
      expect(await verifyPassword(login.password, row.password_hash)).toBe(true);
    });
  });

  describe('scenarios', () => {
    it('offer the standard node plans for registration, expansion and requalification', async () => {
      const rows = await handle.db.selectFrom('scenario').select(['code', 'apply_type', 'node_plan']).orderBy('code').execute();
      expect(rows.map((r) => [r.code, r.apply_type])).toEqual([
        ['CATEGORY_EXPANSION', 2],
        ['NEW_SUPPLIER', 1],
        ['REQUALIFICATION', 3],
        ['TRADING_COMPANY', 1],
      ]);
      expect(rows.find((r) => r.code === 'TRADING_COMPANY')?.node_plan).toEqual(STANDARD_PLANS.TRADING_COMPANY);
      expect(rows.find((r) => r.code === 'REQUALIFICATION')?.node_plan.map((n) => n.nodeCode)).toEqual(['START', 'SELF_INSPECTION', 'SYSTEM_CERT', 'KCP2']);
    });
  });
});
