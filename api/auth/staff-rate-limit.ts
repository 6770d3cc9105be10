import { rateLimit, type AugmentedRequest } from 'express-rate-limit';
import type { Db } from '#db/connection.ts';
import { loginWaitMessage } from '#domain/messages.ts';
import { tooMany } from '#domain/errors.ts';
import { DbRateLimitStore } from '../rfi/rate-limit.ts';

/**
 * Failed staff logins per client address, against guessing across many accounts from one place: 100 in
 * 15 minutes, then 429 with the wait until the window ends. High enough for a company behind one NAT
 * address; one account guessed from one address is closed by the per-account back-off long before
 * (services/auth/login-backoff.ts), which never closes a colleague's account.
 */
export const STAFF_LOGIN_LIMIT = { windowMs: 15 * 60_000, limit: 100 } as const;

export function staffLoginLimiter(db: Db) {
  return rateLimit({
    ...STAFF_LOGIN_LIMIT,
    store: new DbRateLimitStore(db, 'staff-login'),
    // A successful login does not count.
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // X-Forwarded-For from an untrusted client is ignored on purpose (TRUSTED_PROXIES), not a set-up mistake.
    validate: { xForwardedForHeader: false },
    handler: (req, res, next) => {
      const reset = (req as AugmentedRequest).rateLimit?.resetTime?.getTime() ?? Date.now() + STAFF_LOGIN_LIMIT.windowMs;
      const seconds = Math.max(1, Math.ceil((reset - Date.now()) / 1000));
      res.set('Retry-After', String(seconds));
      next(tooMany(loginWaitMessage(seconds)));
    },
  });
}
