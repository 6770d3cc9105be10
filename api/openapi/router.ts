import path from 'node:path';
import { createRequire } from 'node:module';
import express, { Router } from 'express';
import type { EndpointDoc } from '../http/endpoint.ts';
import { buildOpenApiDocument } from './document.ts';

const require = createRequire(import.meta.url);
const swaggerUiDir: string = require('swagger-ui-dist').absolutePath();

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Supplier onboarding API</title>
<link rel="stylesheet" href="/v1/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/v1/docs/assets/swagger-ui-bundle.js"></script>
<script src="/v1/docs/init.js"></script></body></html>`;

/**
 * GET /v1/openapi.json and a reference page at /v1/docs, served from the package, no CDN. The page has
 * no inline script (its start-up is init.js), so it works under the app's strict CSP.
 */
export function createOpenApiRouter(endpoints: readonly EndpointDoc[], publicUrl: string): Router {
  const router = Router();
  let doc: unknown;
  router.get('/v1/openapi.json', (_req, res) => {
    doc ??= buildOpenApiDocument(endpoints, publicUrl);
    res.json(doc);
  });
  router.use('/v1/docs/assets', express.static(path.resolve(swaggerUiDir), { maxAge: '1d' }));
  router.get('/v1/docs/init.js', (_req, res) => {
    // No validator badge: it would send the document's address to an outside service (and the CSP blocks it).
    res.type('application/javascript').send("window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#ui', validatorUrl: null, docExpansion: 'none', filter: true });");
  });
  router.get('/v1/docs', (_req, res) => {
    res.type('html').send(PAGE);
  });
  return router;
}
