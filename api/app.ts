import express, { type Express } from 'express';
import cookieParser from 'cookie-parser';
import type { AppDeps } from './deps.ts';
import { errorMiddleware, route } from './http/envelope.ts';
import { notFound } from '#domain/errors.ts';
import { API_PREFIXES } from './http/api-prefixes.ts';
import { compressAnswers } from './http/compress-answers.ts';
import { mountEndpoints } from './http/endpoint.ts';
import { sameOriginWrites } from './http/same-origin.ts';
import { securityHeaders } from './http/security-headers.ts';
import { apiEndpoints } from './endpoints.ts';
import { createOpenApiRouter } from './openapi/router.ts';
import { requireStaff, staffAuth } from './auth/staff-auth.ts';

/**
 * The Express app: the declared endpoints (api/endpoints.ts), each thin (parse, authorize, call a
 * service, envelope), and the OpenAPI document made from the same declarations. Static web files
 * are mounted by the caller, after the API, so the API answers first.
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Only configured proxies may set the client address (X-Forwarded-For); none by default.
  app.set('trust proxy', deps.config.TRUSTED_PROXIES.length ? deps.config.TRUSTED_PROXIES : false);
  // Before anything is read: headers for every answer, static files included; no cross-site writes.
  app.use(securityHeaders(deps.config));
  app.use(sameOriginWrites(deps.config));
  // Every answer after this point may be compressed (api/http/compress-answers.ts says which are not).
  app.use(compressAnswers());
  app.use(express.json({ limit: '2mb' }));
  app.use(cookieParser());

  // What this installation has (the dev mailbox only where no real mail leaves), mounted and documented alike.
  const endpoints = apiEndpoints.filter((e) => e.enabled?.(deps.config) ?? true);
  if (deps.config.apiDocs !== 'off') {
    // Staff only: the staff session read before the reference, which refuses anyone else with 401.
    if (deps.config.apiDocs === 'staff') app.use(['/v1/openapi.json', '/v1/docs'], staffAuth(deps.db), requireStaff);
    app.use(createOpenApiRouter(endpoints, deps.config.publicUrl));
  }
  app.use(mountEndpoints(endpoints, deps));

  app.use(API_PREFIXES, route(() => {
    throw notFound();
  }));
  app.use(errorMiddleware());
  return app;
}
