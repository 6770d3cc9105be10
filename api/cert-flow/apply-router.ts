import { actorOf } from '#domain/identity.ts';
import { Router } from 'express';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { expandApplySchema, registerApplySchema } from '#domain/cert-flow/apply.ts';
import { flowListQuery } from '#domain/cert-flow/flow-list.ts';
import { applyForRegistration } from '#services/cert-flow/apply.ts';
import { applyForExpansion } from '#services/cert-flow/expand.ts';
import { listFlows } from '#services/cert-flow/flow-list.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { requirePermission } from '../auth/staff-auth.ts';

/** Flow management: the apply drawer and the list (spec 2 §7.1). */
export function createApplyRouter(deps: Pick<AppDeps, 'db' | 'flows'>): Router {
  const router = Router();

  router.post(
    '/v1/cert-flow-node/create',
    requirePermission(PERMISSIONS.newApplyRfi),
    route(async (req, res) => {
      const input = parse(registerApplySchema, req.body, req);
      const result = await applyForRegistration(deps, input, actorOf(req.staff!), requestLocale(req));
      ok(res, result, 201);
    }),
  );

  router.post(
    '/v1/cert-flow-node/expand',
    requirePermission(PERMISSIONS.expandApplyRfi),
    route(async (req, res) => {
      const input = parse(expandApplySchema, req.body, req);
      const result = await applyForExpansion(deps, input, actorOf(req.staff!), requestLocale(req));
      ok(res, result, 201);
    }),
  );

  router.post(
    '/v1/cert-flow-node/flow-list',
    requirePermission(ROUTES.certFlowList, PERMISSIONS.certProcessManageAll),
    route(async (req, res) => {
      const q = parse(flowListQuery, req.body ?? {}, req);
      ok(res, await listFlows(deps.db, q, requestLocale(req)));
    }),
  );

  return router;
}
