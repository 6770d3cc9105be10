import crypto from 'node:crypto';
import type { Db } from '#db/connection.ts';
import type { RegisterApply } from '#domain/cert-flow/apply.ts';

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

/**
 * A flow recorded at its RFI node as the workflow would have left it (no workflow behind it), for
 * suites that exercise the API around an existing flow. Returns the flow number and e-mail.
 */
export async function insertFlowAtRfi(
  db: Db,
  opts: { applyType?: number; creditCode?: string; supplierName?: string; purchaser?: string; cmtLeader?: string; email?: string } = {},
): Promise<{ flowNo: string; email: string }> {
  const flowNo = `T${Date.now()}${crypto.randomBytes(3).toString('hex')}`;
  const email = opts.email ?? `${flowNo.toLowerCase()}@supplier.example.com`;
  await db
    .insertInto('cert_flow')
    .values({
      flow_no: flowNo,
      apply_type: opts.applyType ?? 1,
      supplier_no: null,
      supplier_code: null,
      supplier_name: opts.supplierName ?? '苏州精密冲压有限公司',
      category_list: JSON.stringify([{ code: 'C0101', name: '冲压件' }]),
      cmt_code: 'CMT_BODY',
      cert_scenario: 'S1',
      apply_reason: 'test',
      recommend_job: opts.purchaser ?? 'E10002',
      recommend_name: '王磊',
      contact_name: '张伟',
      contact_email: email,
      contact_area_code: '+86',
      contact_number: '13800138000',
      certified_region: null,
      credit_code: opts.creditCode ?? null,
      node_plan: JSON.stringify([]),
      stage: 10,
      current_node_code: 'RFI',
      purchase_job_number: opts.purchaser ?? 'E10002',
      cmt_leader_job_number: opts.cmtLeader ?? 'E10010',
      workflow_id: `cert-flow-${flowNo}`,
      created_by: 'test',
    })
    .execute();
  return { flowNo, email };
}
