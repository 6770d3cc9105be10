import type { RequestHandler } from 'express';
import type { Db } from '#db/connection.ts';
import { tempQuery } from '#domain/rfi/login.ts';
import { parse } from '../http/envelope.ts';
import { forbidden, unauthenticated } from '#services/errors.ts';
import { tempBelongsTo } from '#services/rfi/application-access.ts';

/**
 * Every supplier call carries the link's `temp` (spec 1 §7); a session reaches only its own
 * application, so the temp must be the link of the session's application (DESIGN §6). Use after
 * supplierAuth on every /v1/rfi/* route that reads or writes questionnaire data.
 */
export function requireOwnApplication(db: Db): RequestHandler {
  return (req, _res, next) => {
    if (!req.supplier) return next(unauthenticated());
    const body = (req.body ?? {}) as { temp?: unknown };
    const { temp } = parse(tempQuery, { temp: req.query.temp ?? body.temp }, req);
    const applyNo = req.supplier.applyNo;
    tempBelongsTo(db, temp, applyNo)
      .then((own) => next(own ? undefined : forbidden()))
      .catch(next);
  };
}
