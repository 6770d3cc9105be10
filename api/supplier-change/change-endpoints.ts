import type { PortalPrincipal, StaffPrincipal } from '#domain/identity.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import {
  changeCancelRequest,
  changeFlowNoQuery,
  changeListRequest,
  changeSupplierNoQuery,
  comparisonQuery,
  gpsLocationQuery,
  portalSupplierQuery,
  portalSupplierSearchQuery,
  purchaseConfigQuery,
  staffChangeSaveRequest,
  supplierChangeSaveRequest,
} from '#domain/supplier-change/requests.ts';
import { areaGeocoder, gpsLocation } from '#services/common/gps-location.ts';
import { portalSupplierNo, type ChangeCaller } from '#services/supplier-change/access.ts';
import {
  changeComparison,
  changeDetail,
  changePage,
  changeRecords,
  changeSnapshot,
  changeSupplierCategories,
  changeSupplierData,
  changeSupplierStatus,
  portalSupplierOptions,
  purchaseConfig,
  sapPurchaseGroupInfo,
} from '#services/supplier-change/read.ts';
import { cancelChange, submitChange, tempSaveChange } from '#services/supplier-change/save.ts';
import { defineEndpoint, type Endpoint } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

const tag = 'supplier information change';
/** Staff who use the internal edit (purchasing managers, CMT leaders, administrators); which supplier each may change is checked per supplier. */
const INNER_EDIT = [ROUTES.supplierInnerEdit, PERMISSIONS.certProcessManageAll];

const supplierSide = (portal: PortalPrincipal): ChangeCaller => ({ side: 'supplier', portal });
const staffSide = (staff: StaffPrincipal): ChangeCaller => ({ side: 'staff', staff });

/** The supplier side (spec 3 §7.1 `/v1/supplier-info/*`): a portal account, only its own suppliers, never purchase data. */
const portalEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-info/modify-page',
    summary: "The portal's change records of the account's suppliers, newest first",
    tag,
    auth: 'portal',
    body: changeListRequest,
    handle: ({ deps, body, portal }) => changePage(deps.db, supplierSide(portal), body),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-info/cancel',
    summary: 'Cancel a change made in the portal (saved, approving or rejected)',
    tag,
    auth: 'portal',
    body: changeCancelRequest,
    async handle({ deps, body, portal, locale }) {
      return { ...(await cancelChange(deps, supplierSide(portal), body.flowNo, body.reason)), ...messageOf('operationSuccess', locale) };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-info/search-supplier',
    summary: "The account's own admitted suppliers (name or code containing the text)",
    tag,
    auth: 'portal',
    query: portalSupplierSearchQuery,
    handle: ({ deps, query, portal }) => portalSupplierOptions(deps.db, { side: 'supplier', portal }, query.supplier),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-info/current-supplier-status',
    summary: "Whether the account's supplier has a change running (one open change per supplier)",
    tag,
    auth: 'portal',
    query: portalSupplierQuery,
    async handle({ deps, query, portal }) {
      return changeSupplierStatus(deps.db, supplierSide(portal), await portalSupplierNo(deps.db, portal, query.supplierNo));
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-info/current-supplier-category',
    summary: "The account's supplier's accessed categories (cached 60 s)",
    tag,
    auth: 'portal',
    query: portalSupplierQuery,
    async handle({ deps, query, portal, locale }) {
      return changeSupplierCategories(deps.db, supplierSide(portal), await portalSupplierNo(deps.db, portal, query.supplierNo), locale);
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-info/detail',
    summary: 'A portal change as its form edits it (no purchase data)',
    tag,
    auth: 'portal',
    query: changeFlowNoQuery,
    handle: ({ deps, query, portal }) => changeDetail(deps.db, supplierSide(portal), query.flowNo, deps.config.SUPPLIER_FACTORY_MAX),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-info/snapshot',
    summary: 'The master as a portal change started from it (no purchase data)',
    tag,
    auth: 'portal',
    query: changeFlowNoQuery,
    handle: ({ deps, query, portal, locale }) => changeSnapshot(deps.db, supplierSide(portal), query.flowNo, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-info/comparison',
    summary: 'The comparison of one change by its comparison code (no login; 404 for a wrong or expired code)',
    tag,
    auth: 'none',
    query: comparisonQuery,
    handle: ({ deps, query, locale }) => changeComparison(deps.db, query.comparisonCode, locale),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-info/temp-save',
    summary: 'Save a portal change temporarily (types and lengths only)',
    tag,
    auth: 'portal',
    body: supplierChangeSaveRequest,
    async handle({ deps, body, portal, locale }) {
      return { ...(await tempSaveChange(deps, supplierSide(portal), body)), ...messageOf('saved', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-info/modify/create',
    summary: 'Submit a portal change for approval (every rule; starts its workflow)',
    tag,
    auth: 'portal',
    body: supplierChangeSaveRequest,
    async handle({ deps, body, portal, locale }) {
      return { ...(await submitChange({ ...deps, factoryMax: deps.config.SUPPLIER_FACTORY_MAX }, supplierSide(portal), body)), ...messageOf('submitted', locale) };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-info/modify/master/detail',
    summary: "The account's supplier's current master with row ids (no purchase data)",
    tag,
    auth: 'portal',
    query: portalSupplierQuery,
    async handle({ deps, query, portal }) {
      return changeSupplierData(deps.db, supplierSide(portal), await portalSupplierNo(deps.db, portal, query.supplierNo));
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-info/modify/record',
    summary: "The account's supplier's change records made in the portal",
    tag,
    auth: 'portal',
    query: portalSupplierQuery,
    async handle({ deps, query, portal }) {
      return changeRecords(deps.db, supplierSide(portal), await portalSupplierNo(deps.db, portal, query.supplierNo));
    },
  }),
  // The purchase card's look-ups: listed under supplier-info by the spec, but the purchase card is staff-only.
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-info/get-purchase-config',
    summary: "Options of one of the purchase card's ERP code lists (staff only: suppliers have no purchase card)",
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    query: purchaseConfigQuery,
    handle: ({ deps, query, locale }) => purchaseConfig(deps.db, query.code, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-info/get-sap-purchase-group_info',
    summary: "The supplier's purchasing organisations in effect and purchase-group rows (staff only)",
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    query: changeSupplierNoQuery,
    handle: ({ deps, query, staff }) => sapPurchaseGroupInfo(deps.db, staffSide(staff), query.supplierNo),
  }),
];

/** The staff side (spec 3 §7.1 `/v1/supplier-inner-edit/*`): every card, the suppliers this staff member is responsible for. */
const staffEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-inner-edit/list',
    summary: 'Change records (both sides) of the suppliers the caller may change, newest first',
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    body: changeListRequest,
    handle: ({ deps, body, staff }) => changePage(deps.db, staffSide(staff), body),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-inner-edit/cancel',
    summary: 'Cancel a change made by staff (saved, approving or rejected)',
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    body: changeCancelRequest,
    async handle({ deps, body, staff, locale }) {
      return { ...(await cancelChange(deps, staffSide(staff), body.flowNo, body.reason)), ...messageOf('operationSuccess', locale) };
    },
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-inner-edit/get-supplier-status',
    summary: 'Whether the supplier has a change running (one open change per supplier)',
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    query: changeSupplierNoQuery,
    handle: ({ deps, query, staff }) => changeSupplierStatus(deps.db, staffSide(staff), query.supplierNo),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-inner-edit/get-supplier-data',
    summary: "The supplier's current master with row ids, every card",
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    query: changeSupplierNoQuery,
    handle: ({ deps, query, staff }) => changeSupplierData(deps.db, staffSide(staff), query.supplierNo),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-inner-edit/get-supplier-category',
    summary: "The supplier's accessed categories (cached 60 s)",
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    query: changeSupplierNoQuery,
    handle: ({ deps, query, staff, locale }) => changeSupplierCategories(deps.db, staffSide(staff), query.supplierNo, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-inner-edit/get-supplier-edit-info',
    summary: 'A change as its form edits it',
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    query: changeFlowNoQuery,
    handle: ({ deps, query, staff }) => changeDetail(deps.db, staffSide(staff), query.flowNo, deps.config.SUPPLIER_FACTORY_MAX),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-inner-edit/snapshot',
    summary: 'The master as a change started from it',
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    query: changeFlowNoQuery,
    handle: ({ deps, query, staff, locale }) => changeSnapshot(deps.db, staffSide(staff), query.flowNo, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-inner-edit/comparison',
    summary: 'The comparison of one change by its comparison code (no login; 404 for a wrong or expired code)',
    tag,
    auth: 'none',
    query: comparisonQuery,
    handle: ({ deps, query, locale }) => changeComparison(deps.db, query.comparisonCode, locale),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-inner-edit/temp-save',
    summary: 'Save a staff change temporarily (types and lengths only)',
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    body: staffChangeSaveRequest,
    async handle({ deps, body, staff, locale }) {
      return { ...(await tempSaveChange(deps, staffSide(staff), body)), ...messageOf('saved', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-inner-edit/submit',
    summary: 'Submit a staff change for approval (every rule; starts its workflow)',
    tag,
    auth: 'staff',
    permissions: INNER_EDIT,
    body: staffChangeSaveRequest,
    async handle({ deps, body, staff, locale }) {
      return { ...(await submitChange({ ...deps, factoryMax: deps.config.SUPPLIER_FACTORY_MAX }, staffSide(staff), body)), ...messageOf('submitted', locale) };
    },
  }),
];

/** Supplier information change (spec 3 §2.1, §2.2, §7.1) and the factory address look-up (§7.7). */
export const supplierChangeEndpoints: Endpoint[] = [
  ...portalEndpoints,
  ...staffEndpoints,
  defineEndpoint({
    method: 'get',
    path: '/common/v1/gps/location',
    summary: 'Coordinates of an address (the factory address picker; seeded areas, city or province precision)',
    tag: 'reference',
    auth: 'any',
    query: gpsLocationQuery,
    handle: ({ deps, query }) => gpsLocation(areaGeocoder(deps.db), query),
  }),
];
