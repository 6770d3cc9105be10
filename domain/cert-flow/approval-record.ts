import { z } from 'zod';
import { requiredText } from '../fields.ts';
import type { ApprovalKind, ApprovalStatus } from './evaluation.ts';
import { flowNoField } from './flow-no.ts';
import type { ReleaseForm } from '../release/release-form.ts';
import type { CodeLabels } from '../supplier-change/coded-fields.ts';

/** GET /v1/cert-flow-node/approval-record: the approval and submission record card of a task (spec 2 §2.4). */
export const approvalRecordQuery = z.object({ flowNo: flowNoField, taskNo: requiredText(128) });
export type ApprovalRecordQuery = z.infer<typeof approvalRecordQuery>;

/** One approver's step: who, when, what they decided and why. */
export interface ApprovalRecordRow {
  round: number;
  step: number;
  approverId: string;
  approverName: string;
  roleName: string;
  decision: 'pass' | 'reject' | null;
  decisionStr: string;
  reason: string | null;
  openedAt: string | null;
  decidedAt: string | null;
}

export interface ApprovalRecordCard {
  task: {
    taskNo: string;
    taskName: string;
    taskType: string;
    taskPrincipalId: string;
    taskPrincipalName: string;
    taskStatus: number;
    taskStatusStr: string;
  };
  /** The approval the task belongs to; null for a task that is not an approval step (an RFI review). */
  approval: {
    kind: ApprovalKind;
    kindName: string;
    approvalNo: string;
    round: number;
    status: ApprovalStatus;
    statusStr: string;
    remark: string | null;
  } | null;
  /** Every opened step of the application's approvals, oldest round first. */
  records: ApprovalRecordRow[];
  /** What this round approves; null for a task that is not an approval step. */
  subject: ApprovalSubject | null;
  /** The reader is this task's approver and the step waits for them. */
  canDecide: boolean;
}

/**
 * What an approval round is asked to approve, as the approver reads it: the release form of a supplier-code
 * application with the form of the round before and the supplier's record as the ERP holds it (an admitted
 * supplier's master), each to compare with; or the KCP2 conclusion, description and files of a high-potential one.
 */
export type ApprovalSubject =
  | { kind: 'SUPPLIER_CODE'; form: ReleaseForm; previous: ReleaseForm | null; erpRecord: Partial<ReleaseForm> | null; labels: CodeLabels }
  | { kind: 'HIGH_POTENTIAL'; conclusion: string | null; description: string | null; documentList: { documentName: string; documentUrl: string }[] };

/** Where an application's approval stands, for the screens that show it (bpmUrl, bpmRemark; spec 2 §3.6). */
export interface ApprovalInfo {
  status: ApprovalStatus;
  /** The record card of the approval's current (or last) task; null before any approval. */
  bpmUrl: string | null;
  bpmRemark: string | null;
}
