import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { StepApprover } from '#domain/approvals/kinds.ts';
import type { Actor } from '#domain/identity.ts';

/** The one watch over every supplier's certificates (docs/decisions/0053-certificates-kept-valid.md). */
export const CERTIFICATE_WATCH_WORKFLOW = 'certificateWatch';
export const CERTIFICATE_WATCH_ID = 'certificate-watch';
/** A certificate was added, renewed or changed: the watch looks again now instead of at its next due day. */
export const certificatesChangedSignal = defineSignal('certificatesChanged');

/** A supplier's renewal of a certificate, approved by its purchasing manager on the approval engine. */
export const CERTIFICATE_RENEWAL_WORKFLOW = 'certificateRenewalFlow';
export const renewalWorkflowId = (renewalNo: string) => `certificate-renewal:${renewalNo}`;

export interface RenewalInput {
  renewalNo: string;
  supplierNo: string;
  approver: StepApprover;
  /** The portal account that uploaded it. */
  submitter: Actor;
}

export type RenewalPhase = 'approving' | 'approved' | 'rejected';
export interface RenewalState {
  renewalNo: string;
  phase: RenewalPhase;
  onEngine: true;
}
export const renewalStateQuery = defineQuery<RenewalState>('renewalState');
