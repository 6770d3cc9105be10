import { actorOf } from '#domain/identity.ts';
import { Router, type Request } from 'express';
import { auditPassRequest, auditRejectRequest, flowNoQuery, type FlowTaskRow } from '#domain/cert-flow/review.ts';
import { RFI_READ_KEYS } from '#domain/rfi/questionnaire-contract.ts';
import { decideReview, listRfiTasks, reissueRfiLink } from '#services/cert-flow/tasks.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { serverMessage } from '../http/server-messages.ts';
import { requirePermission, requireStaff } from '../auth/staff-auth.ts';

/** Stage-10 tasks: the list, the two reviews, re-issuing the link (spec 1 §4 "Tasks", spec 2 §2.4, §7.1). */
export function createTaskRouter(deps: Pick<AppDeps, 'db' | 'flows'>): Router {
  const router = Router();
  const actor = (req: Request) => actorOf(req.staff!);
  const done = (req: Request) => serverMessage('operationSuccess', requestLocale(req));

  router.get(
    '/v1/cert-flow-node/task-list',
    requirePermission(...RFI_READ_KEYS),
    route(async (req, res) => {
      const { flowNo } = parse(flowNoQuery, req.query, req);
      ok<FlowTaskRow[]>(res, await listRfiTasks(deps.db, flowNo, requestLocale(req)));
    }),
  );

  router.post(
    '/v1/cert-flow-node/audit-pass',
    requireStaff,
    route(async (req, res) => {
      const { flowNo, taskNo } = parse(auditPassRequest, req.body, req);
      await decideReview(deps, { flowNo, taskNo, decision: 'pass', actor: actor(req) });
      ok(res, done(req));
    }),
  );

  router.post(
    '/v1/cert-flow-node/audit-reject',
    requireStaff,
    route(async (req, res) => {
      const { flowNo, taskNo, reason } = parse(auditRejectRequest, req.body, req);
      await decideReview(deps, { flowNo, taskNo, decision: 'reject', reason, actor: actor(req) });
      ok(res, done(req));
    }),
  );

  router.get(
    '/v1/cert-flow-node/reissue-rfi',
    requireStaff,
    route(async (req, res) => {
      const { flowNo } = parse(flowNoQuery, req.query, req);
      await reissueRfiLink(deps, { flowNo, actor: actor(req), permissions: req.staff!.permissions });
      ok(res, done(req));
    }),
  );

  return router;
}

/** These routes for the OpenAPI document. */
export const TASK_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/cert-flow-node/task-list', summary: 'Stage-10 tasks of a flow', tag: 'certification flow', auth: 'staff', query: flowNoQuery },
  { method: 'post', path: '/v1/cert-flow-node/audit-pass', summary: 'Pass an RFI review (task principal only)', tag: 'certification flow', auth: 'staff', body: auditPassRequest },
  { method: 'post', path: '/v1/cert-flow-node/audit-reject', summary: 'Reject an RFI review with a reason', tag: 'certification flow', auth: 'staff', body: auditRejectRequest },
  { method: 'get', path: '/v1/cert-flow-node/reissue-rfi', summary: 'Mail the supplier a fresh link', tag: 'certification flow', auth: 'staff', query: flowNoQuery },
];
