import { Router } from 'express';
import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { flowNoQuery } from '#domain/cert-flow/review.ts';
import type { FlowContact, FlowDetail, MyOpenTask } from '#domain/cert-flow/flow-detail.ts';
import { loadFlowDetail } from '#services/cert-flow/flow-detail.ts';
import { revealContact } from '#services/cert-flow/contact-reveal.ts';
import { listMyOpenTasks } from '#services/cert-flow/my-tasks.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { requirePermission, requireStaff } from '../auth/staff-auth.ts';

/** The flow progress page (spec 2 §2.3, §3.1) and the dashboard's open tasks. */
export function createDetailRouter(deps: Pick<AppDeps, 'db' | 'config'>): Router {
  const router = Router();
  const temporal = { uiUrl: deps.config.temporalUiUrl, namespace: deps.config.TEMPORAL_NAMESPACE };

  router.get(
    '/v1/cert-flow-node/detail',
    requirePermission(ROUTES.certFlowDetail),
    route(async (req, res) => {
      const { flowNo } = parse(flowNoQuery, req.query, req);
      ok<FlowDetail>(res, await loadFlowDetail(deps.db, temporal, flowNo, req.staff!, requestLocale(req)));
    }),
  );

  router.post(
    '/v1/cert-flow-node/contact-reveal',
    requirePermission(ROUTES.certFlowDetail),
    route(async (req, res) => {
      const { flowNo } = parse(flowNoQuery, req.body, req);
      ok<FlowContact>(res, await revealContact(deps.db, flowNo, req.staff!));
    }),
  );

  router.get(
    '/v1/cert-flow-node/my-tasks',
    requireStaff,
    route(async (req, res) => {
      ok<MyOpenTask[]>(res, await listMyOpenTasks(deps.db, req.staff!.jobNumber, requestLocale(req)));
    }),
  );

  return router;
}

/** These routes for the OpenAPI document. */
export const DETAIL_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/cert-flow-node/detail', summary: 'A flow with its stages, nodes, tasks and masked contact', tag: 'certification flow', auth: 'staff', query: flowNoQuery },
  {
    method: 'post',
    path: '/v1/cert-flow-node/contact-reveal',
    summary: 'The supplier contact in clear (purchasing manager, CMT leader, administrators; logged)',
    tag: 'certification flow',
    auth: 'staff',
    body: flowNoQuery,
    response: z.object({ contactName: z.string(), contactEmail: z.string().nullable(), contactAreaCode: z.string(), contactNumber: z.string() }),
  },
  { method: 'get', path: '/v1/cert-flow-node/my-tasks', summary: 'Open tasks of the signed-in staff member', tag: 'certification flow', auth: 'staff' },
];
