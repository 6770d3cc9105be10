import type { ErrorRequestHandler } from 'express';
import { LOGIN_ERROR, type LinkContact, type LoginRefusalData, type LoginRefusalReason } from '#domain/rfi/login.ts';
import { withParams } from '#domain/messages.ts';
import { HttpError } from '../http/errors.ts';
import { requestLocale } from '../http/context.ts';
import { serverMessage } from '../http/server-messages.ts';

const STATUS: Record<LoginRefusalReason, number> = {
  invalidLink: 404,
  wrongCode: 400,
  codeNotSent: 400,
  codeExpired: 400,
  codeUsed: 400,
  codeTooManyAttempts: 400,
  captchaRequired: 400,
  captchaWrong: 400,
  resendWait: 429,
};

/**
 * A refused login or code request. Besides the usual envelope it carries `data` (reason,
 * captchaRequired, retryAfterSeconds) and, for clients reading only field errors, the field the
 * refusal concerns: `code`, or `captchaText` whenever a captcha is now needed.
 */
export class LoginRefusal extends HttpError {
  readonly data: LoginRefusalData;

  constructor(reason: LoginRefusalReason, opts: { captchaRequired?: boolean; retryAfterSeconds?: number; contact?: LinkContact } = {}) {
    const message = reason === 'resendWait' ? withParams('resendWait', { seconds: opts.retryAfterSeconds ?? 0 }) : reason;
    super(STATUS[reason], LOGIN_ERROR[reason], message);
    this.data = { reason, captchaRequired: opts.captchaRequired ?? false, retryAfterSeconds: opts.retryAfterSeconds, contact: opts.contact };
  }
}

/** Renders LoginRefusal with its data; everything else goes on to the app's error middleware. */
export const loginRefusalHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (!(err instanceof LoginRefusal) || res.headersSent) return next(err);
  const locale = requestLocale(req);
  const message = serverMessage(err.message, locale);
  const errors: Record<string, string> = {};
  if (err.data.reason.startsWith('code') || err.data.reason === 'wrongCode') errors.code = message;
  if (err.data.captchaRequired) errors.captchaText = err.data.reason.startsWith('captcha') ? message : serverMessage('captchaRequired', locale);
  if (err.data.retryAfterSeconds) res.set('Retry-After', String(err.data.retryAfterSeconds));
  res.status(err.status).json({
    code: err.code,
    message,
    ...(Object.keys(errors).length ? { errors } : {}),
    data: err.data,
  });
};
