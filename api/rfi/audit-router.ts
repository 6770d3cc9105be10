import { Router, type Request } from 'express';
import { hasPermission, ROUTES } from '#domain/permissions.ts';
import { applyNoQuery, RFI_READ_KEYS } from '#domain/rfi/questionnaire-contract.ts';
import { currentStepByApplyNo } from '#services/rfi/questionnaire-read.ts';
import type { AppDeps } from '../deps.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requirePermission } from '../auth/staff-auth.ts';
import { mountQuestionnaireRoutes } from './questionnaire-routes.ts';

/**
 * Staff sides of the questionnaire (spec 1 §2, §7), named by `applyNo`:
 * - /v1/register/get-<section>: audit and detail reads, always read-only;
 * - /v1/cert-rfi/*: the expand mode (steps 3–10 editable by holders of the expand route, saves of
 *   steps 1–2 answer ok and do nothing) and the detail mode's reads.
 */
export function createRfiAuditRouter(deps: Pick<AppDeps, 'db' | 'flows'>): Router {
  const router = Router();
  const applyNo = (req: Request) => parse(applyNoQuery, req.query, req).applyNo;
  const staffActor = (req: Request) => ({ id: req.staff!.id, name: req.staff!.name });

  mountQuestionnaireRoutes(router, deps, {
    prefix: '/v1/register',
    guard: [requirePermission(...RFI_READ_KEYS)],
    applyNo,
    readMode: () => 'audit',
  });

  const expandReaders = requirePermission(...RFI_READ_KEYS, ROUTES.rfiExpand);
  mountQuestionnaireRoutes(router, deps, {
    prefix: '/v1/cert-rfi',
    guard: [expandReaders],
    writeGuard: [requirePermission(ROUTES.rfiExpand)],
    applyNo,
    readMode: (req) => (hasPermission(req.staff!.permissions, ROUTES.rfiExpand) ? 'expand' : 'audit'),
    writeMode: 'expand',
    actor: staffActor,
  });
  router.get(
    '/v1/cert-rfi/current/step',
    expandReaders,
    route(async (req, res) => {
      ok(res, { step: await currentStepByApplyNo(deps.db, applyNo(req)) });
    }),
  );

  return router;
}
