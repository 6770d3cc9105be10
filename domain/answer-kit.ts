import { z } from 'zod';

/**
 * Pieces of the answers' schemas (domain/contracts): the API checks its answers against them under test, the
 * web reads its types from them.
 */

/** One of a constant table's values (a status code table such as APPROVAL_STATUS); the forms' lenient `oneOf` (rfi/sections/kit.ts) parses input instead. */
export function tableValue<T extends Record<string, string | number>>(table: T): z.ZodType<T[keyof T]> {
  const [first, ...rest] = Object.values(table).map((v) => z.literal(v));
  return z.union([first, ...rest]) as unknown as z.ZodType<T[keyof T]>;
}
