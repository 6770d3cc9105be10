import type { PortalPrincipal, StaffPrincipal } from '#domain/identity.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { CHANGE_PORTAL, CHANGE_STAFF } from '#domain/contracts/supplier-change.ts';
import { REFERENCE } from '#domain/contracts/reference.ts';
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
import { implement, type Endpoint } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

/** Staff who use the internal edit (purchasing managers, CMT leaders, administrators); which supplier each may change is checked per supplier. */
const INNER_EDIT = [ROUTES.supplierInnerEdit, PERMISSIONS.certProcessManageAll];

const supplierSide = (portal: PortalPrincipal): ChangeCaller => ({ side: 'supplier', portal });
const staffSide = (staff: StaffPrincipal): ChangeCaller => ({ side: 'staff', staff });

/** The supplier side (req change §7.1 `/v1/supplier-info/*`): a portal account, only its own suppliers, never purchase data. */
const portalEndpoints: Endpoint[] = [
  implement(CHANGE_PORTAL.list, {
    handle: ({ deps, body, portal }) => changePage(deps.db, supplierSide(portal), body),
  }),
  implement(CHANGE_PORTAL.cancel, {
    async handle({ deps, body, portal, locale }) {
      return { ...(await cancelChange(deps, supplierSide(portal), body.flowNo, body.reason)), ...messageOf('operationSuccess', locale) };
    },
  }),
  implement(CHANGE_PORTAL.searchSupplier, {
    handle: ({ deps, query, portal }) => portalSupplierOptions(deps.db, { side: 'supplier', portal }, query.supplier),
  }),
  implement(CHANGE_PORTAL.status, {
    async handle({ deps, query, portal }) {
      return changeSupplierStatus(deps.db, supplierSide(portal), await portalSupplierNo(deps.db, portal, query.supplierNo));
    },
  }),
  implement(CHANGE_PORTAL.category, {
    async handle({ deps, query, portal, locale }) {
      return changeSupplierCategories(deps.db, supplierSide(portal), await portalSupplierNo(deps.db, portal, query.supplierNo), locale);
    },
  }),
  implement(CHANGE_PORTAL.detail, {
    handle: ({ deps, query, portal }) => changeDetail(deps.db, supplierSide(portal), query.flowNo, deps.config.SUPPLIER_FACTORY_MAX),
  }),
  implement(CHANGE_PORTAL.snapshot, {
    handle: ({ deps, query, portal, locale }) => changeSnapshot(deps.db, supplierSide(portal), query.flowNo, locale),
  }),
  implement(CHANGE_PORTAL.comparison, {
    handle: ({ deps, query, locale }) => changeComparison(deps.db, query.comparisonCode, locale),
  }),
  implement(CHANGE_PORTAL.tempSave, {
    async handle({ deps, body, portal, locale }) {
      return { ...(await tempSaveChange(deps, supplierSide(portal), body)), ...messageOf('saved', locale) };
    },
  }),
  implement(CHANGE_PORTAL.submit, {
    async handle({ deps, body, portal, locale }) {
      return { ...(await submitChange({ ...deps, factoryMax: deps.config.SUPPLIER_FACTORY_MAX }, supplierSide(portal), body)), ...messageOf('submitted', locale) };
    },
  }),
  implement(CHANGE_PORTAL.data, {
    async handle({ deps, query, portal }) {
      return changeSupplierData(deps.db, supplierSide(portal), await portalSupplierNo(deps.db, portal, query.supplierNo));
    },
  }),
  implement(CHANGE_PORTAL.records, {
    async handle({ deps, query, portal }) {
      return changeRecords(deps.db, supplierSide(portal), await portalSupplierNo(deps.db, portal, query.supplierNo));
    },
  }),
  // The purchase card's look-ups: listed under supplier-info by the requirements, but the purchase card is staff-only.
  implement(CHANGE_PORTAL.purchaseConfig, {
    permissions: INNER_EDIT,
    handle: ({ deps, query, locale }) => purchaseConfig(deps.db, query.code, locale),
  }),
  implement(CHANGE_PORTAL.purchaseGroupInfo, {
    permissions: INNER_EDIT,
    handle: ({ deps, query, staff }) => sapPurchaseGroupInfo(deps.db, staffSide(staff), query.supplierNo),
  }),
];

/** The staff side (req change §7.1 `/v1/supplier-inner-edit/*`): every card, the suppliers this staff member is responsible for. */
const staffEndpoints: Endpoint[] = [
  implement(CHANGE_STAFF.list, {
    permissions: INNER_EDIT,
    handle: ({ deps, body, staff }) => changePage(deps.db, staffSide(staff), body),
  }),
  implement(CHANGE_STAFF.cancel, {
    permissions: INNER_EDIT,
    async handle({ deps, body, staff, locale }) {
      return { ...(await cancelChange(deps, staffSide(staff), body.flowNo, body.reason)), ...messageOf('operationSuccess', locale) };
    },
  }),
  implement(CHANGE_STAFF.status, {
    permissions: INNER_EDIT,
    handle: ({ deps, query, staff }) => changeSupplierStatus(deps.db, staffSide(staff), query.supplierNo),
  }),
  implement(CHANGE_STAFF.data, {
    permissions: INNER_EDIT,
    handle: ({ deps, query, staff }) => changeSupplierData(deps.db, staffSide(staff), query.supplierNo),
  }),
  implement(CHANGE_STAFF.category, {
    permissions: INNER_EDIT,
    handle: ({ deps, query, staff, locale }) => changeSupplierCategories(deps.db, staffSide(staff), query.supplierNo, locale),
  }),
  implement(CHANGE_STAFF.detail, {
    permissions: INNER_EDIT,
    handle: ({ deps, query, staff }) => changeDetail(deps.db, staffSide(staff), query.flowNo, deps.config.SUPPLIER_FACTORY_MAX),
  }),
  implement(CHANGE_STAFF.snapshot, {
    permissions: INNER_EDIT,
    handle: ({ deps, query, staff, locale }) => changeSnapshot(deps.db, staffSide(staff), query.flowNo, locale),
  }),
  implement(CHANGE_STAFF.comparison, {
    handle: ({ deps, query, locale }) => changeComparison(deps.db, query.comparisonCode, locale),
  }),
  implement(CHANGE_STAFF.tempSave, {
    permissions: INNER_EDIT,
    async handle({ deps, body, staff, locale }) {
      return { ...(await tempSaveChange(deps, staffSide(staff), body)), ...messageOf('saved', locale) };
    },
  }),
  implement(CHANGE_STAFF.submit, {
    permissions: INNER_EDIT,
    async handle({ deps, body, staff, locale }) {
      return { ...(await submitChange({ ...deps, factoryMax: deps.config.SUPPLIER_FACTORY_MAX }, staffSide(staff), body)), ...messageOf('submitted', locale) };
    },
  }),
];

/** Supplier information change (req change §2.1, §2.2, §7.1) and the factory address look-up (req shell §7.7). */
export const supplierChangeEndpoints: Endpoint[] = [
  ...portalEndpoints,
  ...staffEndpoints,
  implement(REFERENCE.gpsLocation, {
    handle: ({ deps, query }) => gpsLocation(areaGeocoder(deps.db), query),
  }),
];
