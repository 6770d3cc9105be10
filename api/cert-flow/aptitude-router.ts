import { Router } from 'express';
import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { flowNoQuery } from '#domain/cert-flow/review.ts';
import { aptitudeDraft, aptitudeRequest } from '#domain/cert-flow/nodes/aptitude.ts';
import { aptitudeDetail, aptitudeResult, completeAptitude, saveAptitude } from '#services/cert-flow/nodes/aptitude.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { serverMessage } from '../http/server-messages.ts';
import { requirePermission } from '../auth/staff-auth.ts';

/** Qualification matching (spec 2 §7.2). Reads need the progress page's key; writes its task principal. */
export function createAptitudeRouter(deps: Pick<AppDeps, 'db' | 'flows'>): Router {
  const router = Router();
  const staffOfDetail = requirePermission(ROUTES.certFlowDetail);

  router.get(
    '/v1/cert-flow-aptitude/detail',
    staffOfDetail,
    route(async (req, res) => ok(res, await aptitudeDetail(deps.db, parse(flowNoQuery, req.query, req).flowNo, req.staff!))),
  );

  router.get(
    '/v1/cert-flow-aptitude/result-detail',
    staffOfDetail,
    route(async (req, res) => ok(res, await aptitudeResult(deps.db, parse(flowNoQuery, req.query, req).flowNo, req.staff!))),
  );

  router.post(
    '/v1/cert-flow-aptitude/audit',
    staffOfDetail,
    route(async (req, res) => {
      await saveAptitude(deps.db, req.body, req.staff!);
      ok(res, { message: serverMessage('saved', requestLocale(req)) });
    }),
  );

  router.post(
    '/v1/cert-flow-aptitude/completed',
    staffOfDetail,
    route(async (req, res) => {
      await completeAptitude(deps, req.body, req.staff!);
      ok(res, { message: serverMessage('submitted', requestLocale(req)) });
    }),
  );

  return router;
}

const message = z.object({ message: z.string() });

export const APTITUDE_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/cert-flow-aptitude/detail', summary: 'Qualification matching: summary, file and whether this user may edit', tag: 'certification nodes', auth: 'staff', query: flowNoQuery },
  { method: 'get', path: '/v1/cert-flow-aptitude/result-detail', summary: 'Qualification matching result after completion', tag: 'certification nodes', auth: 'staff', query: flowNoQuery },
  { method: 'post', path: '/v1/cert-flow-aptitude/audit', summary: 'Save qualification matching without completing (principal only)', tag: 'certification nodes', auth: 'staff', body: aptitudeDraft, response: message },
  { method: 'post', path: '/v1/cert-flow-aptitude/completed', summary: 'Save and complete qualification matching (principal only)', tag: 'certification nodes', auth: 'staff', body: aptitudeRequest, response: message },
];
