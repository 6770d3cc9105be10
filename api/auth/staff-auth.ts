import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { preparedStatement } from '#db/prepared-statement.ts';
import { hasPermission } from '#domain/permissions.ts';
import { hashToken } from '#adapters/security/tokens.ts';
import { forbidden, unauthenticated } from '#domain/errors.ts';
import type { StaffPrincipal } from '#domain/identity.ts';

import { STAFF_COOKIE } from './cookies.ts';

export { STAFF_COOKIE };

/** Reads the session cookie (or a Bearer token, for API clients) and sets `req.staff`; never rejects. */
export function staffAuth(db: Db): RequestHandler {
  return (req, _res, next) => {
    const token = req.cookies?.[STAFF_COOKIE] as string | undefined;
    if (!token) return next();
    loadStaffPrincipal(db, token)
      .then((p) => {
        if (p) req.staff = p;
        next();
      })
      .catch(next);
  };
}

/** The distinct permission keys granted by the roles of staff row `u`. */
const grantedPermissions = sql<string[]>`coalesce((
  select jsonb_agg(distinct p.key)
  from role r, jsonb_array_elements_text(r.permissions) as p(key)
  where r.code in (select jsonb_array_elements_text(u.roles))
), '[]'::jsonb)`;

/**
 * Every staff call runs this first: compiled once and prepared, so the server plans it once per connection
 * and the API only binds the values. One round trip: the session, its staff member and the union of its
 * roles' keys.
 */
const sessionStatement = preparedStatement((db, v: { tokenHash: string; now: Date }) =>
  db
    .selectFrom('staff_session as s')
    .innerJoin('staff as u', 'u.id', 's.staff_id')
    .select(['u.id', 'u.job_number', 'u.name', grantedPermissions.as('permissions')])
    .where('s.token_hash', '=', v.tokenHash)
    .where('s.expires_at', '>', v.now)
    .where('u.active', '=', true),
);

async function loadStaffPrincipal(db: Db, token: string): Promise<StaffPrincipal | null> {
  const {
    rows: [row],
  } = await sessionStatement(db, { tokenHash: hashToken(token), now: new Date() });
  if (!row) return null;
  return { kind: 'staff', id: row.id, jobNumber: row.job_number, name: row.name, permissions: row.permissions };
}

export function requireStaff(req: Request, _res: Response, next: NextFunction): void {
  next(req.staff ? undefined : unauthenticated());
}

/** 401 without a session, 403 without any of the keys. */
export function requirePermission(...keys: string[]): RequestHandler {
  return (req, _res, next) => {
    if (!req.staff) return next(unauthenticated());
    next(hasPermission(req.staff.permissions, keys) ? undefined : forbidden());
  };
}
