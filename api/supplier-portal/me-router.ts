import { Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { ok, route } from '../http/envelope.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { requirePortalAccount } from '../auth/portal-auth.ts';
import type { PortalMe } from '#domain/supplier-portal/login.ts';
import { portalHome } from '#services/supplier-portal/me.ts';

export const SUPPLIER_PORTAL_ME_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/supplier-portal/me', summary: 'The portal account and the flows it takes part in', tag: 'supplier-portal', auth: 'supplier' },
];

/** The portal home's read: the logged-in account and only its own flows. */
export function createSupplierPortalMeRouter(deps: AppDeps): Router {
  const router = Router();
  router.get(
    '/v1/supplier-portal/me',
    requirePortalAccount,
    route(async (req, res) => {
      ok<PortalMe>(res, await portalHome(deps.db, req.portal!));
    }),
  );
  return router;
}
