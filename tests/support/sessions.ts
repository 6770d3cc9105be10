import crypto from 'node:crypto';
import type { Db } from '#db/connection.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';
import { STAFF_COOKIE } from '#api/auth/staff-auth.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { ensureSupplierAccount } from '#services/supplier-portal/accounts.ts';
import { insertAppliedFlow } from './flow-at-node.ts';

// Sessions stored as the logins store them, each answered as the Caller the HTTP client sends (http-client.ts).

const inAnHour = () => new Date(Date.now() + 3_600_000);

/** A fresh session of the staff member with this job number. */
export async function staffSession(db: Db, jobNumber: string): Promise<{ cookie: string }> {
  const staff = await db.selectFrom('staff').select('id').where('job_number', '=', jobNumber).executeTakeFirstOrThrow();
  return { cookie: await openStaffSession(db, staff.id) };
}

/**
 * Sessions of seeded staff under the names a test file calls them by, opened together:
 * `Object.assign(who, await staffSessions(db, { admin: 'E10001', pm: 'E10002' }))`.
 */
export async function staffSessions<K extends string>(db: Db, jobNumbers: Record<K, string>): Promise<Record<K, { cookie: string }>> {
  const entries = await Promise.all(Object.entries<string>(jobNumbers).map(async ([name, job]) => [name, await staffSession(db, job)] as const));
  return Object.fromEntries(entries) as Record<K, { cookie: string }>;
}

/** A staff member of its own, holding no role, with a live session. */
export async function newStaffSession(db: Db, name = '测试员工'): Promise<{ id: string; cookie: string }> {
  const n = crypto.randomBytes(4).toString('hex');
  const staff = await db
    .insertInto('staff')
    .values({ job_number: `T${n}`, username: `t${n}`, name, email: `t${n}@example.com`, password_hash: 'not-a-login', roles: JSON.stringify([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: staff.id, cookie: await openStaffSession(db, staff.id) };
}

async function openStaffSession(db: Db, staffId: string): Promise<string> {
  const token = newToken();
  await db.insertInto('staff_session').values({ token_hash: hashToken(token), staff_id: staffId, expires_at: inAnHour() }).execute();
  return `${STAFF_COOKIE}=${token}`;
}

/** A seeded staff member without the given permission key (job number). */
export async function staffWithout(db: Db, permission: string): Promise<string> {
  const roles = await db.selectFrom('role').select(['code', 'permissions']).execute();
  const granting = new Set(roles.filter((r) => r.permissions.includes(permission)).map((r) => r.code));
  const staff = await db.selectFrom('staff').select(['job_number', 'roles']).orderBy('job_number').execute();
  const found = staff.find((s) => !s.roles.some((r) => granting.has(r)));
  if (!found) throw new Error(`every seeded staff member holds ${permission}`);
  return found.job_number;
}

/** A fresh questionnaire session of the supplier of this application. */
export async function supplierSession(db: Db, applyNo: string): Promise<{ authorization: string }> {
  const token = newToken();
  await db.insertInto('supplier_session').values({ token_hash: hashToken(token), apply_no: applyNo, expires_at: inAnHour() }).execute();
  return { authorization: `Bearer ${token}` };
}

/** A supplier invited to a new flow's RFI and logged in to its questionnaire. */
export async function newSupplierSession(db: Db, secret: string): Promise<{ applyNo: string; authorization: string }> {
  const { flowNo, email } = await insertAppliedFlow(db);
  const { applyNo } = await issueRfiInvitation(db, { flowNo, email, locale: 'zh', secret });
  return { applyNo, ...(await supplierSession(db, applyNo)) };
}

/**
 * A portal session of the supplier of a flow, its account made as the RFI pass makes it; `roles`
 * overrides the account's roles (e.g. [] for an account without collaboration).
 */
export async function portalSession(db: Db, flowNo: string, opts: { roles?: string[] } = {}): Promise<{ authorization: string }> {
  const accountId = await ensureSupplierAccount(db, flowNo);
  if (!accountId) throw new Error(`flow ${flowNo} has no contact e-mail`);
  if (opts.roles) await db.updateTable('supplier_account').set({ roles: JSON.stringify(opts.roles) }).where('id', '=', accountId).execute();
  const token = newToken();
  await db.insertInto('supplier_portal_session').values({ token_hash: hashToken(token), account_id: accountId, expires_at: inAnHour() }).execute();
  return { authorization: `Bearer ${token}` };
}
