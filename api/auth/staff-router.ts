import { Router, type CookieOptions } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { unauthenticated } from '#services/errors.ts';
import { closeStaffSession, openStaffSession } from '#services/auth/staff-session.ts';
import { loadCurrentUser } from '#services/auth/current-user.ts';
import { STAFF_COOKIE, requireStaff } from './staff-auth.ts';
import { staffLoginLimiter } from './staff-rate-limit.ts';

export const loginBody = z.object({
  username: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100),
  password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(200),
});

/** Staff identity: local-account login and logout, and the session user (spec 3 §7.7). */
export function createStaffAuthRouter({ db, config }: Pick<AppDeps, 'db' | 'config'>): Router {
  const router = Router();
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    // Over https the cookie never travels in clear text.
    secure: config.publicUrl.startsWith('https:'),
    path: '/',
  };

  router.post(
    '/v1/auth/login',
    staffLoginLimiter(db),
    route(async (req, res) => {
      const { username, password } = parse(loginBody, req.body, req);
      const session = await openStaffSession({ db, sessionTtlHours: config.SESSION_TTL_HOURS }, username, password);
      // One answer for an unknown user, a wrong password and a disabled account.
      if (!session) throw unauthenticated('badCredentials');
      res.cookie(STAFF_COOKIE, session.token, { ...cookie, expires: session.expiresAt });
      ok(res, null);
    }),
  );

  router.post(
    '/v1/auth/logout',
    route(async (req, res) => {
      const token = req.cookies?.[STAFF_COOKIE] as string | undefined;
      if (token) await closeStaffSession(db, token);
      res.clearCookie(STAFF_COOKIE, cookie);
      ok(res, null);
    }),
  );

  router.get(
    '/dsc-staff/v1/current-user',
    requireStaff,
    route(async (req, res) => {
      const user = await loadCurrentUser(db, req.staff!);
      if (!user) throw unauthenticated();
      ok(res, { ...user, appEnv: config.APP_ENV });
    }),
  );

  return router;
}
