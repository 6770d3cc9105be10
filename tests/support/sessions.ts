import type { Db } from '#db/connection.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';
import { STAFF_COOKIE } from '#api/auth/staff-auth.ts';
import { ensureSupplierAccount } from '#services/supplier-portal/accounts.ts';

/** A Cookie header of a fresh session for the staff member with this job number. */
export async function staffCookie(db: Db, jobNumber: string): Promise<string> {
  const staff = await db.selectFrom('staff').select('id').where('job_number', '=', jobNumber).executeTakeFirstOrThrow();
  const token = newToken();
  await db
    .insertInto('staff_session')
    .values({ token_hash: hashToken(token), staff_id: staff.id, expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return `${STAFF_COOKIE}=${token}`;
}

/** A staff member without the given permission key. */
export async function staffWithout(db: Db, permission: string): Promise<string> {
  const roles = await db.selectFrom('role').select(['code', 'permissions']).execute();
  const granting = new Set(roles.filter((r) => r.permissions.includes(permission)).map((r) => r.code));
  const staff = await db.selectFrom('staff').select(['job_number', 'roles']).orderBy('job_number').execute();
  const found = staff.find((s) => !s.roles.some((r) => granting.has(r)));
  if (!found) throw new Error(`every seeded staff member holds ${permission}`);
  return found.job_number;
}

/**
 * A portal session (Bearer token) for the supplier of a flow, its account made as the RFI pass
 * makes it; `roles` overrides the account's roles (e.g. [] for an account without collaboration).
 */
export async function portalToken(db: Db, flowNo: string, opts: { roles?: string[] } = {}): Promise<string> {
  const accountId = await ensureSupplierAccount(db, flowNo);
  if (!accountId) throw new Error(`flow ${flowNo} has no contact e-mail`);
  if (opts.roles) await db.updateTable('supplier_account').set({ roles: JSON.stringify(opts.roles) }).where('id', '=', accountId).execute();
  const token = newToken();
  await db
    .insertInto('supplier_portal_session')
    .values({ token_hash: hashToken(token), account_id: accountId, expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return token;
}
