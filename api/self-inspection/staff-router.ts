import { Router } from 'express';
import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { auditConclusionRequest, checklistIssueRequest, flowNoQuery } from '#domain/cert-flow/nodes/self-inspection.ts';
import { selfInspectionDetail } from '#services/self-inspection/detail.ts';
import { finishSelfInspection, issueChecklist, submitAuditConclusion } from '#services/self-inspection/staff-actions.ts';
import type { SelfInspectionDeps } from '#services/self-inspection/deps.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { serverMessage } from '../http/server-messages.ts';
import { requirePermission } from '../auth/staff-auth.ts';

export const selfInspectionDeps = (deps: Pick<AppDeps, 'db' | 'mailer' | 'flows' | 'files' | 'config'>): SelfInspectionDeps => ({
  db: deps.db,
  mailer: deps.mailer,
  flows: deps.flows,
  files: deps.files,
  publicUrl: deps.config.publicUrl,
});

/** The staff side of the self-inspection node (spec 2 §7.4); row ownership is checked by the services. */
export function createSelfInspectionStaffRouter(appDeps: Pick<AppDeps, 'db' | 'mailer' | 'flows' | 'files' | 'config'>): Router {
  const router = Router();
  const deps = selfInspectionDeps(appDeps);
  const staffOnly = requirePermission(ROUTES.certFlowDetail);
  const done = (req: Parameters<typeof requestLocale>[0]) => ({ message: serverMessage('operationSuccess', requestLocale(req)) });

  router.get(
    '/v1/self-inspection/detail',
    staffOnly,
    route(async (req, res) => {
      ok(res, await selfInspectionDetail(deps.db, parse(flowNoQuery, req.query, req).flowNo, requestLocale(req)));
    }),
  );

  router.post(
    '/v1/self-inspection/checklist/issue',
    staffOnly,
    route(async (req, res) => {
      await issueChecklist(deps, parse(checklistIssueRequest, req.body, req), req.staff!);
      ok(res, done(req));
    }),
  );

  router.post(
    '/v1/self-inspection/audit-conclusion/submit',
    staffOnly,
    route(async (req, res) => {
      await submitAuditConclusion(deps, parse(auditConclusionRequest, req.body, req), req.staff!);
      ok(res, done(req));
    }),
  );

  router.get(
    '/v1/self-inspection/finish-node',
    staffOnly,
    route(async (req, res) => {
      await finishSelfInspection(deps, parse(flowNoQuery, req.query, req).flowNo, req.staff!);
      ok(res, done(req));
    }),
  );

  return router;
}

const message = z.object({ message: z.string() });
const tag = 'self-inspection';

export const SELF_INSPECTION_STAFF_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/self-inspection/detail', summary: 'Self-inspection rows, node and supplier-account warning', tag, auth: 'staff', query: flowNoQuery },
  { method: 'post', path: '/v1/self-inspection/checklist/issue', summary: 'Issue the actual checklist template (row owner, status 10)', tag, auth: 'staff', body: checklistIssueRequest, response: message },
  { method: 'post', path: '/v1/self-inspection/audit-conclusion/submit', summary: 'Audit a submitted row: 40 reject, 50 approve (row owner, status 30)', tag, auth: 'staff', body: auditConclusionRequest, response: message },
  { method: 'get', path: '/v1/self-inspection/finish-node', summary: 'Complete the node once every row is approved (principal)', tag, auth: 'staff', query: flowNoQuery, response: message },
];
