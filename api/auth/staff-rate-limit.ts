import { rateLimit } from 'express-rate-limit';
import type { Db } from '#db/connection.ts';
import { tooMany } from '#services/errors.ts';
import { DbRateLimitStore } from '../rfi/rate-limit.ts';

/** Failed staff logins per client IP: 10 in 15 minutes, then 429 until the window ends. */
export const STAFF_LOGIN_LIMIT = { windowMs: 15 * 60_000, limit: 10 } as const;

export function staffLoginLimiter(db: Db) {
  return rateLimit({
    ...STAFF_LOGIN_LIMIT,
    store: new DbRateLimitStore(db, 'staff-login'),
    // A successful login does not count, so colleagues behind one NAT do not lock each other out.
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // X-Forwarded-For from an untrusted client is ignored on purpose (TRUSTED_PROXIES), not a set-up mistake.
    validate: { xForwardedForHeader: false },
    handler: (_req, _res, next) => next(tooMany()),
  });
}
