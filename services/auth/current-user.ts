import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { preparedStatement } from '#db/prepared-statement.ts';
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

/** The staff row with its roles' names (a role missing from the role table is not in `role_names`). */
const staffStatement = preparedStatement((db, v: { id: string }) =>
  db
    .selectFrom('staff')
    .select(['id', 'username', 'job_number', 'name', 'email', 'phone', 'department_id', 'department_name', 'factory_location', 'roles'])
    .select(
      sql<Array<{ code: string; zh: string; en: string }>>`coalesce((
        select jsonb_agg(jsonb_build_object('code', r.code, 'zh', r.name_zh, 'en', r.name_en))
        from role r
        where r.code in (select jsonb_array_elements_text(staff.roles))
      ), '[]'::jsonb)`.as('role_names'),
    )
    .where('id', '=', v.id)
    .where('active', '=', true),
);

/**
 * The session user's details; the granted keys come from the session lookup that authenticated
 * the request (api/auth/staff-auth.ts); this reads only the staff row and its roles' names, in one
 * prepared statement (every staff page asks for it as it opens).
 */
export async function loadCurrentUser(db: Db, principal: { id: string; permissions: readonly string[] }, locale: Locale): Promise<SessionUser | null> {
  const {
    rows: [staff],
  } = await staffStatement(db, { id: principal.id });
  if (!staff) return null;
  const nameOf = new Map(staff.role_names.map((r) => [r.code, r[locale]]));
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
