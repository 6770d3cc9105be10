import { Router } from 'express';
import { staffSearchQuery } from '#domain/reference-data.ts';
import { searchStaff } from '#services/common/staff-search.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requireStaff } from '../auth/staff-auth.ts';

/** GET /dsc-staff/v1/search: pickers of recommenders, owners and experts (spec 1 §7); staff only. */
export function createStaffSearchRouter(deps: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.get(
    '/dsc-staff/v1/search',
    requireStaff,
    route(async (req, res) => {
      const { keyword } = parse(staffSearchQuery, req.query, req);
      ok(res, await searchStaff(deps.db, keyword));
    }),
  );
  return router;
}
