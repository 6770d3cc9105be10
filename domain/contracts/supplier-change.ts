import { z } from 'zod';
import { dictItem } from '../reference-data.ts';
import { changeApprovalRecord } from '../supplier-change/approval.ts';
import {
  changeApproveRequest,
  changeCancelRequest,
  changeComparison,
  changeConflictRequest,
  changeDecided,
  changeDetail,
  changeFlowNoQuery,
  changeListRequest,
  changeRejectRequest,
  changeRow,
  changeSaved,
  changeSnapshot,
  changeSubmitted,
  changeSupplierCategory,
  changeSupplierData,
  changeSupplierNoQuery,
  changeSupplierStatus,
  comparisonQuery,
  portalSupplierOption,
  portalSupplierQuery,
  portalSupplierSearchQuery,
  purchaseConfigQuery,
  staffChangeSaveRequest,
  supplierChangeSaveRequest,
} from '../supplier-change/requests.ts';
import { changePurchaseGroupRow } from '../supplier-change/change-form.ts';
import type { ChangeSide } from '../supplier-change/status.ts';
import { pageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * Supplier information change (req change §2.1, §2.2, §7.1): the supplier portal's `/v1/supplier-info/*` (a portal
 * account, its own suppliers, never purchase data) and the staff's `/v1/supplier-inner-edit/*` (every card, the
 * suppliers the caller is responsible for), with the same calls under each side's names; the approval card's calls.
 */
const tag = 'supplier information change';
const portal = '/v1/supplier-info';
const staff = '/v1/supplier-inner-edit';
/** The comparison by its code answers under both sides' names: /info-diff-supplier reads the one, /info-diff the other. */
const comparisonAt = <P extends string>(path: P) =>
  contract({
    method: 'get',
    path,
    summary: 'The comparison of one change by its comparison code (no login; 404 for a wrong or expired code)',
    tag,
    auth: 'none',
    query: comparisonQuery,
    response: changeComparison,
  });

export const CHANGE_PORTAL = {
  list: contract({
    method: 'post',
    path: `${portal}/modify-page`,
    summary: "The portal's change records of the account's suppliers, newest first",
    tag,
    auth: 'portal',
    body: changeListRequest,
    response: pageAnswer(changeRow),
  }),
  cancel: contract({
    method: 'post',
    path: `${portal}/cancel`,
    summary: 'Cancel a change made in the portal (saved, approving or rejected)',
    tag,
    auth: 'portal',
    body: changeCancelRequest,
    response: changeDecided,
  }),
  searchSupplier: contract({
    method: 'get',
    path: `${portal}/search-supplier`,
    summary: "The account's own admitted suppliers (name or code containing the text)",
    tag,
    auth: 'portal',
    query: portalSupplierSearchQuery,
    response: z.array(portalSupplierOption),
  }),
  status: contract({
    method: 'get',
    path: `${portal}/current-supplier-status`,
    summary: "Whether the account's supplier has a change running (one open change per supplier)",
    tag,
    auth: 'portal',
    query: portalSupplierQuery,
    response: changeSupplierStatus,
  }),
  category: contract({
    method: 'get',
    path: `${portal}/current-supplier-category`,
    summary: "The account's supplier's accessed categories (cached 60 s)",
    tag,
    auth: 'portal',
    query: portalSupplierQuery,
    response: z.array(changeSupplierCategory),
  }),
  detail: contract({
    method: 'get',
    path: `${portal}/detail`,
    summary: 'A portal change as its form edits it (no purchase data)',
    tag,
    auth: 'portal',
    query: changeFlowNoQuery,
    response: changeDetail,
  }),
  snapshot: contract({
    method: 'get',
    path: `${portal}/snapshot`,
    summary: 'The master as a portal change started from it (no purchase data)',
    tag,
    auth: 'portal',
    query: changeFlowNoQuery,
    response: changeSnapshot,
  }),
  comparison: comparisonAt(`${portal}/comparison`),
  tempSave: contract({
    method: 'post',
    path: `${portal}/temp-save`,
    summary: 'Save a portal change temporarily (types and lengths only)',
    tag,
    auth: 'portal',
    body: supplierChangeSaveRequest,
    response: changeSaved,
  }),
  submit: contract({
    method: 'post',
    path: `${portal}/modify/create`,
    summary: 'Submit a portal change for approval (every rule; starts its workflow)',
    tag,
    auth: 'portal',
    body: supplierChangeSaveRequest,
    response: changeSubmitted,
  }),
  data: contract({
    method: 'get',
    path: `${portal}/modify/master/detail`,
    summary: "The account's supplier's current master with row ids (no purchase data)",
    tag,
    auth: 'portal',
    query: portalSupplierQuery,
    response: changeSupplierData,
  }),
  records: contract({
    method: 'get',
    path: `${portal}/modify/record`,
    summary: "The account's supplier's change records made in the portal",
    tag,
    auth: 'portal',
    query: portalSupplierQuery,
    response: z.array(changeRow),
  }),
  // The purchase card's look-ups: listed under supplier-info by the requirements, but the purchase card is staff-only.
  purchaseConfig: contract({
    method: 'get',
    path: `${portal}/get-purchase-config`,
    summary: "Options of one of the purchase card's ERP code lists (staff only: suppliers have no purchase card)",
    tag,
    auth: 'staff',
    query: purchaseConfigQuery,
    response: z.array(dictItem),
  }),
  purchaseGroupInfo: contract({
    method: 'get',
    path: `${portal}/get-sap-purchase-group_info`,
    summary: "The supplier's purchasing organisations in effect and purchase-group rows (staff only)",
    tag,
    auth: 'staff',
    query: changeSupplierNoQuery,
    response: z.object({ supplierNo: z.string(), effectivePurchaseOrgs: z.array(z.string()), purchaseGroupList: z.array(changePurchaseGroupRow) }),
  }),
};

export const CHANGE_STAFF = {
  list: contract({
    method: 'post',
    path: `${staff}/list`,
    summary: 'Change records (both sides) of the suppliers the caller may change, newest first',
    tag,
    auth: 'staff',
    body: changeListRequest,
    response: pageAnswer(changeRow),
  }),
  cancel: contract({
    method: 'post',
    path: `${staff}/cancel`,
    summary: 'Cancel a change made by staff (saved, approving or rejected)',
    tag,
    auth: 'staff',
    body: changeCancelRequest,
    response: changeDecided,
  }),
  status: contract({
    method: 'get',
    path: `${staff}/get-supplier-status`,
    summary: 'Whether the supplier has a change running (one open change per supplier)',
    tag,
    auth: 'staff',
    query: changeSupplierNoQuery,
    response: changeSupplierStatus,
  }),
  data: contract({
    method: 'get',
    path: `${staff}/get-supplier-data`,
    summary: "The supplier's current master with row ids, every card",
    tag,
    auth: 'staff',
    query: changeSupplierNoQuery,
    response: changeSupplierData,
  }),
  category: contract({
    method: 'get',
    path: `${staff}/get-supplier-category`,
    summary: "The supplier's accessed categories (cached 60 s)",
    tag,
    auth: 'staff',
    query: changeSupplierNoQuery,
    response: z.array(changeSupplierCategory),
  }),
  detail: contract({
    method: 'get',
    path: `${staff}/get-supplier-edit-info`,
    summary: 'A change as its form edits it',
    tag,
    auth: 'staff',
    query: changeFlowNoQuery,
    response: changeDetail,
  }),
  snapshot: contract({
    method: 'get',
    path: `${staff}/snapshot`,
    summary: 'The master as a change started from it',
    tag,
    auth: 'staff',
    query: changeFlowNoQuery,
    response: changeSnapshot,
  }),
  comparison: comparisonAt(`${staff}/comparison`),
  tempSave: contract({
    method: 'post',
    path: `${staff}/temp-save`,
    summary: 'Save a staff change temporarily (types and lengths only)',
    tag,
    auth: 'staff',
    body: staffChangeSaveRequest,
    response: changeSaved,
  }),
  submit: contract({
    method: 'post',
    path: `${staff}/submit`,
    summary: 'Submit a staff change for approval (every rule; starts its workflow)',
    tag,
    auth: 'staff',
    body: staffChangeSaveRequest,
    response: changeSubmitted,
  }),
};

/** The calls both sides have, by side: the web's forms serve either. */
export const CHANGE_SIDE = { supplier: CHANGE_PORTAL, staff: CHANGE_STAFF } satisfies Record<ChangeSide, unknown>;

/**
 * The approval card of a change (docs/decisions/0034-supplier-information-change-2-of-2.md): any signed-in staff
 * member may ask; the services decide who may read or decide this very change, and answer 403 naming why not.
 */
export const CHANGE_APPROVAL = {
  record: contract({
    method: 'get',
    path: '/v1/supplier-change/approval-record',
    summary: "A change's approval steps (every round) and whether the reader decides now",
    tag,
    auth: 'staff',
    query: changeFlowNoQuery,
    response: changeApprovalRecord,
  }),
  approve: contract({
    method: 'post',
    path: '/v1/supplier-change/approve',
    summary: "Approve the change's open step (its approver or an administrator; never the submitter; a bank change's two steps by two people)",
    tag,
    auth: 'staff',
    body: changeApproveRequest,
    response: changeDecided,
  }),
  reject: contract({
    method: 'post',
    path: '/v1/supplier-change/reject',
    summary: 'Reject the change with a reason: it returns to its submitter',
    tag,
    auth: 'staff',
    body: changeRejectRequest,
    response: changeDecided,
  }),
  conflictDecision: contract({
    method: 'post',
    path: '/v1/supplier-change/conflict-decision',
    summary: 'Decide a change whose master changed since its snapshot: apply it over the newer master, or reject it',
    tag,
    auth: 'staff',
    body: changeConflictRequest,
    response: changeDecided,
  }),
};
