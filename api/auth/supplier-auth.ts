import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { executePrepared, type Db } from '#db/connection.ts';
import { hashToken } from '#adapters/security/tokens.ts';
import { unauthenticated } from '#services/errors.ts';

/**
 * The hash of the current invitation link of the session's application, read with the session, so
 * checking the `temp` a call names costs no second query (api/rfi/require-own-application.ts).
 */
const linkHashes = new WeakMap<Request, string>();

/** The current link hash of the caller's application; undefined without a supplier session. */
export function sessionLinkHash(req: Request): string | undefined {
  return req.supplier ? linkHashes.get(req) : undefined;
}

/**
 * Supplier sessions travel as `Authorization: Bearer <token>` (spec 1 §7). Sets `req.supplier`
 * when the token is valid; never rejects.
 */
export function supplierAuth(db: Db): RequestHandler {
  return (req, _res, next) => {
    const header = req.get('authorization');
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) return next();
    // Every supplier call runs this: prepared, so the server plans it once per connection.
    const session = db
      .selectFrom('supplier_session as s')
      .innerJoin('rfi_application as a', 'a.apply_no', 's.apply_no')
      .select(['a.apply_no', 'a.flow_no', 'a.temp_hash'])
      .where('s.token_hash', '=', hashToken(token))
      .where('s.expires_at', '>', new Date());
    executePrepared(db, session)
      .then(({ rows: [row] }) => {
        if (row) {
          req.supplier = { kind: 'supplier', applyNo: row.apply_no, flowNo: row.flow_no };
          linkHashes.set(req, row.temp_hash);
        }
        next();
      })
      .catch(next);
  };
}

export function requireSupplier(req: Request, _res: Response, next: NextFunction): void {
  next(req.supplier ? undefined : unauthenticated());
}

/** Staff or supplier (questionnaire or portal session): shared endpoints such as uploads. */
export function requireAnyUser(req: Request, _res: Response, next: NextFunction): void {
  next(req.staff || req.supplier || req.portal ? undefined : unauthenticated());
}
