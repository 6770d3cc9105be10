import { z } from 'zod';
import { type MessageId, withParams } from '../messages.ts';
import { decimalPlaces } from '../rfi/sections/kit.ts';

/** Req flow §9: scores (self scores, audit target scores) are 0 to 100 with 2 decimals. */
export const SCORE_MIN = 0;
export const SCORE_MAX = 100;
export const SCORE_SCALE = 2;

/**
 * A score as a number input gives it — a number or a numeric string — checked in the requirements’ order;
 * `missing` is the message for an empty value.
 */
export function scoreField(missing: MessageId = 'required') {
  return z
    .union([z.number(), z.string()], { error: 'invalidNumber' })
    .nullish()
    .transform((raw, ctx): number => {
      const s = typeof raw === 'string' ? raw.trim() : raw;
      if (s === null || s === undefined || s === '') return issue(ctx, missing);
      if (typeof s === 'string' && !/^[-+]?\d+(\.\d+)?$/.test(s)) return issue(ctx, 'invalidNumber');
      const n = Number(s);
      if (!Number.isFinite(n)) return issue(ctx, 'invalidNumber');
      if (decimalPlaces(n) > SCORE_SCALE) return issue(ctx, withParams('maxDecimals', { scale: SCORE_SCALE }));
      if (n < SCORE_MIN) return issue(ctx, withParams('minValue', { min: SCORE_MIN }));
      if (n > SCORE_MAX) return issue(ctx, withParams('maxValue', { max: SCORE_MAX }));
      return n;
    });
}

function issue(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}
