import type { NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import type { CompleteNodeInput, RevertNodeInput, RfiReviewInput, RoleAssignment, StartApprovalInput } from '#workflows/definitions.ts';
import type { DecideApprovalInput } from '#workflows/approval-definitions.ts';
import type { StaffActor } from '#domain/identity.ts';
import type { ApprovalKind } from '#domain/cert-flow/evaluation.ts';

/**
 * The API's narrow view of the workflow engine: it asks, the workflow decides (architecture §4).
 * Every call has a deadline (about 10 s; an update 25 s for its acceptance): a timeout or an unreachable
 * engine throws the 503 ServiceError; an update the engine accepted whose result is later than its wait
 * (10 s) throws `WritePending` — the write is taken and carried out, the API answers 202
 * (adapters/temporal/engine-calls.ts); a refusal of an update validator the 409 with its reason; an unknown flow
 * the 404. "Resolves once …" below is the answer within the wait; past it, the same holds a moment later.
 */
export interface FlowGateway {
  startFlow(input: { flowNo: string; plan: NodePlanEntry[]; searchAttributes: FlowSearchAttributes; requalification?: true }): Promise<{ workflowId: string }>;
  /** The supplier (or staff in expand mode) submitted the questionnaire: the reviews open. */
  signalRfiSubmitted(flowNo: string, applyNo: string): Promise<void>;
  /**
   * A reviewer's decision; the one that passes the round resolves once the next node (APTITUDE) is
   * open. `updateId` is derived from the request (e.g. `<taskNo>:<decision>`), so a retried request is
   * applied once and answers like the first.
   */
  reviewRfi(flowNo: string, input: RfiReviewInput, updateId?: string): Promise<void>;
  /** Mails the supplier a fresh link while the questionnaire is being filled. */
  reissueRfi(flowNo: string, actor: StaffActor, updateId?: string): Promise<void>;
  /**
   * Closes the node in progress (req flow §4.2); a failing outcome ends the flow. Resolves once the next
   * node is open (its status and task are in the DB) or the flow has ended, so a read right after it
   * shows where the flow is. `stillInProgress`: whether the database still shows the node in progress — while
   * it does, the workflow's "not in progress" means it has not yet taken in the node's opening (a worker lost
   * in between), and the completion is asked again within the acceptance wait.
   */
  completeNode(flowNo: string, input: CompleteNodeInput, updateId?: string, stillInProgress?: () => Promise<boolean>): Promise<void>;
  /**
   * What became of the update with this id, asked after the answer of the call that sent it was lost:
   * 'completed' once it went through (waiting while it is still being carried out), 'unknown' when the engine
   * has no such update; an update that failed throws its refusal (409), an unreachable engine the 503. The
   * update is looked for where it was sent: the flow's workflow, or with `approval` the workflow of the flow's
   * approval of that kind (decideApproval).
   */
  updateOutcome(flowNo: string, updateId: string, approval?: ApprovalKind): Promise<'completed' | 'unknown'>;
  /**
   * Returns the open node to the one before it (PUBLICITY to KCP2, req flow §4.6). Resolves once the
   * previous node is in progress again.
   */
  revertNode(flowNo: string, input: RevertNodeInput, updateId?: string): Promise<void>;
  /** Business termination (req flow §4.1): resolves once the workflow has recorded stage 0 and closed the open node and its tasks. */
  terminate(flowNo: string, actor: StaffActor, updateId?: string): Promise<void>;
  /** Hands responsibilities to other people (adjust owner, transfer). */
  reassign(flowNo: string, assignments: RoleAssignment[], actor: StaffActor, updateId?: string): Promise<void>;
  /**
   * Starts the approval of the flow's high-potential or supplier-code application (a child workflow
   * of the flow). Resolves once the approvers' tasks are open.
   */
  startApproval(flowNo: string, input: StartApprovalInput, updateId?: string): Promise<void>;
  /**
   * An approver decides the running approval of that kind. Resolves once the decision is recorded;
   * what follows (the next approver, the ERP call) runs on in the workflow. `stillPending`: whether the
   * database still has the step waiting for this decision — while it does, the approval's workflow not found
   * means its start is queued on a busy engine, and the decision is asked again within the acceptance wait
   * (then the 503); otherwise not found is the 404 at once.
   */
  decideApproval(flowNo: string, input: DecideApprovalInput & { kind: ApprovalKind }, updateId?: string, stillPending?: () => Promise<boolean>): Promise<void>;
  /** The to-do list changed: the workflow re-times its reminders. */
  signalTodosChanged(flowNo: string): Promise<void>;
  /** Throws when the Temporal frontend cannot be reached (health check). */
  check(): Promise<void>;
}

/** Search attributes of a flow; never personal data (architecture §4). */
export interface FlowSearchAttributes {
  flowNo: string;
  supplierName: string;
  scenario: string;
  purchaseManager: string;
  stage: number;
  currentNode: string;
  supplierCode?: string;
  /** APPLY_TYPE's name of the flow. */
  flowKind?: 'REGISTER' | 'EXPAND' | 'REQUALIFY';
}
