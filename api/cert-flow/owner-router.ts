import { Router } from 'express';
import { z } from 'zod';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { adjustOwnerRequest, terminateRequest } from '#domain/cert-flow/owners.ts';
import { flowNoQuery } from '#domain/cert-flow/review.ts';
import { adjustOwner, roleDetail, terminateFlow } from '#services/cert-flow/owners.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { serverMessage } from '../http/server-messages.ts';
import { requirePermission } from '../auth/staff-auth.ts';

/** Row actions of the flow list: terminate, adjust owner and the reassign rows (spec 2 §2.1, §5.13, §7.1). */
export function createOwnerRouter(deps: Pick<AppDeps, 'db' | 'flows'>): Router {
  const router = Router();

  router.post(
    '/v1/register/termination',
    requirePermission(PERMISSIONS.certTermination),
    route(async (req, res) => {
      const { flowNo } = parse(terminateRequest, req.body, req);
      await terminateFlow(deps, flowNo, req.staff!);
      ok(res, { message: serverMessage('flowTerminated', requestLocale(req)) });
    }),
  );

  router.get(
    '/v1/register/role/detail',
    requirePermission(ROUTES.certFlowList, ROUTES.certFlowDetail, PERMISSIONS.certProcessManageAll),
    route(async (req, res) => {
      const { flowNo } = parse(flowNoQuery, req.query, req);
      ok(res, await roleDetail(deps.db, flowNo, req.staff!));
    }),
  );

  router.post(
    '/v1/register/adjust',
    requirePermission(ROUTES.certFlowList, PERMISSIONS.certProcessManageAll),
    route(async (req, res) => {
      const input = parse(adjustOwnerRequest, req.body, req);
      await adjustOwner(deps, input, req.staff!);
      ok(res, { message: serverMessage('adjusted', requestLocale(req)) });
    }),
  );

  return router;
}

export const OWNER_ENDPOINTS: Endpoint[] = [
  { method: 'post', path: '/v1/register/termination', summary: 'Terminate a flow (at RFI or APTITUDE)', tag: 'certification flow', auth: 'staff', body: terminateRequest },
  { method: 'get', path: '/v1/register/role/detail', summary: 'Who holds each responsibility, and what this user may change', tag: 'certification flow', auth: 'staff', query: flowNoQuery },
  { method: 'post', path: '/v1/register/adjust', summary: 'Adjust the purchasing manager and CMT leader', tag: 'certification flow', auth: 'staff', body: adjustOwnerRequest, response: z.object({ message: z.string() }) },
];
