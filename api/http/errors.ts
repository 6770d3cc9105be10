import type { ZodError } from 'zod';
import { type Locale } from '#domain/i18n.ts';
import { type MessageId, translate } from '#domain/messages.ts';

/** Error codes of the envelope; the HTTP status carries the class, the code the reason. */
export const ERROR_CODE = {
  invalid: 40000,
  unauthenticated: 40100,
  forbidden: 40300,
  notFound: 40400,
  conflict: 40900,
  tooLarge: 41300,
  tooMany: 42900,
  internal: 50000,
  unavailable: 50300,
} as const;

export type FieldErrors = Record<string, string>;

/**
 * An expected failure the client should see. `message` is a message id of domain/messages.ts or
 * of api/http/server-messages.ts (translated per request) or plain text.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, ERROR_CODE.invalid, message, errors);
export const unauthenticated = (message = 'unauthenticated') => new HttpError(401, ERROR_CODE.unauthenticated, message);
export const forbidden = (message = 'forbidden') => new HttpError(403, ERROR_CODE.forbidden, message);
export const notFound = (message = 'notFound') => new HttpError(404, ERROR_CODE.notFound, message);
export const conflict = (message: string) => new HttpError(409, ERROR_CODE.conflict, message);
export const tooMany = (message = 'tooManyRequests') => new HttpError(429, ERROR_CODE.tooMany, message);
export const unavailable = (message = 'serviceUnavailable') => new HttpError(503, ERROR_CODE.unavailable, message);

/** Zod issues → `{ 'factoryList.0.baseName': 'message' }`, first message per field, translated. */
export function fieldErrors(error: ZodError, locale: Locale): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= translate(issue.message, locale);
  }
  return out;
}

export type { MessageId };
