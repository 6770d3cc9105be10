import type { Request, Response } from 'express';
import type { AppDeps } from '../deps.ts';
import { loginWaitMessage } from '#domain/messages.ts';
import { badRequest, tooMany, unauthenticated } from '#domain/errors.ts';
import { closeStaffSession, completeEnrolStep, completeTotpStep, openStaffSession, type SecondStepResult, type StaffSessionDeps } from '#services/auth/staff-session.ts';
import { loadCurrentUser } from '#services/auth/current-user.ts';
import { oidcClient } from '#adapters/identity/oidc-client.ts';
import { implement, implementResponding } from '../http/endpoint.ts';
import { IDENTITY } from '#domain/contracts/identity.ts';
import { ok } from '../http/envelope.ts';
import { auditRefusedLogins } from './login-audit.ts';
import { LOGIN_STEP_COOKIE, STAFF_COOKIE, loginStepCookieOptions, sessionCookieOptions, setSessionCookie } from './cookies.ts';
import { staffLoginLimiter } from './staff-rate-limit.ts';


const sessionDeps = (deps: AppDeps, req: Request): StaffSessionDeps => ({
  db: deps.db,
  sessionTtlHours: deps.config.SESSION_TTL_HOURS,
  appSecret: deps.config.appSecret,
  clientAddress: req.ip,
});

function throttled(res: Response, seconds: number): never {
  res.set('Retry-After', String(seconds));
  throw tooMany(loginWaitMessage(seconds));
}

/** The end of a second step: the session, or why not (a wrong code names the field; an ended step starts over). */
function finishStep(deps: AppDeps, req: Request, res: Response, result: SecondStepResult): void {
  if (!result.ok) {
    if (result.reason === 'throttled') throttled(res, result.retryAfterSeconds);
    if (result.reason === 'stepExpired') {
      res.clearCookie(LOGIN_STEP_COOKIE, loginStepCookieOptions(deps.config));
      throw unauthenticated('loginStepExpired');
    }
    throw badRequest('wrongTotpCode', { code: 'wrongTotpCode' });
  }
  res.clearCookie(LOGIN_STEP_COOKIE, loginStepCookieOptions(deps.config));
  setSessionCookie(res, deps.config, result.session);
  ok(res, { recoveryCodes: result.recoveryCodes ?? null });
}

const stepToken = (req: Request) => req.cookies?.[LOGIN_STEP_COOKIE] as string | undefined;

/** Staff identity: local-account login with its second step, logout, and the session user (req shell §7.7, §7.8). */
export const staffEndpoints = [
  implementResponding(IDENTITY.login, {
    guards: ({ db }) => [auditRefusedLogins(db, 'staff', 'username'), staffLoginLimiter(db)],
    async respond({ deps, body, locale }, req, res) {
      const login = await openStaffSession(sessionDeps(deps, req), body.username, body.password, locale);
      if (!login.ok && login.reason === 'throttled') throttled(res, login.retryAfterSeconds);
      // One answer for an unknown user, a wrong password and a disabled account.
      if (!login.ok) throw unauthenticated('badCredentials');
      if (login.next === 'done') {
        setSessionCookie(res, deps.config, login.session);
        return ok(res, { next: 'done' });
      }
      res.cookie(LOGIN_STEP_COOKIE, login.step.token, { ...loginStepCookieOptions(deps.config), expires: login.step.expiresAt });
      ok(res, login.next === 'enrolTotp' ? { next: login.next, enrolment: login.enrolment } : { next: login.next });
    },
  }),
  implementResponding(IDENTITY.loginTotp, {
    guards: ({ db }) => [auditRefusedLogins(db, 'staff', 'username'), staffLoginLimiter(db)],
    async respond({ deps, body }, req, res) {
      const token = stepToken(req);
      if (!token) throw unauthenticated('loginStepExpired');
      finishStep(deps, req, res, await completeTotpStep(sessionDeps(deps, req), token, body.code));
    },
  }),
  implementResponding(IDENTITY.loginEnrol, {
    guards: ({ db }) => [auditRefusedLogins(db, 'staff', 'username'), staffLoginLimiter(db)],
    async respond({ deps, body }, req, res) {
      const token = stepToken(req);
      if (!token) throw unauthenticated('loginStepExpired');
      finishStep(deps, req, res, await completeEnrolStep(sessionDeps(deps, req), token, body.code));
    },
  }),
  implementResponding(IDENTITY.logout, {
    async respond({ deps }, req, res) {
      const token = req.cookies?.[STAFF_COOKIE] as string | undefined;
      const ended = token ? await closeStaffSession(deps.db, token) : { federated: false };
      res.clearCookie(STAFF_COOKIE, sessionCookieOptions(deps.config));
      // Req shell §4: logout is federated and returns to the site origin.
      const logoutUrl = ended.federated && deps.config.oidc ? await oidcClient(deps.config.oidc).logoutUrl().catch(() => null) : null;
      ok(res, { logoutUrl });
    },
  }),
  implement(IDENTITY.options, {
    handle: ({ deps }) => ({ companyLogin: Boolean(deps.config.oidc) }),
  }),
  implement(IDENTITY.currentUser, {
    async handle({ deps, staff, locale }) {
      const user = await loadCurrentUser(deps.db, staff, locale);
      if (!user) throw unauthenticated();
      return { ...user, appEnv: deps.config.APP_ENV };
    },
  }),
];
