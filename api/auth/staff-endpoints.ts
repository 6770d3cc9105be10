import type { CookieOptions } from 'express';
import { z } from 'zod';
import type { Config } from '#infra/config.ts';
import { withParams } from '#domain/messages.ts';
import { tooMany, unauthenticated } from '#services/errors.ts';
import { closeStaffSession, openStaffSession } from '#services/auth/staff-session.ts';
import { loadCurrentUser } from '#services/auth/current-user.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { ok } from '../http/envelope.ts';
import { servedOverHttps } from '../http/security-headers.ts';
import { auditRefusedLogins } from './login-audit.ts';
import { STAFF_COOKIE } from './staff-auth.ts';
import { staffLoginLimiter } from './staff-rate-limit.ts';

const loginBody = z.object({
  username: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
});

const cookieOptions = (config: Config): CookieOptions => ({
  httpOnly: true,
  // Never sent with a request another site starts; the app's pages load without it (index.html is
  // public) and their own calls carry it, so a link from a mail still lands logged in.
  sameSite: 'strict',
  // Never in clear text in production or over https (a production install on plain http cannot log in).
  secure: config.APP_ENV === 'prod' || servedOverHttps(config),
  path: '/',
});

const tag = 'identity';

/** Staff identity: local-account login and logout, and the session user (spec 3 §7.7). */
export const staffEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/v1/auth/login',
    summary: 'Staff login (sets the session cookie)',
    tag,
    auth: 'none',
    body: loginBody,
    guards: ({ db }) => [auditRefusedLogins(db, 'staff', 'username'), staffLoginLimiter(db)],
    async respond({ deps, body, locale }, _req, res) {
      const session = await openStaffSession({ db: deps.db, sessionTtlHours: deps.config.SESSION_TTL_HOURS }, body.username, body.password, locale);
      if (!session.ok && session.reason === 'throttled') {
        res.set('Retry-After', String(session.retryAfterSeconds));
        throw tooMany(withParams('loginThrottled', { seconds: session.retryAfterSeconds }));
      }
      // One answer for an unknown user, a wrong password and a disabled account.
      if (!session.ok) throw unauthenticated('badCredentials');
      res.cookie(STAFF_COOKIE, session.token, { ...cookieOptions(deps.config), expires: session.expiresAt });
      ok(res, null);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/auth/logout',
    summary: 'Ends the staff session (if any) and clears its cookie',
    tag,
    auth: 'none',
    async respond({ deps }, req, res) {
      const token = req.cookies?.[STAFF_COOKIE] as string | undefined;
      if (token) await closeStaffSession(deps.db, token);
      res.clearCookie(STAFF_COOKIE, cookieOptions(deps.config));
      ok(res, null);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/dsc-staff/v1/current-user',
    summary: 'The session user and its permissions',
    tag,
    auth: 'staff',
    async handle({ deps, staff, locale }) {
      const user = await loadCurrentUser(deps.db, staff, locale);
      if (!user) throw unauthenticated();
      return { ...user, appEnv: deps.config.APP_ENV };
    },
  }),
];
