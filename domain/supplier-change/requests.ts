import type { CodeLabels } from './coded-fields.ts';
import { z } from 'zod';
import { optionalText, pageQuery, requiredText } from '../fields.ts';
import { changeFormSchema, type ChangeDocumentRow, type ChangeRecord, type ChangeRuleContext, type SupplierSideRecord } from './change-form.ts';
import {
  CHANGE_STATUS,
  MODIFY_TYPES,
  type ApprovalStatus,
  type ChangeCard,
  type ChangeSide,
  type ChangeStatus,
  type ModifyType,
} from './status.ts';

/**
 * Requests and answers of the supplier information change (spec 3 §7.1): the supplier portal's
 * `/v1/supplier-info/*` and the staff's `/v1/supplier-inner-edit/*`, the comparison by its code, and the
 * approval card's calls. Paths: docs/decisions.md "Supplier information change".
 */

const FLOW_NO_MAX = 64;
const SUPPLIER_NO_MAX = 40;
/** Spec 2 §5.2 (as for the other approvals): a rejection needs a reason of at most 100 characters. */
export const CHANGE_REJECT_REASON_MAX = 100;

export const changeFlowNoQuery = z.object({ flowNo: requiredText(FLOW_NO_MAX) });
/** POST …/cancel { flowNo, reason? } */
export const changeCancelRequest = z.object({ flowNo: requiredText(FLOW_NO_MAX), reason: optionalText(CHANGE_REJECT_REASON_MAX) });
export const changeSupplierNoQuery = z.object({ supplierNo: requiredText(SUPPLIER_NO_MAX, 'chooseSupplier') });
/** The supplier side may name one of its own suppliers; none = the session's only one. */
export const portalSupplierQuery = z.object({ supplierNo: optionalText(SUPPLIER_NO_MAX) });
/** GET supplier-info/search-supplier?supplier= : the session's own suppliers matching the text. */
export const portalSupplierSearchQuery = z.object({ supplier: optionalText(100) });
/** GET supplier-info/get-purchase-config?code=&supplierNo= */
export const purchaseConfigQuery = z.object({ code: requiredText(50), supplierNo: optionalText(SUPPLIER_NO_MAX) });

/** The comparison capability: base64url of 32 random bytes (43 characters); anything else is not one. */
export const COMPARISON_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Any text is accepted as a code: one that is not a live code is 404 like a wrong one, whatever its form. */
export const comparisonQuery = z.object({ comparisonCode: z.string({ error: 'comparisonNotFound' }).max(200, { error: 'comparisonNotFound' }).default('') });

/** POST supplier-info/modify-page and supplier-inner-edit/list. */
export const changeListRequest = pageQuery.extend({
  /** Staff: the supplier's name, code or number (contains). Ignored on the supplier side. */
  supplier: optionalText(100),
  flowNo: optionalText(FLOW_NO_MAX),
  modifyType: z.enum(MODIFY_TYPES, { error: 'invalidValue' }).nullish().transform((v) => v ?? undefined),
  status: z.enum(CHANGE_STATUS, { error: 'invalidValue' }).nullish().transform((v) => v ?? undefined),
});
export type ChangeListRequest = z.output<typeof changeListRequest>;

/** temp-save: the draft rules; submit/create: the draft shape, then every rule with the server's context. */
export const supplierChangeSaveRequest = changeFormSchema('supplier', 'draft');
export const staffChangeSaveRequest = changeFormSchema('staff', 'draft');
export const changeSubmitSchema = (side: ChangeSide, ctx: ChangeRuleContext) => changeFormSchema(side, 'full', ctx);
export type ChangeSaveRequest = z.output<typeof staffChangeSaveRequest>;

/** Approval card decisions (the approver's calls). */
export const changeApproveRequest = z.object({ flowNo: requiredText(FLOW_NO_MAX), reason: optionalText(CHANGE_REJECT_REASON_MAX) });
export const changeRejectRequest = z.object({ flowNo: requiredText(FLOW_NO_MAX), reason: requiredText(CHANGE_REJECT_REASON_MAX, 'enterChangeRejectReason') });
/** The approver's answer to a conflict: apply the change over the newer master, or send it back. */
export const changeConflictRequest = z.object({
  flowNo: requiredText(FLOW_NO_MAX),
  decision: z.enum(['apply', 'reject'], { error: 'invalidValue' }),
  reason: optionalText(CHANGE_REJECT_REASON_MAX),
});

/** A row of the change lists (both sides). */
export interface ChangeRow {
  flowNo: string;
  supplierNo: string;
  supplierCode: string;
  supplierName: string;
  modifyType: ModifyType;
  side: ChangeSide;
  status: ChangeStatus;
  /** Spec 3 §3.4 approval status of the change. */
  approvalStatus: ApprovalStatus;
  bankChange: boolean;
  submitterName: string;
  createdAt: string;
  submittedAt: string | null;
  finishedAt: string | null;
  /** What this caller may do with it now. */
  actions: { edit: boolean; cancel: boolean };
}

/** An approval step as the detail shows it. */
export interface ChangeStepView {
  seq: number;
  approverName: string;
  status: ApprovalStatus;
  decidedByName: string | null;
  reason: string | null;
  decidedAt: string | null;
}

/**
 * GET supplier-info/detail and supplier-inner-edit/get-supplier-edit-info: the change as its form edits it
 * (the new version). The supplier side never gets the purchase parts.
 */
export interface ChangeDetail extends ChangeRow {
  modifyReason: string | null;
  record: ChangeRecord | SupplierSideRecord;
  documentList: ChangeDocumentRow[];
  cards: ChangeCard[];
  /** The last rejection's reason (shown to the submitter). */
  reason: string | null;
  round: number;
  steps: ChangeStepView[];
  /** The ERP's refusal, when it refused. */
  erpMessage: string | null;
  /** What the rules need besides the form (spec 3 §5.2). */
  rules: { factoryAdmin: boolean; maxFactories: number; effectivePurchaseOrgs: string[] };
}

/** GET …/snapshot?flowNo=: the master as it was when the change started (purchase parts never to suppliers). */
export interface ChangeSnapshot {
  flowNo: string;
  modifyType: ModifyType;
  record: ChangeRecord | SupplierSideRecord;
  /** The labels of the codes this snapshot and the change's new version hold (./coded-fields.ts). */
  labels: CodeLabels;
}

/**
 * GET …/comparison?comparisonCode=: spec 3 §3.1 — the flow number and modify type; with them the snapshot
 * and the new version of this one change (no other), the sections its modify type shows. The purchase parts
 * are left out when the change was made on the supplier side.
 */
export interface ChangeComparison {
  flowNo: string;
  modifyType: ModifyType;
  side: ChangeSide;
  supplierName: string;
  cards: ChangeCard[];
  before: ChangeRecord | SupplierSideRecord;
  after: ChangeRecord | SupplierSideRecord;
  /** The labels of the codes both sides hold, in the reader's language (./coded-fields.ts). */
  labels: CodeLabels;
}

/** get-supplier-status / current-supplier-status: whether a change is already running (one open per supplier). */
export interface ChangeSupplierStatus {
  supplierNo: string;
  /** The open change, if any. */
  flowNo: string | null;
  status: ChangeStatus | null;
  side: ChangeSide | null;
  /** A new change may be started now (no open one, the supplier active, with a master). */
  canStart: boolean;
}

/** get-supplier-data / search-supplier / modify/master/detail: the supplier and its current master. */
export interface ChangeSupplierData {
  supplierNo: string;
  supplierCode: string;
  supplierName: string;
  masterVersion: number;
  record: ChangeRecord | SupplierSideRecord;
}

/** current-supplier-category / get-supplier-category (cached 60 s). */
export interface ChangeSupplierCategory {
  categoryCode: string;
  categoryName: string;
}

/** temp-save and submit answers. */
export interface ChangeSaved {
  flowNo: string;
  status: ChangeStatus;
  message: string;
}
export interface ChangeSubmitted extends ChangeSaved {
  /** A comparison capability for the submitter (opens /info-diff without login until it expires). */
  comparisonCode: string;
  comparisonExpiresAt: string;
}

/** GET /common/v1/gps/location?address=: coordinates of an address (spec 3 §7.7). */
export const gpsLocationQuery = z.object({
  address: requiredText(300),
  /** The picked area's code, when the picker gives one (the most precise known level). */
  areaCode: optionalText(50),
});
export interface GpsLocation {
  longitude: string;
  latitude: string;
  /** What the coordinates are of: the address itself, or the city/province it lies in. */
  precision: 'address' | 'city' | 'province' | 'country';
}
