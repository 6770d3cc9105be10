import { Router } from 'express';
import { dictListQuery } from '#domain/reference-data.ts';
import { listDictionary } from '#services/common/dictionaries.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { requireAnyUser } from '../auth/supplier-auth.ts';

/** GET /dict/v1/list: dictionary entries by type; suppliers fill dictionary fields too (spec 1 §3). */
export function createDictRouter(deps: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.get(
    '/dict/v1/list',
    requireAnyUser,
    route(async (req, res) => {
      const { dictType } = parse(dictListQuery, req.query, req);
      ok(res, await listDictionary(deps.db, dictType, requestLocale(req)));
    }),
  );
  return router;
}
