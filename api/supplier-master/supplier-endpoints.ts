import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { SUPPLIER_MASTER } from '#domain/contracts/shell.ts';
import { searchSuppliers, supplierCategories, supplierContacts } from '#services/supplier-master/search.ts';
import { implement } from '../http/endpoint.ts';

/**
 * The supplier master as the expand apply drawer reads it (req flow §2.2, §7.1): suppliers and their
 * categories for staff who may expand or who work the flow list. Their contacts are personal data,
 * read only by those who may expand (the drawer fills and locks the invited contact from them).
 */
const readers = [PERMISSIONS.expandApplyRfi, ROUTES.certFlowList];

export const supplierEndpoints = [
  implement(SUPPLIER_MASTER.search, { permissions: readers, handle: ({ deps, query }) => searchSuppliers(deps.db, query.supplier) }),
  implement(SUPPLIER_MASTER.commonSearch, { permissions: readers, handle: ({ deps, query }) => searchSuppliers(deps.db, query.supplier) }),
  implement(SUPPLIER_MASTER.categories, { permissions: readers, handle: ({ deps, query, locale }) => supplierCategories(deps.db, query.supplierNo, locale) }),
  implement(SUPPLIER_MASTER.contacts, { permissions: [PERMISSIONS.expandApplyRfi], handle: ({ deps, body }) => supplierContacts(deps.db, body.supplierCode, body.name) }),
];
