import type { Db } from '#db/connection.ts';
import { ROUTES } from '#domain/permissions.ts';
import type { CurrentUser } from '#domain/identity.ts';

/** The session user without the installation's environment, which the router adds. */
export type SessionUser = Omit<CurrentUser, 'appEnv'>;

const ROUTE_KEYS: ReadonlySet<string> = new Set(Object.values(ROUTES));

/** Route keys gate menu entries and screens; every other granted key is a button permission. */
function splitPermissions(granted: readonly string[]): CurrentUser['permissions'] {
  const keys = [...new Set(granted)].sort();
  return { routes: keys.filter((k) => ROUTE_KEYS.has(k)), buttons: keys.filter((k) => !ROUTE_KEYS.has(k)) };
}

/**
 * The session user's details; the granted keys come from the session lookup that authenticated
 * the request (api/auth/staff-auth.ts), so this is one more query, not three.
 */
export async function loadCurrentUser(db: Db, principal: { id: string; permissions: readonly string[] }): Promise<SessionUser | null> {
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'username', 'job_number', 'name', 'email', 'phone', 'department_id', 'department_name', 'roles'])
    .where('id', '=', principal.id)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!staff) return null;
  return {
    id: staff.id,
    username: staff.username,
    jobNumber: staff.job_number,
    name: staff.name,
    email: staff.email,
    phone: staff.phone,
    avatar: null,
    departmentId: staff.department_id,
    departmentName: staff.department_name,
    roles: staff.roles,
    permissions: splitPermissions(principal.permissions),
  };
}
