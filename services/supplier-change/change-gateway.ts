import type {
  CancelChangeInput,
  DecideChangeInput,
  ResolveConflictInput,
  SupplierChangeInput,
  SupplierChangeState,
} from '#workflows/supplier-change-definitions.ts';

/**
 * The services' view of the change workflows (implemented over Temporal in api/, faked in tests). Like
 * ExitGateway: a deadline on every call; a validator's refusal is the 409 with its reason; an unknown
 * change the 404; an unreachable engine the 503. Update ids derive from the request, so a retry applies once.
 */
export interface ChangeGateway {
  /** Starts the approval of a submitted round; a second start of the same round is the same request. */
  startChange(input: SupplierChangeInput): Promise<void>;
  /** Resolves once the decision is recorded; the last approval once the change is applied or found in conflict. */
  decideChange(flowNo: string, input: DecideChangeInput, updateId: string): Promise<SupplierChangeState>;
  /** The approver's decision on a conflict: resolves once applied over the newer master, or returned. */
  resolveConflict(flowNo: string, input: ResolveConflictInput, updateId: string): Promise<SupplierChangeState>;
  /** Resolves once the change is recorded as cancelled. */
  cancelChange(flowNo: string, input: CancelChangeInput, updateId: string): Promise<SupplierChangeState>;
}
