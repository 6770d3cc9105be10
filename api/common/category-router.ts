import { Router } from 'express';
import { categorySmallQuery, categorySubQuery } from '#domain/reference-data.ts';
import { listCmts, listLargeCategories, listSubCategories, searchSmallCategories } from '#services/common/categories.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { requireStaff } from '../auth/staff-auth.ts';

/** The category tree and CMTs for the apply drawer's cascader (spec 2 §7.1, spec 3 §7.7); staff only. */
export function createCategoryRouter(deps: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.use('/v1/cmt', requireStaff);

  router.get(
    '/v1/cmt/category-large/all',
    route(async (req, res) => ok(res, await listLargeCategories(deps.db, requestLocale(req)))),
  );
  router.get(
    '/v1/cmt/category-sub/search',
    route(async (req, res) => {
      const { categoryCode } = parse(categorySubQuery, req.query, req);
      ok(res, await listSubCategories(deps.db, categoryCode, requestLocale(req)));
    }),
  );
  router.get(
    '/v1/cmt/category-small/search',
    route(async (req, res) => {
      const { search } = parse(categorySmallQuery, req.query, req);
      ok(res, await searchSmallCategories(deps.db, search, requestLocale(req)));
    }),
  );
  router.get(
    '/v1/cmt/all',
    route(async (req, res) => ok(res, await listCmts(deps.db, requestLocale(req)))),
  );
  return router;
}
