import type { VerifyCodeResponse } from '#domain/rfi/login.ts';
import { portalCodeRequest, portalLoginRequest, type PortalMe, type PortalTokenResponse } from '#domain/supplier-portal/login.ts';
import { requestPortalCode } from '#services/supplier-portal/login-code.ts';
import { loginPortal, logoutPortal } from '#services/supplier-portal/login.ts';
import { portalHome } from '#services/supplier-portal/me.ts';
import { auditRefusedLogins } from '../auth/login-audit.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { ok } from '../http/envelope.ts';
import { LoginRefusal, loginRefusalHandler } from '../rfi/login-refusal.ts';
import { perIpLimit } from '../rfi/rate-limit.ts';

const tag = 'supplier-portal';

/**
 * Supplier portal login by e-mail and mailed code: the questionnaire login's rules and refusals
 * (spec 1 §2, §4, §5; docs/decisions.md "Supplier login", "Supplier portal"), keyed by the address;
 * and the portal home's read: the logged-in account and only its own flows.
 */
export const portalEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-portal/verify-code',
    summary: 'Mail a login code to a portal account (same answer for unknown e-mails)',
    tag,
    auth: 'none',
    body: portalCodeRequest,
    guards: ({ db }) => [perIpLimit(db, 'portal-code', 20, 15)],
    onError: loginRefusalHandler,
    async handle({ deps, body, locale }): Promise<VerifyCodeResponse> {
      const result = await requestPortalCode({ db: deps.db, mailer: deps.mailer, secret: deps.config.appSecret }, { email: body.email, fallbackLocale: locale });
      if (!result.ok) throw new LoginRefusal('resendWait', { retryAfterSeconds: result.retryAfterSeconds });
      return { resendAfterSeconds: result.resendAfterSeconds };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-portal/login',
    summary: 'Exchange the mailed code for a portal session',
    tag,
    auth: 'none',
    body: portalLoginRequest,
    guards: ({ db }) => [auditRefusedLogins(db, 'portal', 'email'), perIpLimit(db, 'portal-login', 30, 15)],
    onError: loginRefusalHandler,
    async handle({ deps, body }): Promise<PortalTokenResponse> {
      const result = await loginPortal({ db: deps.db, secret: deps.config.appSecret, sessionTtlHours: deps.config.SESSION_TTL_HOURS }, body);
      if (!result.ok) throw new LoginRefusal(result.reason, { captchaRequired: result.captchaRequired });
      return { token: result.token, expiresAt: result.expiresAt.toISOString() };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-portal/logout',
    summary: 'End the portal session',
    tag,
    auth: 'portal',
    async respond({ deps }, req, res) {
      await logoutPortal(deps.db, req.get('authorization')!.slice(7).trim());
      ok(res, null);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-portal/me',
    summary: 'The portal account, the flows it takes part in and the accepted suppliers they admitted',
    tag,
    auth: 'portal',
    handle: ({ deps, portal, locale }): Promise<PortalMe> => portalHome(deps.db, portal, locale),
  }),
];
