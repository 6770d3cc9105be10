import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { z, ZodError } from 'zod';
import { ServiceError, WritePending, badRequest } from '#domain/errors.ts';
import { ERROR_CODE, HttpError, STATUS_OF, fieldErrors } from './errors.ts';
import { requestLocale } from './context.ts';
import { serverMessage } from './server-messages.ts';
import type { Locale } from '#domain/i18n.ts';

/** `{ code: 0, data }` (architecture §5). */
export function ok<T>(res: Response, data: T, status = 200): void {
  (res.locals?.answerCheck as ((data: unknown) => void) | undefined)?.(data ?? null);
  sendJson(res, status, { code: 0, data: data ?? null });
}

/**
 * JSON as `res.json` sends it. An answer to a write (POST) gets no ETag: a client never revalidates
 * it, and `res.send` hashes every body to make one. Reads keep theirs (a 304 to a matching
 * If-None-Match). A stand-in response without a request (the request keys' recorder) gets `json`.
 */
export function sendJson(res: Response, status: number, body: unknown): void {
  const method = (res.req as Request | undefined)?.method;
  if (method === undefined || method === 'GET' || method === 'HEAD') {
    res.status(status).json(body);
    return;
  }
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * The answer to a write the engine has durably accepted and still carries out (`WritePending`): 202 with what the
 * screens need to follow it — the flow to refetch until it has moved on — and the message to show.
 */
export const pendingResponse = z.object({
  pending: z.literal(true).describe('The write is taken and still being carried out; refetch the flow until it has moved on'),
  flowNo: z.string(),
  message: z.string().describe('已提交，正在处理 / Submitted, being processed'),
});
export const PENDING_STATUS = 202;
export function pendingAnswer(flowNo: string, locale: Locale): { code: 0; data: z.output<typeof pendingResponse> } {
  return { code: 0, data: { pending: true, flowNo, message: serverMessage('writePending', locale) } };
}

/** Wraps an async handler so a rejection reaches the error middleware. */
export function route(fn: (req: Request, res: Response) => Promise<void> | void): RequestHandler {
  return (req, res, next) => {
    Promise.resolve(fn(req, res)).catch(next);
  };
}

/** The `data` most writes answer with: a message in the caller's language ('保存成功'). */
export const messageResponse = z.object({ message: z.string() });
export const messageOf = (id: string, locale: Locale): z.output<typeof messageResponse> => ({ message: serverMessage(id, locale) });

/** Parses input with a domain schema; failure is a 400 naming every bad field, in the caller's language. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, req: Request): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest('invalidInput', fieldErrors(result.error, requestLocale(req)));
  return result.data;
}

interface ErrorLike {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
}

/** The one place errors become envelopes. Unknown errors are logged and answered 500 without detail. */
export function errorMiddleware(log: (msg: string, err: unknown) => void = (m, e) => console.error(m, e)) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const locale = requestLocale(req);
    if (res.headersSent) return;
    if (err instanceof WritePending) {
      res.status(PENDING_STATUS).json(pendingAnswer(err.flowNo, locale));
      return;
    }
    if (err instanceof ServiceError || err instanceof HttpError) {
      const status = err instanceof ServiceError ? STATUS_OF[err.kind] : err.status;
      const code = err instanceof ServiceError ? status * 100 : err.code;
      const errors = err.errors && Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, serverMessage(v, locale)]));
      const data = err instanceof ServiceError ? err.data : undefined;
      res.status(status).json({ code, message: serverMessage(err.message, locale), errors, ...(data === undefined ? {} : { data }) });
      return;
    }
    if (err instanceof ZodError) {
      res.status(400).json({ code: ERROR_CODE.invalid, message: serverMessage('invalidInput', locale), errors: fieldErrors(err, locale) });
      return;
    }
    const e = (err ?? {}) as ErrorLike;
    if (e.type === 'entity.parse.failed') {
      res.status(400).json({ code: ERROR_CODE.invalid, message: serverMessage('malformedJson', locale) });
      return;
    }
    if (e.type === 'entity.too.large' || e.code === 'LIMIT_FILE_SIZE') {
      res.status(413).json({ code: ERROR_CODE.tooLarge, message: serverMessage('fileTooLarge', locale) });
      return;
    }
    const status = e.status ?? e.statusCode;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ code: status * 100, message: serverMessage('invalidInput', locale) });
      return;
    }
    log(`${req.method} ${req.originalUrl} failed`, err);
    res.status(500).json({ code: ERROR_CODE.internal, message: serverMessage('systemError', locale) });
  };
}

