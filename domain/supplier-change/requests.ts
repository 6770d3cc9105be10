import type { CodeLabels } from './coded-fields.ts';
import { z } from 'zod';
import { optionalText, pageQuery, requiredText } from '../fields.ts';
import { changeDocumentRow, changeFormSchema, changeRecordAnswer, type ChangeRuleContext } from './change-form.ts';
import { tableValue } from '../answer-kit.ts';
import { APPROVAL_STATUS, CHANGE_CARDS, CHANGE_SIDES, CHANGE_STATUS, MODIFY_TYPES, type ChangeSide } from './status.ts';

/**
 * Requests and answers of the supplier information change (req change §7.1): the supplier portal's
 * `/v1/supplier-info/*` and the staff's `/v1/supplier-inner-edit/*`, the comparison by its code, and the
 * approval card's calls. Paths: docs/decisions/0033-supplier-information-change-1-of-2.md "Supplier information change".
 */

const FLOW_NO_MAX = 64;
const SUPPLIER_NO_MAX = 40;
/** Req flow §5.2 (as for the other approvals): a rejection needs a reason of at most 100 characters. */
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

const changeStatus = z.enum(CHANGE_STATUS);
const approvalStatus = tableValue(APPROVAL_STATUS);
const codeLabels = z.record(z.string(), z.record(z.string(), z.string())) as z.ZodType<CodeLabels>;

/** A row of the change lists (both sides). */
export const changeRow = z.object({
  flowNo: z.string(),
  supplierNo: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
  modifyType: z.enum(MODIFY_TYPES),
  side: z.enum(CHANGE_SIDES),
  status: changeStatus,
  /** Req change §3.4 approval status of the change. */
  approvalStatus,
  bankChange: z.boolean(),
  submitterName: z.string(),
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** What this caller may do with it now. */
  actions: z.object({ edit: z.boolean(), cancel: z.boolean() }),
});
export type ChangeRow = z.infer<typeof changeRow>;

/** An approval step as the detail shows it. */
export const changeStepView = z.object({
  seq: z.number(),
  approverName: z.string(),
  status: approvalStatus,
  decidedByName: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ChangeStepView = z.infer<typeof changeStepView>;

/**
 * GET supplier-info/detail and supplier-inner-edit/get-supplier-edit-info: the change as its form edits it
 * (the new version). The supplier side never gets the purchase parts.
 */
export const changeDetail = changeRow.extend({
  modifyReason: z.string().nullable(),
  record: changeRecordAnswer,
  documentList: z.array(changeDocumentRow),
  cards: z.array(z.enum(CHANGE_CARDS)),
  /** The last rejection's reason (shown to the submitter). */
  reason: z.string().nullable(),
  round: z.number(),
  steps: z.array(changeStepView),
  /** The ERP's refusal, when it refused. */
  erpMessage: z.string().nullable(),
  /** What the rules need besides the form (req change §5.2). */
  rules: z.object({ factoryAdmin: z.boolean(), maxFactories: z.number(), effectivePurchaseOrgs: z.array(z.string()) }),
});
export type ChangeDetail = z.infer<typeof changeDetail>;

/** GET …/snapshot?flowNo=: the master as it was when the change started (purchase parts never to suppliers). */
export const changeSnapshot = z.object({
  flowNo: z.string(),
  modifyType: z.enum(MODIFY_TYPES),
  record: changeRecordAnswer,
  /** The labels of the codes this snapshot and the change's new version hold (./coded-fields.ts). */
  labels: codeLabels,
});
export type ChangeSnapshot = z.infer<typeof changeSnapshot>;

/**
 * GET …/comparison?comparisonCode=: req change §3.1 — the flow number and modify type; with them the snapshot
 * and the new version of this one change (no other), the sections its modify type shows. The purchase parts
 * are left out when the change was made on the supplier side.
 */
export const changeComparison = z.object({
  flowNo: z.string(),
  modifyType: z.enum(MODIFY_TYPES),
  side: z.enum(CHANGE_SIDES),
  supplierName: z.string(),
  cards: z.array(z.enum(CHANGE_CARDS)),
  before: changeRecordAnswer,
  after: changeRecordAnswer,
  /** The labels of the codes both sides hold, in the reader's language (./coded-fields.ts). */
  labels: codeLabels,
});
export type ChangeComparison = z.infer<typeof changeComparison>;

/** get-supplier-status / current-supplier-status: whether a change is already running (one open per supplier). */
export const changeSupplierStatus = z.object({
  supplierNo: z.string(),
  /** The open change, if any. */
  flowNo: z.string().nullable(),
  status: changeStatus.nullable(),
  side: z.enum(CHANGE_SIDES).nullable(),
  /** A new change may be started now (no open one, the supplier active, with a master). */
  canStart: z.boolean(),
});
export type ChangeSupplierStatus = z.infer<typeof changeSupplierStatus>;

/** get-supplier-data / modify/master/detail: the supplier and its current master. */
export const changeSupplierData = z.object({
  supplierNo: z.string(),
  supplierCode: z.string(),
  supplierName: z.string(),
  masterVersion: z.number(),
  record: changeRecordAnswer,
});
export type ChangeSupplierData = z.infer<typeof changeSupplierData>;

/** current-supplier-category / get-supplier-category (cached 60 s). */
export const changeSupplierCategory = z.object({ categoryCode: z.string(), categoryName: z.string() });
export type ChangeSupplierCategory = z.infer<typeof changeSupplierCategory>;

/** search-supplier: the portal account's own suppliers. */
export const portalSupplierOption = z.object({ supplierNo: z.string(), supplierCode: z.string(), supplierName: z.string() });

/** temp-save and submit answers; cancel's. */
export const changeSaved = z.object({ flowNo: z.string(), status: changeStatus, message: z.string() });
export type ChangeSaved = z.infer<typeof changeSaved>;
export const changeSubmitted = changeSaved.extend({
  /** A comparison capability for the submitter (opens /info-diff without login until it expires). */
  comparisonCode: z.string(),
  comparisonExpiresAt: z.string(),
});
export type ChangeSubmitted = z.infer<typeof changeSubmitted>;
export const changeDecided = z.object({ status: changeStatus, message: z.string() });

/** GET /common/v1/gps/location?address=: coordinates of an address (req shell §7.7). */
export const gpsLocationQuery = z.object({
  address: requiredText(300),
  /** The picked area's code, when the picker gives one (the most precise known level). */
  areaCode: optionalText(50),
});
export const gpsLocation = z.object({
  longitude: z.string(),
  latitude: z.string(),
  /** What the coordinates are of: the address itself, or the city/province it lies in. */
  precision: z.enum(['address', 'city', 'province', 'country']),
});
export type GpsLocation = z.infer<typeof gpsLocation>;
