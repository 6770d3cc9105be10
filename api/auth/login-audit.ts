import type { RequestHandler } from 'express';
import type { Db } from '#db/connection.ts';
import { recordRefusedLogin, type LoginKind } from '#services/auth/login-audit.ts';

/**
 * Guard of a login endpoint, first in its chain: whatever refuses the login — the per-IP limit, the
 * back-off, a wrong password or code, bad input — leaves one audit row once the answer is sent, so no
 * refusal added later can miss it. `field` names the body field that says whose login it was.
 */
export function auditRefusedLogins(db: Db, kind: LoginKind, field: 'username' | 'email'): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      if (res.statusCode < 400) return;
      const subject = (req.body as Record<string, unknown> | undefined)?.[field];
      recordRefusedLogin(db, { kind, subject: typeof subject === 'string' ? subject : null, ip: req.ip ?? null, status: res.statusCode }).catch((err: unknown) =>
        console.error('login audit row not written', err),
      );
    });
    next();
  };
}
