import { Router } from 'express';
import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { saveExpertRequest, saveScoreRequest, systemCertDetailQuery, systemCertFlowRequest } from '#domain/cert-flow/nodes/system-cert.ts';
import { systemCertDetail } from '#services/system-cert/detail.ts';
import { saveExperts } from '#services/system-cert/experts.ts';
import { saveScore } from '#services/system-cert/score.ts';
import { completeSystemCert } from '#services/system-cert/complete.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { serverMessage } from '../http/server-messages.ts';
import { requirePermission } from '../auth/staff-auth.ts';

/**
 * System certification (spec 2 §7.5). Every call needs the progress page's route key; who may write
 * what (purchasing manager, the item's expert, the completer) is decided by the services, which parse
 * the body after authorizing the caller.
 */
export function createSystemCertRouter(deps: Pick<AppDeps, 'db' | 'flows' | 'mailer' | 'config'>): Router {
  const router = Router();
  const gate = requirePermission(ROUTES.certFlowDetail);
  const message = (id: string) => (req: Parameters<typeof requestLocale>[0]) => ({ message: serverMessage(id, requestLocale(req)) });

  router.get(
    '/v1/system-cert/task-detail',
    gate,
    route(async (req, res) => {
      const q = parse(systemCertDetailQuery, req.query, req);
      ok(res, await systemCertDetail(deps.db, q.flowNo, req.staff!, requestLocale(req)));
    }),
  );
  router.post(
    '/v1/system-cert/save-expert',
    gate,
    route(async (req, res) => {
      await saveExperts({ db: deps.db, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, req.body, req.staff!);
      ok(res, message('systemCertSaved')(req));
    }),
  );
  router.post(
    '/v1/system-cert/save',
    gate,
    route(async (req, res) => {
      await saveScore(deps, req.body, req.staff!);
      ok(res, message('systemCertSubmitted')(req));
    }),
  );
  router.post(
    '/v1/system-cert/complete',
    gate,
    route(async (req, res) => {
      await completeSystemCert(deps, req.body, req.staff!);
      ok(res, message('systemCertSubmitted')(req));
    }),
  );
  return router;
}

const done = z.object({ message: z.string() });

export const SYSTEM_CERT_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/system-cert/task-detail', summary: 'System certification items, step and what the caller may do', tag: 'certification flow', auth: 'staff', query: systemCertDetailQuery },
  { method: 'post', path: '/v1/system-cert/save-expert', summary: 'Assign the review experts (purchasing manager)', tag: 'certification flow', auth: 'staff', body: saveExpertRequest, response: done },
  { method: 'post', path: '/v1/system-cert/save', summary: "Submit one dimension's scores (its expert only)", tag: 'certification flow', auth: 'staff', body: saveScoreRequest, response: done },
  { method: 'post', path: '/v1/system-cert/complete', summary: 'Complete system certification (quality expert, else purchasing manager)', tag: 'certification flow', auth: 'staff', body: systemCertFlowRequest, response: done },
];
