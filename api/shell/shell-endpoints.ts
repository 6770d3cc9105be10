import { sql } from 'kysely';
import { SHELL } from '#domain/contracts/shell.ts';
import { embeddedPageOf } from '#domain/shell/embedded-pages.ts';
import type { AppDeps } from '../deps.ts';
import { implement, implementResponding } from '../http/endpoint.ts';

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

/** Liveness, health and the public facts the shell shows before login. */
export const shellEndpoints = [
  implement(SHELL.ping, { handle: () => 'pong' as const }),
  implementResponding(SHELL.health, {
    async respond({ deps }, _req, res) {
      const data = await partStates(deps);
      const allUp = Object.values(data).every((s) => s === 'up');
      res.status(allUp ? 200 : 503).json({ code: allUp ? 0 : 50300, data });
    },
  }),
  implement(SHELL.embeddedPages, { handle: ({ deps, locale }) => deps.config.EMBEDDED_PAGES.map((p) => embeddedPageOf(p, locale)) }),
  implement(SHELL.appInfo, { handle: ({ deps }) => ({ appEnv: deps.config.APP_ENV }) }),
];
