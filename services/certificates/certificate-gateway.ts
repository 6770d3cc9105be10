import type { DecideApprovalInput } from '#workflows/approval-definitions.ts';
import type { RenewalInput } from '#workflows/certificate-definitions.ts';

/**
 * The services' view of the certificate workflows (over Temporal in adapters/temporal/, faked in tests): the watch,
 * told when certificates change, and each renewal's workflow with its approval on the engine. Same rules as the other
 * gateways: a deadline on every call, a validator's refusal the 409 with its reason, update ids from the request.
 */
export interface CertificateGateway {
  /** Starts the renewal's workflow; a second start of the same renewal is the same request. */
  startRenewal(input: RenewalInput): Promise<void>;
  /** Resolves once the decision is recorded; `stillPending` says the stored renewal still waits (a run not started yet is asked again). */
  decideRenewal(renewalNo: string, input: Omit<DecideApprovalInput, 'kind'>, updateId: string, stillPending?: () => Promise<boolean>): Promise<void>;
  /** Wakes the watch (starting it when it does not run) to look at the certificates now. */
  certificatesChanged(): Promise<void>;
}
