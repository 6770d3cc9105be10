import type { ZodError } from 'zod';
import { type Locale } from '#domain/i18n.ts';
import { translate } from '#domain/messages.ts';
import type { ErrorKind, FieldErrors } from '#domain/errors.ts';

/** Error codes of the envelope; the HTTP status carries the class, the code the reason. */
export const ERROR_CODE = {
  invalid: 40000,
  unauthenticated: 40100,
  forbidden: 40300,
  notFound: 40400,
  methodNotAllowed: 40500,
  conflict: 40900,
  tooLarge: 41300,
  unprocessable: 42200,
  tooMany: 42900,
  internal: 50000,
  unavailable: 50300,
} as const;

/** The one mapping of a service error's kind to its HTTP status (architecture §5). */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  unavailable: 503,
};

/**
 * An answer only the HTTP layer gives, with a status and a code of its own (the login refusals of
 * req rfi §2 carry their own codes). Business rules throw ServiceError instead.
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

/** Zod issues → `{ 'factoryList.0.baseName': 'message' }`, first message per field, translated. */
export function fieldErrors(error: ZodError, locale: Locale): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= translate(issue.message, locale);
  }
  return out;
}
