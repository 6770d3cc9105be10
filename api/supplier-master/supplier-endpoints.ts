import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { supplierCategoryQuery, supplierContactQuery, supplierSearchQuery } from '#domain/supplier-master.ts';
import { searchSuppliers, supplierCategories, supplierContacts } from '#services/supplier-master/search.ts';
import { defineEndpoint } from '../http/endpoint.ts';

/**
 * The supplier master as the expand apply drawer reads it (spec 2 §2.2, §7.1): suppliers and their
 * categories for staff who may expand or who work the flow list. Their contacts are personal data,
 * read only by those who may expand (the drawer fills and locks the invited contact from them).
 */
const readers = { tag: 'supplier master', auth: 'staff', permissions: [PERMISSIONS.expandApplyRfi, ROUTES.certFlowList] } as const;
const expanders = { ...readers, permissions: [PERMISSIONS.expandApplyRfi] } as const;

export const supplierEndpoints = [
  // Spec 3 §7.7 names the common supplier search GET /common/v1/search-supplier: the same call answers there.
  ...[
    { path: '/v1/supplier/access/search', summary: 'Accepted suppliers by name or code (at most 20)' },
    { path: '/common/v1/search-supplier', summary: 'Accepted suppliers by name or code (at most 20; the spec’s common name of GET /v1/supplier/access/search)' },
  ].map(({ path, summary }) =>
    defineEndpoint({
      ...readers,
      method: 'get',
      path,
      summary,
      query: supplierSearchQuery,
      handle: ({ deps, query }) => searchSuppliers(deps.db, query.supplier),
    }),
  ),
  defineEndpoint({
    ...readers,
    method: 'get',
    path: '/v1/supplier/category/search',
    summary: 'Categories a supplier is accessed for',
    query: supplierCategoryQuery,
    handle: ({ deps, query, locale }) => supplierCategories(deps.db, query.supplierNo, locale),
  }),
  defineEndpoint({
    ...expanders,
    method: 'post',
    path: '/v1/supplier/user/search',
    summary: "A supplier's contacts",
    body: supplierContactQuery,
    handle: ({ deps, body }) => supplierContacts(deps.db, body.supplierCode, body.name),
  }),
];
