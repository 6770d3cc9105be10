import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { tableValue } from '../answer-kit.ts';
import { APPROVAL_KINDS, APPROVAL_STATUS, type ApprovalStatus } from './evaluation.ts';
import { flowNoField } from './flow-no.ts';
import { flowTaskRow } from './review.ts';
import { releaseFormShape, type ReleaseForm } from '../release/release-form.ts';
import type { CodeLabels } from '../supplier-change/coded-fields.ts';

/** GET /v1/cert-flow-node/approval-record: the approval and submission record card of a task (req flow §2.4). */
export const approvalRecordQuery = z.object({ flowNo: flowNoField, taskNo: requiredText(128) });
export type ApprovalRecordQuery = z.infer<typeof approvalRecordQuery>;

/** One approver's step: who, when, what they decided and why. */
export const approvalRecordRow = z.object({
  round: z.number(),
  step: z.number(),
  approverId: z.string(),
  approverName: z.string(),
  roleName: z.string(),
  decision: z.enum(['pass', 'reject']).nullable(),
  decisionStr: z.string(),
  reason: z.string().nullable(),
  openedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type ApprovalRecordRow = z.infer<typeof approvalRecordRow>;


/**
 * What an approval round is asked to approve, as the approver reads it: the release form of a supplier-code
 * application with the form of the round before and the supplier's record as the ERP holds it (an admitted
 * supplier's master), each to compare with; or the KCP2 conclusion, description and files of a high-potential one.
 */
export const approvalSubject = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('SUPPLIER_CODE'),
    form: releaseFormShape,
    previous: releaseFormShape.nullable(),
    erpRecord: z.record(z.string(), z.unknown()).nullable() as z.ZodType<Partial<ReleaseForm> | null>,
    labels: z.record(z.string(), z.record(z.string(), z.string())) as z.ZodType<CodeLabels>,
  }),
  z.object({
    kind: z.literal('HIGH_POTENTIAL'),
    conclusion: z.string().nullable(),
    description: z.string().nullable(),
    documentList: z.array(z.object({ documentName: z.string(), documentUrl: z.string() })),
  }),
]);
export type ApprovalSubject = z.infer<typeof approvalSubject>;

export const approvalRecordCard = z.object({
  task: flowTaskRow.pick({ taskNo: true, taskName: true, taskType: true, taskPrincipalId: true, taskPrincipalName: true, taskStatus: true, taskStatusStr: true }),
  /** The approval the task belongs to; null for a task that is not an approval step (an RFI review). */
  approval: z
    .object({
      kind: z.enum(APPROVAL_KINDS),
      kindName: z.string(),
      approvalNo: z.string(),
      round: z.number(),
      status: tableValue(APPROVAL_STATUS),
      statusStr: z.string(),
      remark: z.string().nullable(),
    })
    .nullable(),
  /** Every opened step of the application's approvals, oldest round first. */
  records: z.array(approvalRecordRow),
  /** What this round approves; null for a task that is not an approval step. */
  subject: approvalSubject.nullable(),
  /** The reader is this task's approver and the step waits for them. */
  canDecide: z.boolean(),
});
export type ApprovalRecordCard = z.infer<typeof approvalRecordCard>;

/** Where an application's approval stands, for the screens that show it (bpmUrl, bpmRemark; req flow §3.6). */
export interface ApprovalInfo {
  status: ApprovalStatus;
  /** The record card of the approval's current (or last) task; null before any approval. */
  bpmUrl: string | null;
  bpmRemark: string | null;
}
