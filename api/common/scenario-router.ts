import { Router } from 'express';
import { scenarioListQuery } from '#domain/reference-data.ts';
import { listScenarios } from '#services/common/scenarios.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { requireStaff } from '../auth/staff-auth.ts';

/** GET /v1/scenario/list: certification scenarios for the apply drawer, by apply type; staff only. */
export function createScenarioRouter(deps: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  router.get(
    '/v1/scenario/list',
    requireStaff,
    route(async (req, res) => {
      const { applyType } = parse(scenarioListQuery, req.query, req);
      ok(res, await listScenarios(deps.db, applyType, requestLocale(req)));
    }),
  );
  return router;
}
