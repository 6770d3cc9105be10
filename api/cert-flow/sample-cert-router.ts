import { Router } from 'express';
import { z } from 'zod';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { flowNoQuery } from '#domain/cert-flow/review.ts';
import { sampleCertFinishRequest, sampleCertTransferRequest } from '#domain/cert-flow/nodes/sample-cert.ts';
import { finishSampleCert, sampleCertDetail, transferSampleCert } from '#services/cert-flow/nodes/sample-cert.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { serverMessage } from '../http/server-messages.ts';
import { requirePermission } from '../auth/staff-auth.ts';

/** Sample certification (spec 2 §7.6). */
export function createSampleCertRouter(deps: Pick<AppDeps, 'db' | 'flows'>): Router {
  const router = Router();

  router.get(
    '/v1/sample-cert/detail',
    requirePermission(ROUTES.certFlowDetail),
    route(async (req, res) => ok(res, await sampleCertDetail(deps.db, parse(flowNoQuery, req.query, req).flowNo, req.staff!))),
  );

  router.post(
    '/v1/sample-cert/finish',
    requirePermission(ROUTES.certFlowDetail),
    route(async (req, res) => {
      await finishSampleCert(deps, req.body, req.staff!);
      ok(res, { message: serverMessage('submitted', requestLocale(req)) });
    }),
  );

  // Who may transfer is decided per flow in the service (spec 2 §4.9).
  router.post(
    '/v1/sample-cert/transfer',
    requirePermission(ROUTES.certFlowDetail, PERMISSIONS.certProcessManageAll),
    route(async (req, res) => {
      await transferSampleCert(deps, parse(sampleCertTransferRequest, req.body, req), req.staff!);
      ok(res, { message: serverMessage('transferred', requestLocale(req)) });
    }),
  );

  return router;
}

const message = z.object({ message: z.string() });

export const SAMPLE_CERT_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/sample-cert/detail', summary: 'Sample certification: conclusion, description, attachments, edit and transfer rights', tag: 'certification nodes', auth: 'staff', query: flowNoQuery },
  { method: 'post', path: '/v1/sample-cert/finish', summary: 'Save and complete sample certification; a failing conclusion ends the flow (principal only)', tag: 'certification nodes', auth: 'staff', body: sampleCertFinishRequest, response: message },
  { method: 'post', path: '/v1/sample-cert/transfer', summary: 'Transfer sample certification to another technical reviewer', tag: 'certification nodes', auth: 'staff', body: sampleCertTransferRequest, response: message },
];
