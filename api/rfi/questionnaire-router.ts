import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { requireSupplier } from '../auth/supplier-auth.ts';
import { requireOwnApplication } from './require-own-application.ts';
import { mountQuestionnaireRoutes } from './questionnaire-routes.ts';

/**
 * The supplier's questionnaire (spec 1 §4, §7; register mode): GET get-<section>, POST
 * save-<section>?save=, GET submit, each with the link's temp and the supplier's own session.
 * GET current/step sits with the login calls.
 */
export function createRfiQuestionnaireRouter(deps: Pick<AppDeps, 'db' | 'flows'>): Router {
  const router = Router();
  mountQuestionnaireRoutes(router, deps, {
    prefix: '/v1/rfi',
    guard: [requireSupplier, requireOwnApplication(deps.db)],
    writeGuard: [],
    applyNo: (req) => req.supplier!.applyNo,
    readMode: () => 'supplier',
    writeMode: 'supplier',
  });
  return router;
}
