import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { preparedStatement } from '#db/prepared-statement.ts';
import type { RfiStepKey } from '#domain/rfi/steps.ts';
import { hashToken } from '#adapters/security/tokens.ts';
import { unauthenticated } from '#domain/errors.ts';
import { stateOf, type LoadedSection } from '#services/rfi/questionnaire.ts';

/** What the session lookup read beside the session, for the guards and the handler of the same call. */
interface SessionRead {
  /** The hash of the application's current invitation link (api/rfi/require-own-application.ts). */
  linkHash: string;
  /** The application and the endpoint's questionnaire section, when the endpoint declares one. */
  loaded?: LoadedSection;
}

const sessionReads = new WeakMap<Request, SessionRead>();

/**
 * The current link hash of the caller's application, read with the session, so checking the `temp` a
 * call names costs no second query; undefined without a supplier session.
 */
export function sessionLinkHash(req: Request): string | undefined {
  return req.supplier ? sessionReads.get(req)?.linkHash : undefined;
}

/**
 * The application's state and the endpoint's section (`Endpoint.sessionSection`) as the session lookup
 * read them: a questionnaire read or save then needs no query of its own before its write, and the
 * write stays conditioned on the version read here.
 */
export function sessionSection(req: Request): LoadedSection | undefined {
  return req.supplier ? sessionReads.get(req)?.loaded : undefined;
}

/**
 * Supplier sessions travel as `Authorization: Bearer <token>` (req rfi §7). Sets `req.supplier`
 * when the token is valid; never rejects. `section`: the questionnaire section the endpoint reads or
 * writes, read with the session and the application's state in the same statement.
 */
export function supplierAuth(db: Db): (section?: RfiStepKey) => RequestHandler {
  const handlers = new Map<RfiStepKey | undefined, RequestHandler>();
  return (section) => {
    let handler = handlers.get(section);
    if (!handler) handlers.set(section, (handler = lookUpSession(db, section)));
    return handler;
  };
}

/**
 * Every supplier call runs this: compiled once and prepared (one text whatever the section, a
 * parameter), so the server plans it once per connection and the API only binds the values.
 */
const sessionStatement = preparedStatement((db, v: { tokenHash: string; now: Date; section: RfiStepKey | null }) =>
  db
    .selectFrom('supplier_session as s')
    .innerJoin('rfi_application as a', 'a.apply_no', 's.apply_no')
    .leftJoin('cert_flow as f', 'f.flow_no', 'a.flow_no')
    .select(['a.apply_no', 'a.flow_no', 'a.temp_hash', 'a.status', 'a.version', 'a.current_step', 'f.stage', 'f.apply_type', 'f.credit_code', 'f.certified_region', 'f.supplier_name'])
    .select(sql<Record<string, unknown> | null>`a.sections -> ${v.section}::text`.as('section'))
    .where('s.token_hash', '=', v.tokenHash)
    .where('s.expires_at', '>', v.now),
);

function lookUpSession(db: Db, section: RfiStepKey | undefined): RequestHandler {
  return (req, _res, next) => {
    const header = req.get('authorization');
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) return next();
    sessionStatement(db, { tokenHash: hashToken(token), now: new Date(), section: section ?? null })
      .then(({ rows: [row] }) => {
        if (row) {
          req.supplier = { kind: 'supplier', applyNo: row.apply_no, flowNo: row.flow_no };
          const { stage, apply_type, supplier_name } = row;
          const loaded =
            section && stage !== null && apply_type !== null && supplier_name !== null
              ? { app: stateOf({ ...row, stage, apply_type, supplier_name }), stored: row.section ?? undefined }
              : undefined;
          sessionReads.set(req, { linkHash: row.temp_hash, loaded });
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
