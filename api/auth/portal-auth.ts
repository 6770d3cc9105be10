import { sql } from 'kysely';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Db } from '#db/connection.ts';
import { hashToken } from '#adapters/security/tokens.ts';
import { unauthenticated } from '#domain/errors.ts';

/**
 * Supplier portal sessions travel as `Authorization: Bearer <token>`, like questionnaire sessions,
 * but live in their own table: a questionnaire token never opens the portal and the reverse. Sets
 * `req.portal` when the token is a live portal session of an active account; never rejects.
 */
export function portalAuth(db: Db): RequestHandler {
  return (req, _res, next) => {
    const header = req.get('authorization');
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token || req.supplier) return next();
    // One query per call: the account and the flows it takes part in.
    db.selectFrom('supplier_portal_session as s')
      .innerJoin('supplier_account as a', 'a.id', 's.account_id')
      .select(['a.id', 'a.email', 'a.supplier_name', 'a.roles'])
      .select(sql<string[]>`coalesce((select array_agg(f.flow_no) from supplier_account_flow f where f.account_id = a.id), '{}')`.as('flow_nos'))
      .where('s.token_hash', '=', hashToken(token))
      .where('s.expires_at', '>', new Date())
      .where('a.active', '=', true)
      .executeTakeFirst()
      .then((row) => {
        if (row) {
          req.portal = {
            kind: 'portal',
            accountId: row.id,
            email: row.email,
            supplierName: row.supplier_name,
            roles: row.roles,
            flowNos: row.flow_nos,
          };
        }
        next();
      })
      .catch(next);
  };
}

export function requirePortalAccount(req: Request, _res: Response, next: NextFunction): void {
  next(req.portal ? undefined : unauthenticated());
}
