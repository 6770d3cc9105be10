import { Router } from 'express';
import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { flowNodeRequest } from '#domain/cert-flow/node-requests.ts';
import { completeOptionalNode } from '#services/cert-flow/node-work.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { serverMessage } from '../http/server-messages.ts';
import { requirePermission } from '../auth/staff-auth.ts';

/** Actions on any node of a flow; each node screen has its own router for its task work. */
export function createNodeRouter(deps: Pick<AppDeps, 'db' | 'flows'>): Router {
  const router = Router();

  // Spec 2 §4.2: an optional node (nodeRequired 20) is completed directly, without its task work.
  router.post(
    '/v1/cert-flow-node/complete-optional',
    requirePermission(ROUTES.certFlowDetail),
    route(async (req, res) => {
      await completeOptionalNode(deps, parse(flowNodeRequest, req.body, req), req.staff!);
      ok(res, { message: serverMessage('operationSuccess', requestLocale(req)) });
    }),
  );

  return router;
}

export const NODE_ENDPOINTS: Endpoint[] = [
  {
    method: 'post',
    path: '/v1/cert-flow-node/complete-optional',
    summary: 'Complete an optional node directly (its principal only)',
    tag: 'certification flow',
    auth: 'staff',
    body: flowNodeRequest,
    response: z.object({ message: z.string() }),
  },
];
