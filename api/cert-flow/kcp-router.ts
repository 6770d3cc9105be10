import { Router } from 'express';
import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { kcpDetailQuery, kcpSubmitRequest } from '#domain/cert-flow/nodes/kcp.ts';
import { kcpDetail, submitKcp } from '#services/cert-flow/nodes/kcp.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { serverMessage } from '../http/server-messages.ts';
import { requirePermission } from '../auth/staff-auth.ts';

/** Meeting conclusion nodes (spec 2 §7.3; the paths are ours, the spec does not show them). */
export function createKcpRouter(deps: Pick<AppDeps, 'db' | 'flows'>): Router {
  const router = Router();

  router.get(
    '/v1/cert-flow-kcp/detail',
    requirePermission(ROUTES.certFlowDetail),
    route(async (req, res) => {
      const q = parse(kcpDetailQuery, req.query, req);
      ok(res, await kcpDetail(deps.db, q.flowNo, q.nodeCode, req.staff!));
    }),
  );

  router.post(
    '/v1/cert-flow-kcp/submit',
    requirePermission(ROUTES.certFlowDetail),
    route(async (req, res) => {
      await submitKcp(deps, req.body, req.staff!);
      ok(res, { message: serverMessage('submitted', requestLocale(req)) });
    }),
  );

  return router;
}

export const KCP_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/cert-flow-kcp/detail', summary: 'Meeting conclusion: conclusion, attachments and whether this user may edit', tag: 'certification nodes', auth: 'staff', query: kcpDetailQuery },
  {
    method: 'post',
    path: '/v1/cert-flow-kcp/submit',
    summary: 'Save and complete a meeting conclusion; a failing conclusion ends the flow (principal only)',
    tag: 'certification nodes',
    auth: 'staff',
    body: kcpSubmitRequest,
    response: z.object({ message: z.string() }),
  },
];
