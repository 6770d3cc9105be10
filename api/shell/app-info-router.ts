import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { ok } from '../http/envelope.ts';

/** Public facts the shell shows before login: the environment (spec 3 §2.6 test-environment tag). */
export function createAppInfoRouter({ config }: Pick<AppDeps, 'config'>): Router {
  const router = Router();
  router.get('/v1/app-info', (_req, res) => ok(res, { appEnv: config.APP_ENV }));
  return router;
}
