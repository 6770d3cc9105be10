import type { Locale } from '../i18n.ts';
import { APPROVAL_STATUS, type ApprovalKind } from './evaluation.ts';
import type { FlowResponsibility } from './node-principals.ts';

/**
 * The approvals the product runs itself for a flow's high-potential and supplier-code applications
 * (req flow §2.4, §3.6, §4.5): who approves, in which order, and how approvals and their tasks are named.
 */

/**
 * Who approves each kind, step by step (docs/decisions/0018-approvals-of-the-high-potential-and-supplier-code-applicatio.md "Approvals"): the flow's CMT leader. The
 * applicant is the purchasing manager, so a second person decides (four eyes); the CMT leader owns
 * the category's sourcing strategy, which is what a high-potential mark and a supplier code commit to.
 */
export const APPROVER_ROLES: Record<ApprovalKind, readonly FlowResponsibility[]> = {
  HIGH_POTENTIAL: ['CMT_LEADER'],
  SUPPLIER_CODE: ['CMT_LEADER'],
};

/** One step's approver, fixed when the approval opens. */
export interface Approver {
  role: FlowResponsibility;
  jobNumber: string;
  name: string;
}

/** How an approval ended: by the approvers, or withdrawn because its flow ended first. */
export type ApprovalOutcome = 'approved' | 'rejected' | 'withdrawn';

/** The approval task of each kind: the approver's task name and the words of the change log. */
export const APPROVAL_TASK_NAME: Record<ApprovalKind, Record<Locale, string>> = {
  HIGH_POTENTIAL: { zh: '高潜供应商申请审批', en: 'High-potential supplier application approval' },
  SUPPLIER_CODE: { zh: '供应商编码申请审批', en: 'Supplier code application approval' },
};

const KIND_CODE: Record<ApprovalKind, string> = { HIGH_POTENTIAL: 'HP', SUPPLIER_CODE: 'SC' };

/** Approval numbers are derived (`<flowNo>-HP-<round>`), so a retried activity finds the row it made. */
export function approvalNoOf(flowNo: string, kind: ApprovalKind, round: number): string {
  return `${flowNo}-${KIND_CODE[kind]}-${round}`;
}

/** The task of one step of an approval (its apply_no is the approval number). */
export function approvalTaskNo(approvalNo: string, step: number): string {
  return `${approvalNo}-${step}`;
}

/** The approval status in words (req flow §4.2: not started, in progress, finished, rejected). */
export const APPROVAL_STATUS_TEXT: Record<number, Record<Locale, string>> = {
  [APPROVAL_STATUS.NOTSTART]: { zh: '未开始', en: 'Not started' },
  [APPROVAL_STATUS.REJECT]: { zh: '已驳回', en: 'Rejected' },
  [APPROVAL_STATUS.INPROGRESS]: { zh: '审批中', en: 'In progress' },
  [APPROVAL_STATUS.FINISHED]: { zh: '已完成', en: 'Finished' },
};

/** An approver's decision in words; null: the step waits for its approver. */
export const DECISION_TEXT: Record<'pass' | 'reject' | 'pending', Record<Locale, string>> = {
  pass: { zh: '通过', en: 'Approved' },
  reject: { zh: '驳回', en: 'Rejected' },
  pending: { zh: '待审批', en: 'Waiting' },
};
