import type { CancelChangeInput, DecideChangeInput, ResolveConflictInput, SupplierChangeInput } from '#workflows/supplier-change-definitions.ts';

/**
 * The services' view of the supplier-change workflows (implemented over Temporal, faked in API tests). Like
 * ExitGateway: a deadline on every call; a validator's refusal is the 409 with its reason; an unknown change
 * the 404; an unreachable engine the 503. Update ids derive from the request, so a retry applies once.
 */
export interface ChangeGateway {
  /** Starts the round's workflow; a second start of the same round is the same request. */
  startChange(input: SupplierChangeInput): Promise<void>;
  /**
   * Resolves once the step's decision is recorded (an approval's effects run on). `stillPending` says the stored
   * change still waits for approval: an approval not yet started (a bank change's contacts being alerted) is asked again.
   */
  decideChange(flowNo: string, round: number, input: DecideChangeInput, updateId: string, stillPending?: () => Promise<boolean>): Promise<void>;
  /** Resolves once the approver's answer to a conflict is recorded. */
  resolveConflict(flowNo: string, round: number, input: ResolveConflictInput, updateId: string): Promise<void>;
  /** Resolves once the round is recorded as cancelled. */
  cancelChange(flowNo: string, round: number, input: CancelChangeInput, updateId: string, stillPending?: () => Promise<boolean>): Promise<void>;
}

