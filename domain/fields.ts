import { z } from 'zod';
import { type MessageId, withParams } from './messages.ts';
import { PAGE_SIZES } from './paging.ts';

/** Shared field shapes of the requirements’ forms; each carries its message id (see messages.ts). */

/** Required text, trimmed, with the requirements’ maximum length. */
export function requiredText(max: number, requiredMessage: MessageId = 'required') {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: withParams('maxLength', { max }) });
}

/** Optional text: an empty string and null both mean "not given". */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: withParams('maxLength', { max }) })
    .nullish()
    .transform((v) => (v ? v : undefined));
}

export const emailField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(100, { error: withParams('maxLength', { max: 100 }) })
  .pipe(z.email({ error: 'invalidEmail' }));

export const DEFAULT_AREA_CODE = '+86';

/** Req rfi §5 / req flow §5.12: digits only; at most 11 with +86, otherwise 20. */
export function phoneMaxDigits(areaCode: string | undefined): number {
  return areaCode === DEFAULT_AREA_CODE ? 11 : 20;
}

/** Adds the phone rule to an object holding an area code and a number under the given keys. */
export function checkPhone(
  value: Record<string, unknown>,
  ctx: z.RefinementCtx,
  keys: { areaCode: string; number: string },
): void {
  const area = value[keys.areaCode] as string | undefined;
  const number = value[keys.number] as string | undefined;
  if (!number) return;
  if (!/^\d+$/.test(number)) {
    ctx.addIssue({ code: 'custom', path: [keys.number], message: 'digitsOnly' });
    return;
  }
  const max = phoneMaxDigits(area);
  if (number.length > max) ctx.addIssue({ code: 'custom', path: [keys.number], message: withParams('phoneTooLong', { max }) });
}

export { PAGE_SIZES } from './paging.ts';

export const pageQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'invalidValue' })
    .default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> {
  records: T[];
  total: number;
}
