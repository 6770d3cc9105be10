import type { z } from 'zod';

/** Who may call an endpoint: nobody signed in, staff, a questionnaire session, a portal account, or any of them. */
export type Auth = 'none' | 'staff' | 'supplier' | 'portal' | 'any';

/**
 * One endpoint as both sides know it: method, path, caller, input schemas and the answer's schema. The API
 * implements it (`implement` in api/http/endpoint.ts), the web calls it (`call` in web/api/call.ts), the
 * OpenAPI document shows it; neither side writes the path or the answer's type again.
 */
export interface Contract<
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  R extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> {
  method: 'get' | 'post';
  path: string;
  auth: A;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
}

/** Declares a contract, keeping its schemas' types. */
export function contract<
  A extends Auth,
  Q extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodObject | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(c: Contract<Q, B, P, R, A>): Contract<Q, B, P, R, A> {
  return c;
}

/** The input a declared schema takes; `never` when the contract declares none. */
type InputOf<S> = [NonNullable<S>] extends [never] ? never : NonNullable<S> extends z.ZodType ? z.input<NonNullable<S>> : never;
type Part<K extends string, S> = [InputOf<S>] extends [never] ? { [P in K]?: undefined } : { [P in K]: InputOf<S> };

/** What a caller sends: the query, body and path parameters the contract declares. */
export type ContractInput<C extends Contract> = Part<'query', C['query']> & Part<'body', C['body']> & Part<'params', C['params']>;

/** What a contract answers (the envelope's `data`). */
export type ContractAnswer<C extends Contract> = z.output<C['response']>;

/** The path with its `:name` parameters filled in. */
export function pathOf(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
