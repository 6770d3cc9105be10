import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { requirePortalAccount } from '../auth/portal-auth.ts';
import { LoginRefusal, loginRefusalHandler } from '../rfi/login-refusal.ts';
import { perIpLimit } from '../rfi/rate-limit.ts';
import type { VerifyCodeResponse } from '#domain/rfi/login.ts';
import { portalCodeRequest, portalLoginRequest, type PortalTokenResponse } from '#domain/supplier-portal/login.ts';
import { requestPortalCode } from '#services/supplier-portal/login-code.ts';
import { loginPortal, logoutPortal } from '#services/supplier-portal/login.ts';

export const SUPPLIER_PORTAL_LOGIN_ENDPOINTS: Endpoint[] = [
  { method: 'post', path: '/v1/supplier-portal/verify-code', summary: 'Mail a login code to a portal account (same answer for unknown e-mails)', tag: 'supplier-portal', auth: 'none', body: portalCodeRequest },
  { method: 'post', path: '/v1/supplier-portal/login', summary: 'Exchange the mailed code for a portal session', tag: 'supplier-portal', auth: 'none', body: portalLoginRequest },
  { method: 'post', path: '/v1/supplier-portal/logout', summary: 'End the portal session', tag: 'supplier-portal', auth: 'supplier' },
];

/**
 * Supplier portal login by e-mail and mailed code: the questionnaire login's rules and refusals
 * (spec 1 §2, §4, §5; docs/decisions.md "Supplier login", "Supplier portal"), keyed by the address.
 */
export function createSupplierPortalLoginRouter(deps: AppDeps): Router {
  const { db, mailer, config } = deps;
  const secret = config.appSecret;
  const router = Router();
  const limits = {
    code: perIpLimit(db, 'portal-code', 20, 15),
    login: perIpLimit(db, 'portal-login', 30, 15),
  };

  router.post(
    '/v1/supplier-portal/verify-code',
    limits.code,
    route(async (req, res) => {
      const { email } = parse(portalCodeRequest, req.body, req);
      const result = await requestPortalCode({ db, mailer, secret }, { email, fallbackLocale: requestLocale(req) });
      if (!result.ok) throw new LoginRefusal('resendWait', { retryAfterSeconds: result.retryAfterSeconds });
      ok<VerifyCodeResponse>(res, { resendAfterSeconds: result.resendAfterSeconds });
    }),
  );

  router.post(
    '/v1/supplier-portal/login',
    limits.login,
    route(async (req, res) => {
      const input = parse(portalLoginRequest, req.body, req);
      const result = await loginPortal({ db, secret, sessionTtlHours: config.SESSION_TTL_HOURS }, input);
      if (!result.ok) throw new LoginRefusal(result.reason, { captchaRequired: result.captchaRequired });
      ok<PortalTokenResponse>(res, { token: result.token, expiresAt: result.expiresAt.toISOString() });
    }),
  );

  router.post(
    '/v1/supplier-portal/logout',
    requirePortalAccount,
    route(async (req, res) => {
      const token = req.get('authorization')!.slice(7).trim();
      await logoutPortal(db, token);
      ok(res, null);
    }),
  );

  router.use(loginRefusalHandler);
  return router;
}
