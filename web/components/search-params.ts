/**
 * Route search params read by small plain parsers instead of zod schemas. Every route's `validateSearch`
 * sits in the first-load chunk (the route tree), so a zod schema there made every page — the supplier's
 * login included — load zod (≈ 26 kB gzipped) before it could paint. A link is never refused: a value
 * that does not read falls back (to the param's default, or to being absent), as the `.catch` of the
 * schemas did.
 *
 * The router has already JSON-parsed each value (`?page=2` is the number 2), so a reader takes `unknown`.
 */

/** Reads one search param from whatever the URL held. */
export type Param<T> = (raw: unknown) => T;
type Params = Record<string, Param<unknown>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
/** The route's search: params that may be absent are optional keys. */
export type SearchOf<P extends Params> = Simplify<
  { [K in keyof P as undefined extends ReturnType<P[K]> ? never : K]: ReturnType<P[K]> } & {
    [K in keyof P as undefined extends ReturnType<P[K]> ? K : never]?: ReturnType<P[K]>;
  }
>;
/** What a link or `navigate` may pass: any param may be left out (it falls back). */
export type SearchInput<P extends Params> = { [K in keyof P]?: ReturnType<P[K]> };

/**
 * The `validateSearch` of a route: each param read by its reader; absent values are left out, so they
 * do not show in the URL. (`NoInfer`: inside a route's options the router's own types would otherwise
 * shape `P`.)
 */
export function searchParams<const P extends Params>(params: P): (raw: NoInfer<SearchInput<P>>) => NoInfer<SearchOf<P>> {
  return (raw) => {
    const out: Record<string, unknown> = {};
    const given = raw as Record<string, unknown>;
    for (const [key, read] of Object.entries(params)) {
      const value = read(given[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as SearchOf<P>;
  };
}

/** A string as the URL held it (a number the router parsed is taken as its digits). */
function asString(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return undefined;
}

interface TextOptions {
  /** Longer values are dropped (after trimming, when trimmed). */
  max?: number;
  /** Leading and trailing blanks removed; default true. */
  trim?: boolean;
}

function readText(raw: unknown, { max, trim = true }: TextOptions): string | undefined {
  const s = asString(raw);
  if (s === undefined) return undefined;
  const value = trim ? s.trim() : s;
  return max !== undefined && value.length > max ? undefined : value;
}

/** Text that may be absent. */
export const optionalText =
  (opts: TextOptions = {}): Param<string | undefined> =>
  (raw) =>
    readText(raw, opts);

/** Text that is always there: '' when absent or unreadable. */
export const text =
  (opts: TextOptions = {}): Param<string> =>
  (raw) =>
    readText(raw, opts) ?? '';

/** One of the given values, or absent. */
export const optionalOneOf =
  <const T extends string | number>(values: readonly T[]): Param<T | undefined> =>
  (raw) =>
    (values as readonly unknown[]).includes(raw) ? (raw as T) : undefined;

/** One of the given values, else `fallback`. */
export const oneOf =
  <const T extends string | number>(values: readonly T[], fallback: NoInfer<T>): Param<T> =>
  (raw) =>
    optionalOneOf(values)(raw) ?? fallback;

/** A whole number (digits in the URL count), or absent; `min` excludes smaller ones. */
export const optionalInteger =
  ({ min }: { min?: number } = {}): Param<number | undefined> =>
  (raw) => {
    const s = asString(raw)?.trim();
    const n = s ? Number(s) : NaN;
    return Number.isInteger(n) && (min === undefined || n >= min) ? n : undefined;
  };

/** A whole number, else `fallback`. */
export const integer =
  (fallback: number, opts: { min?: number } = {}): Param<number> =>
  (raw) =>
    optionalInteger(opts)(raw) ?? fallback;
