import { PORTAL } from '#domain/contracts/supplier-login.ts';
import { requestPortalCode } from '#services/supplier-portal/login-code.ts';
import { loginPortal, logoutPortal } from '#services/supplier-portal/login.ts';
import { portalHome } from '#services/supplier-portal/me.ts';
import { auditRefusedLogins } from '../auth/login-audit.ts';
import { implement, implementResponding } from '../http/endpoint.ts';
import { ok } from '../http/envelope.ts';
import { LoginRefusal, loginRefusalHandler } from '../rfi/login-refusal.ts';
import { perIpLimit } from '../rfi/rate-limit.ts';


/**
 * Supplier portal login by e-mail and mailed code: the questionnaire login's rules and refusals
 * (req rfi §2, §4, §5; docs/decisions/0001-supplier-login.md, "Supplier portal"), keyed by the address;
 * and the portal home's read: the logged-in account and only its own flows.
 */
export const portalEndpoints = [
  implement(PORTAL.verifyCode, {
    guards: ({ db }) => [perIpLimit(db, 'portal-code', 20, 15)],
    onError: loginRefusalHandler,
    async handle({ deps, body, locale }) {
      const result = await requestPortalCode({ db: deps.db, mailer: deps.mailer, secret: deps.config.appSecret }, { email: body.email, fallbackLocale: locale });
      if (!result.ok) throw new LoginRefusal('resendWait', { retryAfterSeconds: result.retryAfterSeconds });
      return { resendAfterSeconds: result.resendAfterSeconds };
    },
  }),
  implement(PORTAL.login, {
    guards: ({ db }) => [auditRefusedLogins(db, 'portal', 'email'), perIpLimit(db, 'portal-login', 30, 15)],
    onError: loginRefusalHandler,
    async handle({ deps, body }) {
      const result = await loginPortal({ db: deps.db, secret: deps.config.appSecret, sessionTtlHours: deps.config.SESSION_TTL_HOURS }, body);
      if (!result.ok) throw new LoginRefusal(result.reason, { captchaRequired: result.captchaRequired });
      return { token: result.token, expiresAt: result.expiresAt.toISOString() };
    },
  }),
  implementResponding(PORTAL.logout, {
    async respond({ deps }, req, res) {
      await logoutPortal(deps.db, req.get('authorization')!.slice(7).trim());
      ok(res, null);
    },
  }),
  implement(PORTAL.me, {
    handle: ({ deps, portal, locale }) => portalHome(deps.db, portal, locale),
  }),
];
