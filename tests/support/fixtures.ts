import type { Db } from '#db/connection.ts';
import type { RegisterApply } from '#domain/cert-flow/apply.ts';
import { newTaxNumber } from './erp-vendors.ts';

/** A valid registration application built from whatever the seeds hold. */
export async function validRegisterApply(db: Db, overrides: Partial<RegisterApply> = {}): Promise<RegisterApply> {
  const category = await db
    .selectFrom('category')
    .select(['code', 'name_zh', 'cmt_code'])
    .where('level', '=', 3)
    .where('status', '!=', 20)
    .where('cmt_code', 'is not', null)
    .orderBy('code')
    .executeTakeFirstOrThrow();
  const scenario = await db.selectFrom('scenario').select('code').where('apply_type', '=', 1).orderBy('code').executeTakeFirstOrThrow();
  const recommender = await db.selectFrom('staff').select(['job_number', 'name']).orderBy('job_number').executeTakeFirstOrThrow();
  return {
    supplierName: '苏州精密冲压有限公司',
    categoryList: [{ code: category.code, name: category.name_zh }],
    cmtCode: category.cmt_code!,
    certScenario: scenario.code,
    applyReason: '新车型白车身冲压件定点需要',
    recommendJob: recommender.job_number,
    recommendName: recommender.name,
    contactName: '张伟',
    contactEmail: `zhang.wei+${Date.now()}@example.com`,
    contactAreaCode: '+86',
    contactNumber: '13800138000',
    certifiedRegion: 10,
    creditCode: newTaxNumber(),
    // Suites apply under one name again and again: each says why, as the duplicate check asks.
    duplicateReason: '测试：同名供应商的新注册',
    ...overrides,
  };
}

/** A staff member holding the given permission key. */
export async function staffWith(db: Db, permission: string) {
  const roles = await db.selectFrom('role').select(['code', 'permissions']).execute();
  const codes = roles.filter((r) => r.permissions.includes(permission)).map((r) => r.code);
  const staff = await db.selectFrom('staff').select(['id', 'job_number', 'name', 'username', 'roles']).orderBy('job_number').execute();
  const found = staff.find((s) => s.roles.some((r) => codes.includes(r)));
  if (!found) throw new Error(`no seeded staff holds ${permission}`);
  return { id: found.id, jobNumber: found.job_number, name: found.name, username: found.username };
}

/** Polls until `fn` returns a value (bounded; for effects of asynchronous workflow steps). */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
