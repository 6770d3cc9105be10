import express, { type Express } from 'express';
import cookieParser from 'cookie-parser';
import type { AppDeps } from './deps.ts';
import { errorMiddleware, ok, route } from './http/envelope.ts';
import { notFound } from '#services/errors.ts';
import { API_PREFIXES } from './http/api-prefixes.ts';
import { createHealthRouter } from './shell/health-router.ts';
import { staffAuth } from './auth/staff-auth.ts';
import { supplierAuth } from './auth/supplier-auth.ts';
import { createDictRouter } from './common/dict-router.ts';
import { createAreaRouter } from './common/area-router.ts';
import { createCategoryRouter } from './common/category-router.ts';
import { createStaffSearchRouter } from './common/staff-search-router.ts';
import { createScenarioRouter } from './common/scenario-router.ts';
import { createStaffAuthRouter } from './auth/staff-router.ts';
import { createAppInfoRouter } from './shell/app-info-router.ts';
import { createRfiLoginRouter } from './rfi/login-router.ts';
import { createApplyRouter } from './cert-flow/apply-router.ts';
import { createOpenApiRouter } from './openapi/router.ts';
import { createFileRouter } from './common/file-router.ts';
import { createDevMailboxRouter } from './dev/mailbox-router.ts';
import { createRfiQuestionnaireRouter } from './rfi/questionnaire-router.ts';
import { createRfiAuditRouter } from './rfi/audit-router.ts';
import { createSupplierPortalLoginRouter } from './supplier-portal/login-router.ts';
import { createSupplierPortalMeRouter } from './supplier-portal/me-router.ts';
import { createTaskRouter } from './cert-flow/task-router.ts';
import { createHistoryRouter } from './cert-flow/history-router.ts';
import { createOwnerRouter } from './cert-flow/owner-router.ts';
import { createNodeRouter } from './cert-flow/node-router.ts';
import { createSupplierRouter } from './supplier-master/supplier-router.ts';
import { createSystemCertRouter } from './system-cert/system-cert-router.ts';
import { createDetailRouter } from './cert-flow/detail-router.ts';
import { createSelfInspectionPortalRouter } from './self-inspection/portal-router.ts';
import { createSelfInspectionStaffRouter } from './self-inspection/staff-router.ts';
import { createAptitudeRouter } from './cert-flow/aptitude-router.ts';
import { createKcpRouter } from './cert-flow/kcp-router.ts';
import { createSampleCertRouter } from './cert-flow/sample-cert-router.ts';
import { portalAuth } from './auth/portal-auth.ts';

/**
 * The Express app: one router per area, each thin (parse, authorize, call a service, envelope).
 * Static web files are mounted by the caller, after the API, so the API answers first.
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(express.json({ limit: '2mb' }));
  app.use(cookieParser());

  // A request that does no I/O: the baseline of the throughput benchmarks.
  app.get('/v1/ping', (_req, res) => ok(res, 'pong'));
  app.use(createHealthRouter(deps));
  app.use(createOpenApiRouter(deps.config.publicUrl));
  // Sessions are looked up for API calls only: the web app's assets are served without a DB query.
  app.use(API_PREFIXES, staffAuth(deps.db), supplierAuth(deps.db), portalAuth(deps.db));
  // Area routers (one line each):
  app.use(createDictRouter(deps), createAreaRouter(deps), createCategoryRouter(deps), createStaffSearchRouter(deps), createScenarioRouter(deps));
  app.use(createStaffAuthRouter(deps), createAppInfoRouter(deps));
  app.use(createApplyRouter(deps));
  app.use(createSupplierRouter(deps));
  app.use(createFileRouter(deps), createDevMailboxRouter(deps));
  app.use(createRfiLoginRouter(deps));
  app.use(createRfiQuestionnaireRouter(deps));
  app.use(createRfiAuditRouter(deps));
  app.use(createSupplierPortalLoginRouter(deps), createSupplierPortalMeRouter(deps));
  app.use(createTaskRouter(deps));
  app.use(createHistoryRouter(deps));
  app.use(createOwnerRouter(deps));
  app.use(createNodeRouter(deps));
  app.use(createSystemCertRouter(deps));
  app.use(createAptitudeRouter(deps), createKcpRouter(deps), createSampleCertRouter(deps));
  app.use(createDetailRouter(deps));
  app.use(createSelfInspectionStaffRouter(deps), createSelfInspectionPortalRouter(deps));

  app.use(API_PREFIXES, route(() => {
    throw notFound();
  }));
  app.use(errorMiddleware());
  return app;
}
