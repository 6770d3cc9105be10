import { pathOf, type Contract, type ContractAnswer, type ContractInput } from '#domain/contracts/contract.ts';
import { get, post, type Query, type RequestOptions } from './client.ts';

/**
 * Calls an endpoint by its contract (domain/contracts): its path, method and input as the server declares
 * them, its answer typed by the contract's response schema. How the call is sent (the session it carries,
 * who shows its errors) is the caller's `options`, as with `get` and `post`.
 */
export function call<C extends Contract>(c: C, input: ContractInput<C>, options: Omit<RequestOptions, 'query' | 'body' | 'method'> = {}): Promise<ContractAnswer<C>> {
  const path = pathOf(c.path, input.params as Record<string, string | number> | undefined);
  const query = input.query as Query | undefined;
  return c.method === 'get' ? get<ContractAnswer<C>>(path, query, options) : post<ContractAnswer<C>>(path, input.body, { ...options, ...(query ? { query } : {}) });
}
