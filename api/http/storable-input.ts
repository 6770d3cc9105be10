import type { RequestHandler } from 'express';
import { badRequest, type FieldErrors } from '#services/errors.ts';

/**
 * Text no column can hold: a NUL byte (Postgres text and jsonb refuse it) or half of a UTF-16
 * surrogate pair (not Unicode, refused by jsonb). Checked once for every endpoint, in any field of
 * any shape, so no schema can forget it and no database error becomes a 500.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Far deeper than any form (the questionnaire's tables nest four levels); deeper input is refused, not walked. */
const MAX_DEPTH = 32;

/** Refuses params, query or body holding unstorable text or nesting past MAX_DEPTH: a 400 naming each field. */
export const storableInput: RequestHandler = (req, _res, next) => {
  const errors = { ...badFields(req.params), ...badFields(req.query), ...badFields(req.body) };
  next(Object.keys(errors).length ? badRequest('invalidInput', errors) : undefined);
};

/** The dot paths of the bad fields (as zod names them); iterative, so no input can exhaust the stack. */
export function badFields(input: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: input, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path } = item;
    const name = path.join('.') || '_';
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) errors[name] ??= 'unstorableText';
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= MAX_DEPTH) {
        errors[name] ??= 'nestedTooDeep';
        continue;
      }
      for (const [key, child] of Object.entries(value)) {
        // A bad key is named with its bad characters shown as U+FFFD, so the answer itself is storable.
        if (UNSTORABLE.test(key)) errors[[...path, key.replace(new RegExp(UNSTORABLE, 'g'), '\uFFFD')].join('.')] ??= 'unstorableText';
        else pending.push({ value: child, path: [...path, key] });
      }
    }
  }
  return errors;
}
