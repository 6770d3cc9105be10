/**
 * Errors a business rule raises. Services, activities and workflows know nothing of HTTP: the API
 * maps the kind to a status (api/http/errors.ts), the worker turns them into non-retryable failures.
 * `message` is a message id (domain/messages.ts or the API's server messages), translated per request.
 */
export type FieldErrors = Record<string, string>;

export type ErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'notFound' | 'conflict' | 'tooLarge' | 'tooMany' | 'unavailable';

export class ServiceError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: FieldErrors,
    /** Facts the client acts on besides the message (e.g. the questionnaire step to open). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new ServiceError('invalid', message, errors);
export const unauthenticated = (message = 'unauthenticated') => new ServiceError('unauthenticated', message);
export const forbidden = (message = 'forbidden') => new ServiceError('forbidden', message);
export const notFound = (message = 'notFound') => new ServiceError('notFound', message);
export const conflict = (message: string) => new ServiceError('conflict', message);
export const tooMany = (message = 'tooManyRequests') => new ServiceError('tooMany', message);
export const unavailable = (message = 'serviceUnavailable') => new ServiceError('unavailable', message);

/**
 * Not an error to the caller: the engine has durably accepted the write (a workflow update it will carry out),
 * but its result — the next node open, the approval started — did not come within the caller's wait. The API
 * answers 202 with `{ pending: true, flowNo }` (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Under load"), never a 503 the user would retry.
 */
export class WritePending extends Error {
  constructor(readonly flowNo: string) {
    super('writePending');
    this.name = 'WritePending';
  }
}
