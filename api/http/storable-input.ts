import type { RequestHandler } from 'express';
import { badRequest, type FieldErrors } from '#domain/errors.ts';

/**
 * Text no column can hold: a NUL byte (Postgres text and jsonb refuse it) or half of a UTF-16
 * surrogate pair (not Unicode, refused by jsonb). Checked once for every endpoint, in any field of
 * any shape, so no schema can forget it and no database error becomes a 500.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** What any unstorable text contains: a plain character class, far cheaper than the look-arounds above. */
const SUSPECT = /[\0\uD800-\uDFFF]/;
const unstorable = (s: string) => SUSPECT.test(s) && UNSTORABLE.test(s);

/** Far deeper than any form (the questionnaire's tables nest four levels); deeper input is refused, not walked. */
const MAX_DEPTH = 32;

/** Refuses params, query or body holding unstorable text or nesting past MAX_DEPTH: a 400 naming each field. */
export const storableInput: RequestHandler = (req, _res, next) => {
  const errors = { ...badFields(req.params), ...badFields(req.query), ...badFields(req.body) };
  next(Object.keys(errors).length ? badRequest('invalidInput', errors) : undefined);
};

/** A value still to look at; its dot path is built only when it is bad (most input never is). */
interface Pending {
  value: unknown;
  key: string;
  parent: Pending | undefined;
  depth: number;
}

function nameOf(item: Pending | undefined, key?: string): string {
  const parts = key === undefined ? [] : [key];
  for (let p = item; p?.parent; p = p.parent) parts.push(p.key);
  return parts.reverse().join('.') || '_';
}

/** The dot paths of the bad fields (as zod names them); iterative, so no input can exhaust the stack. */
export function badFields(input: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const pending: Pending[] = [{ value: input, key: '', parent: undefined, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, depth } = item;
    if (typeof value === 'string') {
      if (unstorable(value)) errors[nameOf(item)] ??= 'unstorableText';
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_DEPTH) {
        errors[nameOf(item)] ??= 'nestedTooDeep';
        continue;
      }
      for (const key of Object.keys(value)) {
        // A bad key is named with its bad characters shown as U+FFFD, so the answer itself is storable.
        if (unstorable(key)) errors[nameOf(item, key.replace(new RegExp(UNSTORABLE, 'g'), '\uFFFD'))] ??= 'unstorableText';
        else {
          const child = (value as Record<string, unknown>)[key];
          // A text is checked here, without a stop of its own (most of a form's fields); numbers, booleans
          // and null hold no text.
          if (typeof child === 'string') {
            if (unstorable(child)) errors[nameOf(item, key)] ??= 'unstorableText';
          } else if (child !== null && typeof child === 'object') pending.push({ value: child, key, parent: item, depth: depth + 1 });
        }
      }
    }
  }
  return errors;
}
