import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { requireSupplier } from '../auth/supplier-auth.ts';
import { tempQuery, tokenRequest, verifyCodeRequest, LOGIN_ERROR } from '#domain/rfi/login.ts';
import type { CaptchaResponse, CurrentStepResponse, EmailResponse, TokenResponse, VerifyCodeResponse } from '#domain/rfi/login.ts';
import { currentStepOf, loginEmailOf } from '#services/rfi/application-access.ts';
import { requestLoginCode } from '#services/rfi/login-code.ts';
import { loginWithCode } from '#services/rfi/login-token.ts';
import { issueCaptcha } from '#services/rfi/login-captcha.ts';
import { HttpError } from '../http/errors.ts';
import { LoginRefusal, loginRefusalHandler } from './login-refusal.ts';
import { perIpLimit } from './rate-limit.ts';
import { requireOwnApplication } from './require-own-application.ts';

/** Unknown and expired links get this one answer, from the same query path (no enumeration). */
const invalidLink = () => new HttpError(404, LOGIN_ERROR.invalidLink, 'invalidLink');

/** The supplier's login by e-mailed code and its landing call (spec 1 §2, §4, §7; DESIGN §6). */
export function createRfiLoginRouter(deps: AppDeps): Router {
  const { db, mailer, config } = deps;
  const secret = config.appSecret;
  const router = Router();
  const limits = {
    email: perIpLimit(db, 'rfi-email', 60, 15),
    code: perIpLimit(db, 'rfi-code', 20, 15),
    token: perIpLimit(db, 'rfi-token', 30, 15),
    captcha: perIpLimit(db, 'rfi-captcha', 30, 15),
  };

  router.get(
    '/v1/rfi/get-email',
    limits.email,
    route(async (req, res) => {
      const { temp } = parse(tempQuery, req.query, req);
      const email = await loginEmailOf(db, temp);
      if (!email) throw invalidLink();
      ok<EmailResponse>(res, { email });
    }),
  );

  router.post(
    '/v1/rfi/get-verify-code',
    limits.code,
    route(async (req, res) => {
      const body = (req.body ?? {}) as { temp?: unknown };
      const { temp } = parse(verifyCodeRequest, { temp: body.temp ?? req.query.temp }, req);
      const result = await requestLoginCode({ db, mailer, secret }, { temp, fallbackLocale: requestLocale(req) });
      if (!result.ok && result.reason === 'invalidLink') throw invalidLink();
      if (!result.ok) throw new LoginRefusal('resendWait', { retryAfterSeconds: result.retryAfterSeconds });
      ok<VerifyCodeResponse>(res, { resendAfterSeconds: result.resendAfterSeconds });
    }),
  );

  router.post(
    '/v1/rfi/get-token',
    limits.token,
    route(async (req, res) => {
      const input = parse(tokenRequest, req.body, req);
      const result = await loginWithCode({ db, secret, sessionTtlHours: config.SESSION_TTL_HOURS }, input);
      if (!result.ok && result.reason === 'invalidLink') throw invalidLink();
      if (!result.ok) throw new LoginRefusal(result.reason, { captchaRequired: result.captchaRequired });
      ok<TokenResponse>(res, { token: result.token, applyNo: result.applyNo });
    }),
  );

  router.get(
    '/v1/rfi/captcha',
    limits.captcha,
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store');
      ok<CaptchaResponse>(res, await issueCaptcha(db, secret));
    }),
  );

  router.get(
    '/v1/rfi/current/step',
    requireSupplier,
    requireOwnApplication(db),
    route(async (req, res) => {
      ok<CurrentStepResponse>(res, { step: await currentStepOf(db, req.supplier!.applyNo) });
    }),
  );

  router.use(loginRefusalHandler);
  return router;
}
