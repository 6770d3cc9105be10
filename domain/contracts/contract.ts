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
> {
  method: 'get' | 'post';
  path: string;
  auth: Auth;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  params?: P;
  response: R;
}

/** Declares a contract, keeping its schemas' types. */
export function contract<Q extends z.ZodObject | undefined = undefined, B extends z.ZodType | undefined = undefined, P extends z.ZodObject | undefined = undefined, R extends z.ZodType = z.ZodType>(
  c: Contract<Q, B, P, R>,
): Contract<Q, B, P, R> {
  return c;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller sends: the query, body and path parameters the contract declares. */
export type ContractInput<C extends Contract> = (C['query'] extends z.ZodType ? { query: InputOf<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: InputOf<C['body']> } : { body?: undefined }) &
  (C['params'] extends z.ZodType ? { params: InputOf<C['params']> } : { params?: undefined });

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
