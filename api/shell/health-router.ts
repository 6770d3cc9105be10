import { Router } from 'express';
import { sql } from 'kysely';
import type { AppDeps } from '../deps.ts';

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

/** GET /v1/health: each part's state; a non-zero code (and 503) when one is down. */
export function createHealthRouter(deps: Pick<AppDeps, 'db' | 'files' | 'mailer' | 'flows'>): Router {
  const router = Router();
  router.get('/v1/health', async (_req, res) => {
    const [db, temporal, files, mail] = await Promise.all([
      probe(() => sql`select 1`.execute(deps.db)),
      probe(() => deps.flows.check()),
      probe(() => deps.files.check()),
      probe(() => deps.mailer.check()),
    ]);
    const data = { db, temporal, files, mail };
    const allUp = Object.values(data).every((s) => s === 'up');
    res.status(allUp ? 200 : 503).json({ code: allUp ? 0 : 50300, data });
  });
  return router;
}
