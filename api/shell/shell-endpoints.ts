import { sql } from 'kysely';
import { z } from 'zod';
import { embeddedPageOf } from '#domain/shell/embedded-pages.ts';
import type { AppDeps } from '../deps.ts';
import { defineEndpoint } from '../http/endpoint.ts';

type PartState = 'up' | 'down';

async function probe(fn: () => Promise<unknown>, timeoutMs = 3000): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      fn(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

async function partStates(deps: AppDeps): Promise<Record<'db' | 'temporal' | 'files' | 'mail', PartState>> {
  const [db, temporal, files, mail] = await Promise.all([
    probe(() => sql`select 1`.execute(deps.db)),
    probe(() => deps.flows.check()),
    probe(() => deps.files.check()),
    probe(() => deps.mailer.check()),
  ]);
  return { db, temporal, files, mail };
}

const tag = 'shell';

/** Liveness, health and the public facts the shell shows before login. */
export const shellEndpoints = [
  // A request that does no I/O: the baseline of the throughput benchmarks.
  defineEndpoint({ method: 'get', path: '/v1/ping', summary: 'Liveness without I/O', tag, auth: 'none', handle: () => 'pong' }),
  defineEndpoint({
    method: 'get',
    path: '/v1/health',
    summary: 'State of database, Temporal, files and mail',
    tag,
    auth: 'none',
    // Each part's state; a non-zero code (and 503) when one is down.
    async respond({ deps }, _req, res) {
      const data = await partStates(deps);
      const allUp = Object.values(data).every((s) => s === 'up');
      res.status(allUp ? 200 : 503).json({ code: allUp ? 0 : 50300, data });
    },
  }),
  // The environment, for the test-environment tag (spec 3 §2.6).
  defineEndpoint({
    method: 'get',
    path: '/v1/embedded-pages',
    summary: "Other systems' pages the shell frames at /embedded/{id} (spec 3 §2.6)",
    tag,
    auth: 'staff',
    response: z.array(z.object({ id: z.string(), title: z.string(), url: z.string() })),
    handle: ({ deps, locale }) => deps.config.EMBEDDED_PAGES.map((p) => embeddedPageOf(p, locale)),
  }),
  defineEndpoint({ method: 'get', path: '/v1/app-info', summary: 'Environment of this installation', tag, auth: 'none', handle: ({ deps }) => ({ appEnv: deps.config.APP_ENV }) }),
];
