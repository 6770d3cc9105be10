import { LOGIN_ERROR, type CaptchaResponse } from '#domain/rfi/login.ts';
import { RFI_LOGIN } from '#domain/contracts/supplier-login.ts';
import { RFI_SUPPLIER } from '#domain/contracts/questionnaire.ts';
import { currentStepOf, loginEmailOf } from '#services/rfi/application-access.ts';
import { issuedLinkContact } from '#services/rfi/invitation.ts';
import { requestLoginCode } from '#services/rfi/login-code.ts';
import { loginWithCode } from '#services/rfi/login-token.ts';
import { issueCaptcha } from '#services/rfi/login-captcha.ts';
import { auditRefusedLogins } from '../auth/login-audit.ts';
import { implement, implementResponding } from '../http/endpoint.ts';
import { ok } from '../http/envelope.ts';
import { HttpError } from '../http/errors.ts';
import { LoginRefusal, loginRefusalHandler } from './login-refusal.ts';
import { perIpLimit } from './rate-limit.ts';
import { requireOwnApplication } from './require-own-application.ts';

/** The code and login calls answer unknown and expired links alike (no enumeration). */
const invalidLink = () => new HttpError(404, LOGIN_ERROR.invalidLink, 'invalidLink');

const login = { onError: loginRefusalHandler } as const;

/** The supplier's login by e-mailed code and its landing call (req rfi §2, §4, §7; architecture §6). */
export const rfiLoginEndpoints = [
  implement(RFI_LOGIN.email, {
    ...login,
    guards: ({ db }) => [perIpLimit(db, 'rfi-email', 60, 15)],
    async handle({ deps, query }) {
      const email = await loginEmailOf(deps.db, query.temp);
      // The invalid-link page names whom to ask, only when the link was really issued.
      if (!email) throw new LoginRefusal('invalidLink', { contact: await issuedLinkContact(deps.db, query.temp) });
      return { email };
    },
  }),
  implement(RFI_LOGIN.verifyCode, {
    ...login,
    // The link's temp in the body, or in the query as the requirements’ calls carry it.
    bodyInput: (req) => ({ temp: (req.body as { temp?: unknown } | undefined)?.temp ?? req.query.temp }),
    guards: ({ db }) => [perIpLimit(db, 'rfi-code', 20, 15)],
    async handle({ deps, body, locale }) {
      const result = await requestLoginCode({ db: deps.db, mailer: deps.mailer, secret: deps.config.appSecret }, { temp: body.temp, fallbackLocale: locale });
      if (!result.ok && result.reason === 'invalidLink') throw invalidLink();
      if (!result.ok) throw new LoginRefusal('resendWait', { retryAfterSeconds: result.retryAfterSeconds });
      return { resendAfterSeconds: result.resendAfterSeconds };
    },
  }),
  implement(RFI_LOGIN.token, {
    ...login,
    guards: ({ db }) => [auditRefusedLogins(db, 'rfi', 'email'), perIpLimit(db, 'rfi-token', 30, 15)],
    async handle({ deps, body }) {
      const result = await loginWithCode({ db: deps.db, secret: deps.config.appSecret, sessionTtlHours: deps.config.SESSION_TTL_HOURS }, body);
      if (!result.ok && result.reason === 'invalidLink') throw invalidLink();
      if (!result.ok) throw new LoginRefusal(result.reason, { captchaRequired: result.captchaRequired });
      return { token: result.token, applyNo: result.applyNo };
    },
  }),
  implementResponding(RFI_LOGIN.captcha, {
    ...login,
    guards: ({ db }) => [perIpLimit(db, 'rfi-captcha', 30, 15)],
    async respond({ deps }, _req, res) {
      res.set('Cache-Control', 'no-store');
      ok<CaptchaResponse>(res, await issueCaptcha(deps.db, deps.config.appSecret));
    },
  }),
  implement(RFI_SUPPLIER.currentStep, {
    guards: () => [requireOwnApplication()],
    handle: async ({ deps, supplier }) => currentStepOf(deps.db, supplier.applyNo),
  }),
];
