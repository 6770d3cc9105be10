import autocannon from 'autocannon';
import type { RunningStack } from '#infra/stack.ts';
import { loginCookie } from '../support/staff-login.ts';
import { printTable, ratio } from './stats.ts';

const DURATION_S = 5;
const CONNECTIONS = 20;

async function rps(url: string, headers: Record<string, string> = {}): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** GET /dsc-staff/v1/current-user requests per second against the bare GET /v1/ping, same run. */
export async function benchCurrentUser(stack: RunningStack): Promise<void> {
  const cookie = await loginCookie(stack.appUrl);
  const ping = await rps(`${stack.appUrl}/v1/ping`);
  const user = await rps(`${stack.appUrl}/dsc-staff/v1/current-user`, { cookie });
  printTable(`Throughput, ${CONNECTIONS} connections × ${DURATION_S} s each`, [
    ['GET /v1/ping', `${ping.rps.toFixed(0)} req/s (p99 ${ping.p99} ms, ${ping.errors} errors)`],
    ['GET /dsc-staff/v1/current-user', `${user.rps.toFixed(0)} req/s (p99 ${user.p99} ms, ${user.errors} errors)`],
    ['current-user / ping', ratio(user.rps, ping.rps)],
  ]);
}
