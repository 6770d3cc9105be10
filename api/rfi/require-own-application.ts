import type { RequestHandler } from 'express';
import { hashToken, sameDigest } from '#adapters/security/tokens.ts';
import { tempQuery } from '#domain/rfi/login.ts';
import { parse } from '../http/envelope.ts';
import { forbidden, unauthenticated } from '#domain/errors.ts';
import { sessionLinkHash } from '../auth/supplier-auth.ts';

/**
 * Every supplier call carries the link's `temp` (req rfi §7); a session reaches only its own
 * application, so the temp must be the link of the session's application (architecture §6). Use after
 * supplierAuth on every /v1/rfi/* route that reads or writes questionnaire data.
 *
 * The session lookup read the application's current link hash with the session: a live session
 * decides access, so a link that expired during the session still matches, and a re-issued link
 * replaced the old one's hash, so the old link no longer does.
 */
export function requireOwnApplication(): RequestHandler {
  return (req, _res, next) => {
    const linkHash = sessionLinkHash(req);
    if (!linkHash) return next(unauthenticated());
    const body = (req.body ?? {}) as { temp?: unknown };
    const { temp } = parse(tempQuery, { temp: req.query.temp ?? body.temp }, req);
    next(sameDigest(hashToken(temp), linkHash) ? undefined : forbidden());
  };
}
