import type { CookieOptions, Response } from 'express';
import type { Config } from '#infra/config.ts';
import { servedOverHttps } from '../http/security-headers.ts';

/** HttpOnly, SameSite=Strict cookie holding the opaque staff session token. */
export const STAFF_COOKIE = 'staff_session';
/** A login between its password and its second step (5 minutes, only the login endpoints read it). */
export const LOGIN_STEP_COOKIE = 'staff_login_step';
/** The company-account login between leaving for the provider and its return (signed, 10 minutes). */
export const OIDC_COOKIE = 'staff_oidc';

// Never in clear text in production or over https (a production install on plain http cannot log in).
const secure = (config: Config) => config.APP_ENV === 'prod' || servedOverHttps(config);

export const sessionCookieOptions = (config: Config): CookieOptions => ({
  httpOnly: true,
  // Never sent with a request another site starts; the app's pages load without it (index.html is
  // public) and their own calls carry it, so a link from a mail still lands logged in.
  sameSite: 'strict',
  secure: secure(config),
  path: '/',
});

export const loginStepCookieOptions = (config: Config): CookieOptions => ({ httpOnly: true, sameSite: 'strict', secure: secure(config), path: '/v1/auth/login' });

/**
 * Lax, not Strict: the provider sends the browser back with a top-level GET from its own site, and
 * a Strict cookie would not come along. Only the callback reads it, and it changes nothing unless
 * its state matches the provider's answer.
 */
export const oidcCookieOptions = (config: Config): CookieOptions => ({ httpOnly: true, sameSite: 'lax', secure: secure(config), path: '/v1/auth/oidc' });

export function setSessionCookie(res: Response, config: Config, session: { token: string; expiresAt: Date }): void {
  res.cookie(STAFF_COOKIE, session.token, { ...sessionCookieOptions(config), expires: session.expiresAt });
}
