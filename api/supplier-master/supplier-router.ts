import { Router } from 'express';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { supplierCategoryQuery, supplierContactQuery, supplierSearchQuery } from '#domain/supplier-master.ts';
import { searchSuppliers, supplierCategories, supplierContacts } from '#services/supplier-master/search.ts';
import type { AppDeps } from '../deps.ts';
import type { Endpoint } from '../openapi/endpoints.ts';
import { ok, parse, route } from '../http/envelope.ts';
import { requestLocale } from '../http/context.ts';
import { requirePermission } from '../auth/staff-auth.ts';

/**
 * The supplier master as the expand apply drawer reads it (spec 2 §2.2, §7.1). Accepted suppliers'
 * contacts are personal data: staff who may expand or who work the flow list only.
 */
export function createSupplierRouter(deps: Pick<AppDeps, 'db'>): Router {
  const router = Router();
  const readers = requirePermission(PERMISSIONS.expandApplyRfi, ROUTES.certFlowList);

  router.get(
    '/v1/supplier/access/search',
    readers,
    route(async (req, res) => {
      const { supplier } = parse(supplierSearchQuery, req.query, req);
      ok(res, await searchSuppliers(deps.db, supplier));
    }),
  );
  router.get(
    '/v1/supplier/category/search',
    readers,
    route(async (req, res) => {
      const { supplierNo } = parse(supplierCategoryQuery, req.query, req);
      ok(res, await supplierCategories(deps.db, supplierNo, requestLocale(req)));
    }),
  );
  router.post(
    '/v1/supplier/user/search',
    readers,
    route(async (req, res) => {
      const { supplierCode, name } = parse(supplierContactQuery, req.body ?? {}, req);
      ok(res, await supplierContacts(deps.db, supplierCode, name));
    }),
  );
  return router;
}

/** These routes for the OpenAPI document. */
export const SUPPLIER_ENDPOINTS: Endpoint[] = [
  { method: 'get', path: '/v1/supplier/access/search', summary: 'Accepted suppliers by name or code (at most 20)', tag: 'supplier master', auth: 'staff', query: supplierSearchQuery },
  { method: 'get', path: '/v1/supplier/category/search', summary: 'Categories a supplier is accessed for', tag: 'supplier master', auth: 'staff', query: supplierCategoryQuery },
  { method: 'post', path: '/v1/supplier/user/search', summary: "A supplier's contacts", tag: 'supplier master', auth: 'staff', body: supplierContactQuery },
];
