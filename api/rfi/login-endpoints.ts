import { tempQuery, tokenRequest, verifyCodeRequest, LOGIN_ERROR } from '#domain/rfi/login.ts';
import type { CaptchaResponse, CurrentStepResponse, EmailResponse, TokenResponse, VerifyCodeResponse } from '#domain/rfi/login.ts';
import { currentStepOf, loginEmailOf } from '#services/rfi/application-access.ts';
import { issuedLinkContact } from '#services/rfi/invitation.ts';
import { requestLoginCode } from '#services/rfi/login-code.ts';
import { loginWithCode } from '#services/rfi/login-token.ts';
import { issueCaptcha } from '#services/rfi/login-captcha.ts';
import { auditRefusedLogins } from '../auth/login-audit.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { ok } from '../http/envelope.ts';
import { HttpError } from '../http/errors.ts';
import { LoginRefusal, loginRefusalHandler } from './login-refusal.ts';
import { perIpLimit } from './rate-limit.ts';
import { requireOwnApplication } from './require-own-application.ts';

/** The code and login calls answer unknown and expired links alike (no enumeration). */
const invalidLink = () => new HttpError(404, LOGIN_ERROR.invalidLink, 'invalidLink');

const tag = 'supplier login';
const login = { tag, auth: 'none', onError: loginRefusalHandler } as const;

/** The supplier's login by e-mailed code and its landing call (spec 1 §2, §4, §7; DESIGN §6). */
export const rfiLoginEndpoints = [
  defineEndpoint({
    ...login,
    method: 'get',
    path: '/v1/rfi/get-email',
    summary: 'The invited e-mail of a link',
    query: tempQuery,
    guards: ({ db }) => [perIpLimit(db, 'rfi-email', 60, 15)],
    async handle({ deps, query }): Promise<EmailResponse> {
      const email = await loginEmailOf(deps.db, query.temp);
      // The invalid-link page names whom to ask, only when the link was really issued.
      if (!email) throw new LoginRefusal('invalidLink', { contact: await issuedLinkContact(deps.db, query.temp) });
      return { email };
    },
  }),
  defineEndpoint({
    ...login,
    method: 'post',
    path: '/v1/rfi/get-verify-code',
    summary: 'Mail a 6-digit login code',
    body: verifyCodeRequest,
    // The link's temp in the body, or in the query as the spec's calls carry it.
    bodyInput: (req) => ({ temp: (req.body as { temp?: unknown } | undefined)?.temp ?? req.query.temp }),
    guards: ({ db }) => [perIpLimit(db, 'rfi-code', 20, 15)],
    async handle({ deps, body, locale }): Promise<VerifyCodeResponse> {
      const result = await requestLoginCode({ db: deps.db, mailer: deps.mailer, secret: deps.config.appSecret }, { temp: body.temp, fallbackLocale: locale });
      if (!result.ok && result.reason === 'invalidLink') throw invalidLink();
      if (!result.ok) throw new LoginRefusal('resendWait', { retryAfterSeconds: result.retryAfterSeconds });
      return { resendAfterSeconds: result.resendAfterSeconds };
    },
  }),
  defineEndpoint({
    ...login,
    method: 'post',
    path: '/v1/rfi/get-token',
    summary: 'Log in with the code',
    body: tokenRequest,
    guards: ({ db }) => [auditRefusedLogins(db, 'rfi', 'email'), perIpLimit(db, 'rfi-token', 30, 15)],
    async handle({ deps, body }): Promise<TokenResponse> {
      const result = await loginWithCode({ db: deps.db, secret: deps.config.appSecret, sessionTtlHours: deps.config.SESSION_TTL_HOURS }, body);
      if (!result.ok && result.reason === 'invalidLink') throw invalidLink();
      if (!result.ok) throw new LoginRefusal(result.reason, { captchaRequired: result.captchaRequired });
      return { token: result.token, applyNo: result.applyNo };
    },
  }),
  defineEndpoint({
    ...login,
    method: 'get',
    path: '/v1/rfi/captcha',
    summary: 'A captcha challenge',
    guards: ({ db }) => [perIpLimit(db, 'rfi-captcha', 30, 15)],
    async respond({ deps }, _req, res) {
      res.set('Cache-Control', 'no-store');
      ok<CaptchaResponse>(res, await issueCaptcha(deps.db, deps.config.appSecret));
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/rfi/current/step',
    summary: 'The step to resume at',
    tag: 'questionnaire',
    auth: 'supplier',
    query: tempQuery,
    guards: () => [requireOwnApplication()],
    handle: async ({ deps, supplier }): Promise<CurrentStepResponse> => currentStepOf(deps.db, supplier.applyNo),
  }),
];
