import { z } from 'zod';
import { withParams } from '../../messages.ts';

/**
 * Field shapes of the questionnaire sections. Every shape accepts "not given" (undefined, null, '')
 * and yields undefined for it, so a draft may be incomplete; what a shape refuses is garbage: a wrong
 * type, a too-long text, a number out of its range or with too many decimals. Requiredness and
 * cross-field rules live in each section's `fullRules` (see define.ts).
 */

export function text(max: number, maxMessage: string = withParams('maxLength', { max })) {
  return z
    .string({ error: 'invalidValue' })
    .trim()
    .max(max, { error: maxMessage })
    .nullish()
    .transform((v) => (v ? v : undefined));
}

/** An uploaded file's URL or name (the upload result of req rfi §3). */
export const fileUrl = text(500);
export const fileName = text(200);

/** A dictionary key or a code of the area tables. */
export const code = text(50);

export interface NumberRange {
  min?: number;
  max: number;
  /** Decimal places allowed; 0 = integer. */
  scale?: number;
}

/** Numbers as the form's number inputs give them: a number, a numeric string, or '' for none. */
export function num({ min = 0, max, scale = 0 }: NumberRange) {
  return z
    .union([z.number(), z.string()], { error: 'invalidNumber' })
    .nullish()
    .transform((raw, ctx): number | undefined => {
      if (raw === null || raw === undefined) return undefined;
      let n: number;
      if (typeof raw === 'string') {
        const s = raw.trim();
        if (s === '') return undefined;
        if (!/^[-+]?\d+(\.\d+)?$/.test(s)) return invalid(ctx, 'invalidNumber');
        n = Number(s);
      } else n = raw;
      if (!Number.isFinite(n)) return invalid(ctx, 'invalidNumber');
      if (scale === 0 && !Number.isInteger(n)) return invalid(ctx, 'integerOnly');
      if (decimalPlaces(n) > scale) return invalid(ctx, withParams('maxDecimals', { scale }));
      if (n < min) return invalid(ctx, withParams('minValue', { min }));
      if (n > max) return invalid(ctx, withParams('maxValue', { max }));
      return n;
    });
}

function invalid(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** Decimal places of a number as typed (12.34 → 2, 1e-7 → 7). */
export function decimalPlaces(n: number): number {
  const m = /(?:\.(\d+))?(?:e([+-]\d+))?$/i.exec(String(n));
  const fraction = m?.[1]?.length ?? 0;
  const exponent = m?.[2] ? Number(m[2]) : 0;
  return Math.max(0, fraction - exponent);
}

/** Req rfi §9: percents run from 0 to 100; two decimals as for stateOwnedCapital (req rfi §5). */
export const percent = () => num({ min: 0, max: 100, scale: 2 });

export function bool() {
  return z
    .boolean({ error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? undefined);
}

/** One of a fixed set of numeric codes; the form's selects may give them as strings. */
export function numericCode<const T extends number>(values: readonly T[]) {
  return z
    .union([z.number(), z.string()], { error: 'invalidValue' })
    .nullish()
    .transform((raw, ctx): T | undefined => {
      if (raw === null || raw === undefined || raw === '') return undefined;
      const n = Number(raw);
      if (!values.includes(n as T)) return invalid(ctx, 'invalidValue');
      return n as T;
    });
}

export function oneOf<const T extends string>(values: readonly T[]) {
  return z
    .string({ error: 'invalidValue' })
    .nullish()
    .transform((raw, ctx): T | undefined => {
      if (!raw) return undefined;
      if (!values.includes(raw as T)) return invalid(ctx, 'invalidValue');
      return raw as T;
    });
}

/** A calendar date as yyyy-MM-dd (Mantine date inputs give this string). */
export function date() {
  return z
    .string({ error: 'invalidDate' })
    .trim()
    .nullish()
    .transform((raw, ctx): string | undefined => {
      if (!raw) return undefined;
      if (!isCalendarDate(raw)) return invalid(ctx, 'invalidDate');
      return raw;
    });
}

export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

/** A table of rows; missing means no rows. Row minima are rules of the full variant. */
export function rows<T extends z.ZodType>(row: T, max: number) {
  return z
    .array(row, { error: 'invalidValue' })
    .max(max, { error: withParams('maxRows', { max }) })
    .nullish()
    .transform((v) => v ?? []);
}

/** A list of codes (e.g. a contact's small categories). */
export function codeList(max: number) {
  return z
    .array(z.string({ error: 'invalidValue' }).trim().min(1, { error: 'invalidValue' }).max(50, { error: withParams('maxLength', { max: 50 }) }), {
      error: 'invalidValue',
    })
    .max(max, { error: withParams('maxRows', { max }) })
    .nullish()
    .transform((v) => v ?? []);
}
