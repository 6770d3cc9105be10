import { z } from 'zod';
import { tableValue } from '../../answer-kit.ts';
import { optionalText, pageQuery, requiredText } from '../../fields.ts';
import { documentItem } from '../documents.ts';
import { scoreField } from '../score.ts';
import { flowNoField } from '../flow-no.ts';

/**
 * The self-inspection node (req flow §3.7, §4.7, §5.3, §5.4, §7.4): one row per inspection dimension;
 * the row's owner issues an actual checklist template, the supplier answers with a document and a
 * self score, the owner audits. The node completes itself once every row is approved (req flow §4.2).
 */

/** Dictionary cert_approve_status. */
export const APPROVE_STATUS = { AWAITING_ISSUE: 10, AWAITING_SUPPLIER: 20, AWAITING_AUDIT: 30, REJECTED: 40, APPROVED: 50 } as const;
export type ApproveStatus = (typeof APPROVE_STATUS)[keyof typeof APPROVE_STATUS];
/** The audit conclusions (entries of cert_approve_status with extra.conclusion). */
const AUDIT_CONCLUSIONS = [APPROVE_STATUS.REJECTED, APPROVE_STATUS.APPROVED] as const;

export const OPINION_MAX = 100;
/** The reference template every row links to (GET /common/v1/template-download). */
export const SELF_INSPECTION_TEMPLATE_KEY = 'self_inspection_template';
export const SELF_INSPECTION_DOCUMENT_TYPE = 'self_inspection';

/** Why the supplier cannot submit yet (req flow §4.7 warning): no portal account, or one without the role. */
export type SupplierAccountWarning = 'NO_ACCOUNT' | 'NO_COLLABORATION_ROLE';

const aid = requiredText(64);

/** A single uploaded file whose absence is named by `missing`; the rest of the document rules apply. */
const requiredDocument = (missing: 'uploadActualTemplate' | 'uploadAttachments') => ({
  documentName: z.string({ error: missing }).trim().min(1, missing).pipe(documentItem.shape.documentName),
  documentUrl: z.string({ error: missing }).trim().min(1, missing).pipe(documentItem.shape.documentUrl),
});

/** POST /v1/self-inspection/checklist/issue (req flow §5.4): one actual template, required. */
export const checklistIssueRequest = z.object({
  aid,
  flowNo: flowNoField,
  documentType: optionalText(50),
  ...requiredDocument('uploadActualTemplate'),
});
export type ChecklistIssueRequest = z.infer<typeof checklistIssueRequest>;

/** POST /v1/self-inspection/audit-conclusion/submit (req flow §5.3): opinion required only to reject. */
export const auditConclusionRequest = z
  .object({
    aid,
    flowNo: flowNoField,
    approveStatus: z
      .number({ error: 'chooseAuditConclusion' })
      .refine((v) => (AUDIT_CONCLUSIONS as readonly number[]).includes(v), 'invalidValue'),
    approveOpinion: optionalText(OPINION_MAX),
    /** Req flow §3.10 sends the dimension code along; the row already knows it. */
    modelType: optionalText(50),
  })
  .superRefine((v, ctx) => {
    if (v.approveStatus === APPROVE_STATUS.REJECTED && !v.approveOpinion) {
      ctx.addIssue({ code: 'custom', path: ['approveOpinion'], message: 'enterAuditOpinion' });
    }
  });
export type AuditConclusionRequest = z.infer<typeof auditConclusionRequest>;

/** Scores are 0 to 100 with at most 2 decimals (req flow §9). */
const selfScoreField = scoreField('enterSelfScore');

/** POST /v1/self-inspection/checklist/submit: the supplier's document and self score. */
export const checklistSubmitRequest = z.object({
  aid,
  selfScore: selfScoreField,
  ...requiredDocument('uploadAttachments'),
});
export type ChecklistSubmitRequest = z.infer<typeof checklistSubmitRequest>;

export const aidQuery = z.object({ aid });
export const checklistPageRequest = pageQuery.extend({ flowNo: flowNoField });
export type ChecklistPageRequest = z.infer<typeof checklistPageRequest>;

const approveStatus = tableValue(APPROVE_STATUS);

/** A row as staff see it (req flow §3.7). */
export const selfInspectionRow = z.object({
  aid: z.string(),
  dimensionCode: z.string(),
  dimensionDesc: z.string(),
  principalId: z.string(),
  principalName: z.string(),
  approveStatus,
  approveStatusStr: z.string(),
  modelName: z.string(),
  modelUrl: z.string(),
  /** The actual template issued to the supplier. */
  templateName: z.string().nullable(),
  templateUrl: z.string().nullable(),
  documentName: z.string().nullable(),
  documentUrl: z.string().nullable(),
  selfScore: z.number().nullable(),
  approveOpinion: z.string().nullable(),
  rejectCount: z.number(),
});
export type SelfInspectionRow = z.infer<typeof selfInspectionRow>;

export const selfInspectionDetail = z.object({
  flowNo: z.string(),
  supplierName: z.string(),
  nodeStatus: z.number(),
  /** The node is in progress: rows accept work. */
  inProgress: z.boolean(),
  principalId: z.string().nullable(),
  principalName: z.string().nullable(),
  allApproved: z.boolean(),
  supplierAccountWarning: z.enum(['NO_ACCOUNT', 'NO_COLLABORATION_ROLE']).nullable(),
  rows: z.array(selfInspectionRow),
});
export type SelfInspectionDetail = z.infer<typeof selfInspectionDetail>;

/**
 * A row as the supplier sees it: no internal job numbers, and only the opinion of a rejection sent
 * back to it (an approval's remark stays internal).
 */
export const supplierChecklistRow = z.object({
  aid: z.string(),
  flowNo: z.string(),
  dimensionCode: z.string(),
  dimensionDesc: z.string(),
  approveStatus,
  approveStatusStr: z.string(),
  modelName: z.string(),
  modelUrl: z.string(),
  templateName: z.string().nullable(),
  /** Downloads the issued template through the portal (checked against the account's flows). */
  templateDownloadUrl: z.string().nullable(),
  documentName: z.string().nullable(),
  documentUrl: z.string().nullable(),
  selfScore: z.number().nullable(),
  rejectOpinion: z.string().nullable(),
  /** The supplier may submit now (status 20 while the node is in progress). */
  submittable: z.boolean(),
  /** The account holds the collaboration role that submitting needs (req flow §4.7); without it the submit is refused. */
  hasCollaborationRole: z.boolean(),
});
export type SupplierChecklistRow = z.infer<typeof supplierChecklistRow>;
