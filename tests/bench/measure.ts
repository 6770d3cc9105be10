import autocannon from 'autocannon';
import { percentile } from './stats.ts';

export const DURATION_S = 5;
export const CONNECTIONS = 10;

export interface Run {
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

export type Client = {
  setBody(body: string): void;
  setHeadersAndBody(headers: Record<string, string>, body: string): void;
  setRequests(requests: { method: string; path: string; headers: Record<string, string>; body: string }[]): void;
  on(event: 'body', fn: (body: Buffer) => void): void;
  on(event: 'response', fn: (status: number, bytes: number, ms: number) => void): void;
};

/** Runs autocannon, recording every response time (autocannon reports no p95 of its own). */
export async function measure(opts: autocannon.Options & { setupClient?: (client: Client) => void }): Promise<Run> {
  const times: number[] = [];
  const result = await autocannon({
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...opts,
    setupClient: (client: unknown) => {
      const c = client as Client;
      c.on('response', (_status, _bytes, responseTime) => times.push(responseTime));
      opts.setupClient?.(c);
    },
  } as autocannon.Options);
  return { rps: result.requests.average, p50: percentile(times, 50), p95: percentile(times, 95), errors: result.errors + result.non2xx };
}
