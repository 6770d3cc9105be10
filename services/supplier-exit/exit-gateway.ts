import type { DecideExitInput, SupplierExitInput, TerminateExitInput } from '#workflows/supplier-exit-definitions.ts';

/**
 * The services' view of the exit workflows (implemented over Temporal in api/, faked in tests). Like
 * FlowGateway: a deadline on every call; a validator's refusal is the 409 with its reason; an unknown
 * exit the 404; an unreachable engine the 503. Update ids derive from the request, so a retry applies once.
 */
export interface ExitGateway {
  /** Starts the exit's workflow; a second start of the same exit is the same request. */
  start(input: SupplierExitInput): Promise<void>;
  /**
   * Resolves once the decision is recorded (an approval's effects run on). `stillPending` says the stored exit
   * still waits for a decision: an approval not yet started is asked again meanwhile.
   */
  decide(flowNo: string, input: DecideExitInput, updateId: string, stillPending?: () => Promise<boolean>): Promise<void>;
  /** Resolves once the exit is recorded as terminated. */
  terminate(flowNo: string, input: TerminateExitInput, updateId: string, stillPending?: () => Promise<boolean>): Promise<void>;
}
