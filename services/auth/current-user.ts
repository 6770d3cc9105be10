import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
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
 * the request (api/auth/staff-auth.ts); this reads only the staff row and its roles' names.
 */
export async function loadCurrentUser(db: Db, principal: { id: string; permissions: readonly string[] }, locale: Locale): Promise<SessionUser | null> {
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'username', 'job_number', 'name', 'email', 'phone', 'department_id', 'department_name', 'factory_location', 'roles'])
    .where('id', '=', principal.id)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!staff) return null;
  const named = staff.roles.length
    ? await db.selectFrom('role').select(['code', 'name_zh', 'name_en']).where('code', 'in', staff.roles).execute()
    : [];
  const nameOf = new Map(named.map((r) => [r.code, locale === 'en' ? r.name_en : r.name_zh]));
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
    factoryLocation: staff.factory_location,
    roles: staff.roles,
    // A role missing from the role table keeps its code rather than vanishing from the list.
    roleNames: staff.roles.map((code) => nameOf.get(code) ?? code),
    permissions: splitPermissions(principal.permissions),
  };
}
