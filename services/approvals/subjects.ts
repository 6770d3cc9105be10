import type { EngineApprovalKind } from '#domain/approvals/kinds.ts';
import { flowApprovalSubject } from '#services/approval/flow-approval-subject.ts';
import { summaryApprovalSubject } from '#services/assessment/summary-approval-subject.ts';
import { changeApprovalSubject } from '#services/supplier-change/approval/change-approval-subject.ts';
import { exitApprovalSubject } from '#services/supplier-exit/exit-approval-subject.ts';
import { renewalApprovalSubject } from '#services/certificates/renewal-approval.ts';
import type { ApprovalSubject } from './subject.ts';

/** The subject of each kind of approval the engine runs (domain/approvals/kinds.ts has its rules). */
export const APPROVAL_SUBJECTS: Record<EngineApprovalKind, ApprovalSubject> = {
  HIGH_POTENTIAL: flowApprovalSubject,
  SUPPLIER_CODE: flowApprovalSubject,
  SUPPLIER_CHANGE: changeApprovalSubject,
  SUPPLIER_EXIT: exitApprovalSubject,
  ASSESSMENT_SUMMARY: summaryApprovalSubject,
  CERTIFICATE_RENEWAL: renewalApprovalSubject,
};
