import { Router } from 'express';
import { z } from 'zod';
import { aidQuery, checklistPageRequest, checklistSubmitRequest } from '#domain/cert-flow/nodes/self-inspection.ts';
import { openIssuedTemplate, submitChecklist, supplierChecklistDetail, supplierChecklistPage } from '#services/self-inspection/supplier-actions.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { serverMessage } from '../http/server-messages.ts';
import { requirePortalAccount } from '../auth/portal-auth.ts';
import { sendFile } from '../common/file-response.ts';
import { selfInspectionDeps } from './staff-router.ts';

/**
 * The supplier side (portal session): the services refuse rows of flows the account does not take
 * part in (403) and submissions without the collaboration role (403).
 */
export function createSelfInspectionPortalRouter(appDeps: Pick<AppDeps, 'db' | 'mailer' | 'flows' | 'files' | 'config'>): Router {
  const router = Router();
  const deps = selfInspectionDeps(appDeps);

  router.post(
    '/v1/self-inspection/checklist/page',
    requirePortalAccount,
    route(async (req, res) => {
      ok(res, await supplierChecklistPage(deps.db, req.portal!, parse(checklistPageRequest, req.body, req), requestLocale(req)));
    }),
  );

  router.get(
    '/v1/self-inspection/checklist/detail',
    requirePortalAccount,
    route(async (req, res) => {
      ok(res, await supplierChecklistDetail(deps.db, req.portal!, parse(aidQuery, req.query, req).aid, requestLocale(req)));
    }),
  );

  router.get(
    '/v1/self-inspection/checklist/template',
    requirePortalAccount,
    route(async (req, res) => {
      const file = await openIssuedTemplate(deps, req.portal!, parse(aidQuery, req.query, req).aid);
      await sendFile(res, file, file.fileName);
    }),
  );

  router.post(
    '/v1/self-inspection/checklist/submit',
    requirePortalAccount,
    route(async (req, res) => {
      await submitChecklist(deps, req.portal!, parse(checklistSubmitRequest, req.body, req));
      ok(res, { message: serverMessage('selfInspectionSubmitted', requestLocale(req)) });
    }),
  );

  return router;
}

const tag = 'self-inspection';

export const SELF_INSPECTION_PORTAL_ENDPOINTS: Endpoint[] = [
  { method: 'post', path: '/v1/self-inspection/checklist/page', summary: "The supplier's issued checklist rows of a flow", tag, auth: 'supplier', body: checklistPageRequest },
  { method: 'get', path: '/v1/self-inspection/checklist/detail', summary: 'One issued checklist row (supplier)', tag, auth: 'supplier', query: aidQuery },
  { method: 'get', path: '/v1/self-inspection/checklist/template', summary: 'Download the issued template of an own row (supplier)', tag, auth: 'supplier', query: aidQuery },
  { method: 'post', path: '/v1/self-inspection/checklist/submit', summary: 'Submit the document and self score (collaboration role, status 20)', tag, auth: 'supplier', body: checklistSubmitRequest, response: z.object({ message: z.string() }) },
];
