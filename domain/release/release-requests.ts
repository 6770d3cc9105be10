import { z } from 'zod';
import type { CodeStatus } from '../cert-flow/evaluation.ts';
import { flowNoField, flowNoQuery } from '../cert-flow/flow-no.ts';
import { requiredText } from '../fields.ts';
import { RELEASE_LIMITS, type ReleaseForm } from './release-form.ts';

/**
 * Requests and answers of the supplier-code application and the release form (spec 2 §3.14, §3.15,
 * §4.5, §7.8, §7.9). Paths and shapes: docs/decisions.md "Release form and supplier code".
 */

/** Where the supplier code came from (spec 2 §3.15): created by the ERP, or an existing ERP vendor taken over. */
export const SUPPLIER_SOURCE = { SAP: 'SAP', OTHER: 'OTHER' } as const;
export type SupplierSource = (typeof SUPPLIER_SOURCE)[keyof typeof SUPPLIER_SOURCE];

export const releaseFlowQuery = flowNoQuery;

/** The optimistic version the form was read at: a save from an older one is refused (409). */
const versionField = z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(1, { error: 'invalidValue' });

/**
 * Save and submit send the whole form as an object; the server checks it with the form's own rules — the
 * draft rules (types and lengths) on save, every rule of §5.12 on submit — so a refusal has the form's
 * message ('releaseFormInvalid') and paths as the form names them (`basicInfo.supplierShortName`).
 */
export const releaseSaveRequest = z.object({ flowNo: flowNoField, version: versionField, form: z.record(z.string(), z.unknown(), { error: 'invalidValue' }) });
export type ReleaseSaveRequest = z.output<typeof releaseSaveRequest>;

/** Spec 2 §4.5: switching to an existing ERP vendor's code needs the overwrite confirmation. */
export const switchSupplierCodeRequest = z.object({
  flowNo: flowNoField,
  version: versionField,
  supplierCode: requiredText(RELEASE_LIMITS.supplierCode),
  confirmOverwrite: z.literal(true, { error: 'confirmOverwrite' }),
});
export type SwitchSupplierCodeRequest = z.output<typeof switchSupplierCodeRequest>;

/** Spec 2 §3.14: where the supplier-code application stands, and whether the button applies now (§4.4). */
export interface SupplierCodeInfo {
  flowNo: string;
  status: CodeStatus;
  /** The code button's rule: high potential settled and life cycle 0. */
  available: boolean;
  /** This user may apply (the principal of the node the release form is written at, in progress). */
  writable: boolean;
}

/** Spec 2 §3.15: the release detail. */
export interface ReleaseDetail extends SupplierCodeInfo {
  supplierCode: string | null;
  supplierSource: SupplierSource | null;
  /** The approval record card of the current supplier-code approval, once one was opened. */
  bpmUrl: string | null;
  /** The approvers' remark of the last supplier-code approval. */
  bpmRemark: string | null;
  /** The ERP's refusal ('SAP processing failure message returned: …'), when it refused. */
  sapResult: string | null;
  /** With a refusal: which fields to correct and what next, in the reader's language. */
  sapAdvice: string | null;
  lifeCycle: number;
  /** Submitted or approved: the form is shown without save and submit. */
  readOnly: boolean;
}

/** GET /v1/supplier-release/get-supplier-info: the form, its version and what its rules need. */
export interface ReleaseFormDetail extends ReleaseDetail {
  version: number;
  form: ReleaseForm;
  rules: {
    /** The KCP2 conclusion is high-potential access: the conclusion files are required. */
    highPotential: boolean;
    /** Purchasing organisations already in effect for this supplier: each must stay in a row. */
    effectivePurchaseOrgs: string[];
  };
}

/** POST save-supplier-info / switch-supplier-code: the new version to save from next. */
export interface ReleaseSaved {
  message: string;
  status: CodeStatus;
  version: number;
}

/** GET /v1/supplier-release/get-sap-supplier-info: the vendor the ERP already has for the flow's credit code. */
export interface SapSupplierInfo {
  supplierCode: string;
  supplierName: string;
  creditCode: string;
}

/**
 * GET /v1/supplier-release/task-detail: the node the form is written at, its principal, the release
 * detail (§3.15) and what this user may do there.
 */
export interface ReleaseTaskDetail extends ReleaseDetail {
  /** KCP2 while the comprehensive evaluation runs, RELEASE once that node is open (PRERELEASE shows as RELEASE). */
  nodeCode: 'KCP2' | 'RELEASE';
  nodeStatus: number;
  taskPrincipalId: string | null;
  taskPrincipalName: string | null;
  taskEndTime: string | null;
  /** RELEASE is open and the release already has its supplier code: the node completes when confirmed. */
  awaitingConfirmation: boolean;
  /** This user may confirm the release now (RELEASE's principal while it awaits confirmation). */
  confirmable: boolean;
}
