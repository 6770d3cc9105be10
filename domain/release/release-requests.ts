import { z } from 'zod';
import { tableValue } from '../answer-kit.ts';
import { CODE_STATUS } from '../cert-flow/evaluation.ts';
import { flowNoField, flowNoQuery } from '../cert-flow/flow-no.ts';
import { requiredText } from '../fields.ts';
import { RELEASE_LIMITS, releaseFormShape } from './release-form.ts';

/**
 * Requests and answers of the supplier-code application and the release form (req flow §3.14, §3.15,
 * §4.5, §7.8, §7.9). Paths and shapes: docs/decisions/0021-release-form-and-supplier-code.md.
 */

/** Where the supplier code came from (req flow §3.15): created by the ERP, or an existing ERP vendor taken over. */
export const SUPPLIER_SOURCE = { SAP: 'SAP', OTHER: 'OTHER' } as const;
export type SupplierSource = (typeof SUPPLIER_SOURCE)[keyof typeof SUPPLIER_SOURCE];

export const releaseFlowQuery = flowNoQuery;

/** The optimistic version the form was read at: a save from an older one is refused (409). */
const versionField = z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(1, { error: 'invalidValue' });

/**
 * Save and submit send the whole form as an object; the server checks it with the form's own rules — the
 * draft rules (types and lengths) on save, every rule of req flow §5.12 on submit — so a refusal has the form's
 * message ('releaseFormInvalid') and paths as the form names them (`basicInfo.supplierShortName`).
 */
export const releaseSaveRequest = z.object({ flowNo: flowNoField, version: versionField, form: z.record(z.string(), z.unknown(), { error: 'invalidValue' }) });
export type ReleaseSaveRequest = z.output<typeof releaseSaveRequest>;

/** Req flow §4.5: switching to an existing ERP vendor's code needs the overwrite confirmation. */
export const switchSupplierCodeRequest = z.object({
  flowNo: flowNoField,
  version: versionField,
  supplierCode: requiredText(RELEASE_LIMITS.supplierCode),
  confirmOverwrite: z.literal(true, { error: 'confirmOverwrite' }),
});
export type SwitchSupplierCodeRequest = z.output<typeof switchSupplierCodeRequest>;

/** Req flow §3.14: where the supplier-code application stands, and whether the button applies now (req flow §4.4). */
export const supplierCodeInfo = z.object({
  flowNo: z.string(),
  status: tableValue(CODE_STATUS),
  /** The code button's rule: high potential settled and life cycle 0. */
  available: z.boolean(),
  /** This user may apply (the principal of the node the release form is written at, in progress). */
  writable: z.boolean(),
});
export type SupplierCodeInfo = z.infer<typeof supplierCodeInfo>;

/** Req flow §3.15: the release detail. */
export const releaseDetail = supplierCodeInfo.extend({
  supplierCode: z.string().nullable(),
  supplierSource: tableValue(SUPPLIER_SOURCE).nullable(),
  /** The approval record card of the current supplier-code approval, once one was opened. */
  bpmUrl: z.string().nullable(),
  /** The approvers' remark of the last supplier-code approval. */
  bpmRemark: z.string().nullable(),
  /** The ERP's refusal ('SAP processing failure message returned: …'), when it refused. */
  sapResult: z.string().nullable(),
  /** With a refusal: which fields to correct and what next, in the reader's language. */
  sapAdvice: z.string().nullable(),
  lifeCycle: z.number(),
  /** Submitted or approved: the form is shown without save and submit. */
  readOnly: z.boolean(),
});
export type ReleaseDetail = z.infer<typeof releaseDetail>;

/** GET /v1/supplier-release/get-supplier-info: the form, its version and what its rules need. */
export const releaseFormDetail = releaseDetail.extend({
  version: z.number(),
  form: releaseFormShape,
  rules: z.object({
    /** The KCP2 conclusion is high-potential access: the conclusion files are required. */
    highPotential: z.boolean(),
    /** Purchasing organisations already in effect for this supplier: each must stay in a row. */
    effectivePurchaseOrgs: z.array(z.string()),
  }),
});
export type ReleaseFormDetail = z.infer<typeof releaseFormDetail>;

/** POST save-supplier-info / switch-supplier-code: the new version to save from next. */
export const releaseSaved = z.object({ message: z.string(), status: tableValue(CODE_STATUS), version: z.number() });
export type ReleaseSaved = z.infer<typeof releaseSaved>;

/** GET /v1/supplier-release/get-sap-supplier-info: the vendor the ERP already has for the flow's credit code. */
export const sapSupplierInfo = z.object({ supplierCode: z.string(), supplierName: z.string(), creditCode: z.string() });
export type SapSupplierInfo = z.infer<typeof sapSupplierInfo>;

/**
 * GET /v1/supplier-release/task-detail: the node the form is written at, its principal, the release
 * detail (req flow §3.15) and what this user may do there.
 */
export const releaseTaskDetail = releaseDetail.extend({
  /** KCP2 while the comprehensive evaluation runs, RELEASE once that node is open (PRERELEASE shows as RELEASE). */
  nodeCode: z.enum(['KCP2', 'RELEASE']),
  nodeStatus: z.number(),
  taskPrincipalId: z.string().nullable(),
  taskPrincipalName: z.string().nullable(),
  taskEndTime: z.string().nullable(),
  /** RELEASE is open and the release already has its supplier code: the node completes when confirmed. */
  awaitingConfirmation: z.boolean(),
  /** This user may confirm the release now (RELEASE's principal while it awaits confirmation). */
  confirmable: z.boolean(),
});
export type ReleaseTaskDetail = z.infer<typeof releaseTaskDetail>;
