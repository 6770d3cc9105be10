import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { NodeCode, Stage } from '#domain/cert-flow/enums.ts';
import type { NodePlanEntry } from '#domain/cert-flow/node-plan.ts';
import type { StaffActor } from '#domain/identity.ts';
import type { RfiReviewKind } from '#domain/cert-flow/tasks.ts';
import type { ApprovalKind, ApprovalStatus } from '#domain/cert-flow/evaluation.ts';
import type { EngineApprovalKind } from '#domain/approvals/kinds.ts';
import { approvalRunId } from './approval-definitions.ts';

/**
 * Everything the certification workflow, the API and the tests share about it, declared once
 * (style 1): ids, messages and search attributes (the task queue is configuration, infra/config.ts).
 */
export const CERT_FLOW_WORKFLOW = 'certificationFlow';

export function certFlowWorkflowId(flowNo: string): string {
  return `cert-flow-${flowNo}`;
}

export interface CertFlowInput {
  flowNo: string;
  plan: NodePlanEntry[];
  /** A requalification (domain/requalification): its end records an outcome on its categories instead of admitting. */
  requalification?: true;
}

/** Where the RFI node stands: waiting for the supplier, or its answers under review (round n). */
interface RfiNodeState {
  phase: 'filling' | 'review';
  round: number;
  inviteSeq: number;
  decisions: Partial<Record<RfiReviewKind, 'pass' | 'reject'>>;
}

/** The latest approval of one kind (a rejected one is followed by a new round). */
export interface FlowApprovalState {
  approvalNo: string;
  round: number;
  status: ApprovalStatus;
  /** The step whose approver decides now (1-based); 0 until the first task is open. */
  step: number;
}

export interface CertFlowState {
  flowNo: string;
  stage: Stage;
  currentNode: NodeCode;
  /** The current node's opening activity has run: its status, task and mail are in the DB. */
  nodeOpen: boolean;
  finishedNodes: NodeCode[];
  terminated: boolean;
  rfi: RfiNodeState;
  approvals: Partial<Record<ApprovalKind, FlowApprovalState>>;
}

export interface RfiReviewInput {
  reviewType: RfiReviewKind;
  decision: 'pass' | 'reject';
  /** Required for a rejection (req flow §5.2), at most 100 characters. */
  reason?: string;
  actor: StaffActor;
}

export interface CompleteNodeInput {
  nodeCode: NodeCode;
  actor: StaffActor;
  /** A failing KCP or sample conclusion ends the flow (req flow §4.3, §4.9). */
  outcome?: 'pass' | 'fail';
}

export interface TerminateInput {
  actor: StaffActor;
  reason?: string;
}

/**
 * Human actions: Updates with validators, so the caller gets a synchronous yes or a reasoned no.
 * A completion answers once the next node is open or the flow has ended; terminate once it has ended.
 */
export const completeNodeUpdate = defineUpdate<CertFlowState, [CompleteNodeInput]>('completeNode');
export const terminateUpdate = defineUpdate<CertFlowState, [TerminateInput]>('terminate');

/**
 * Return (revert) of a node to the one before it (req flow §4.6: PUBLICITY back to KCP2). Resolves once
 * the previous node is in progress again (its status and task are in the DB).
 */
export interface RevertNodeInput {
  /** The node being returned: it must be the flow's current, open node. */
  nodeCode: NodeCode;
  actor: StaffActor;
}
export const revertNodeUpdate = defineUpdate<CertFlowState, [RevertNodeInput]>('revertNode');

/** One responsibility handed to another person (req flow §3.13 transfer adjust item). */
export interface RoleAssignment {
  role: string;
  jobNumber: string;
  name: string;
}

/** Adjust owner / reassign (req flow §2.1, §5.13): not at stage 0 or 90. */
export const reassignUpdate = defineUpdate<CertFlowState, [{ assignments: RoleAssignment[]; actor: StaffActor }]>('reassign');

/** The supplier's answer to the RFI; the reviews of both reviewers, and a fresh invitation link. */
export const rfiReviewUpdate = defineUpdate<CertFlowState, [RfiReviewInput]>('rfiReview');
export const reissueRfiUpdate = defineUpdate<CertFlowState, [{ actor: StaffActor }]>('reissueRfi');

/** Asks approval of the flow's high-potential or supplier-code application (req flow §3.6, §4.5). */
export interface StartApprovalInput {
  kind: ApprovalKind;
  actor: StaffActor;
}

/** Approval runs as a child workflow of the flow, one per kind at a time (a new round after a rejection reuses the id). */
export function approvalWorkflowId(flowNo: string, kind: ApprovalKind): string {
  return approvalRunId(certFlowWorkflowId(flowNo), kind);
}

/** On the flow: start an approval (resolves once its tasks are open). */
export const startApprovalUpdate = defineUpdate<CertFlowState, [StartApprovalInput]>('startApproval');

/** From an approval to its parent: a step's task is open (a flow's start of it answers once the first is). */
export const approvalStepOpenedSignal = defineSignal<[{ kind: EngineApprovalKind; approvalNo: string; step: number }]>('approvalStepOpened');

/** Facts from outside that need no answer. */
/** The KCP2 or high-potential to-do list was saved: the workflow re-reads it to time the reminders. */
export const todosChangedSignal = defineSignal('todosChanged');
export const rfiSubmittedSignal = defineSignal<[{ applyNo: string }]>('rfiSubmitted');

export const stateQuery = defineQuery<CertFlowState>('state');

/** Custom search attributes (architecture §4): never personal data. */
export const SA = {
  FlowNo: defineSearchAttributeKey('FlowNo', SearchAttributeType.KEYWORD),
  SupplierCode: defineSearchAttributeKey('SupplierCode', SearchAttributeType.KEYWORD),
  SupplierName: defineSearchAttributeKey('SupplierName', SearchAttributeType.TEXT),
  Stage: defineSearchAttributeKey('Stage', SearchAttributeType.KEYWORD),
  CurrentNode: defineSearchAttributeKey('CurrentNode', SearchAttributeType.KEYWORD),
  Scenario: defineSearchAttributeKey('Scenario', SearchAttributeType.KEYWORD),
  PurchaseManager: defineSearchAttributeKey('PurchaseManager', SearchAttributeType.KEYWORD),
  /** REGISTER, EXPAND or REQUALIFY (APPLY_TYPE's names): requalifications are found by `FlowKind = 'REQUALIFY'`. */
  FlowKind: defineSearchAttributeKey('FlowKind', SearchAttributeType.KEYWORD),
} as const;

/** Refusal reasons of update validators, as message ids the API translates (some carry parameters: `id|{json}`). */
export const REFUSAL = {
  nodeNotInProgress: 'nodeNotInProgress',
  flowEnded: 'flowEnded',
  cannotTerminateHere: 'cannotTerminateHere',
  notInRfiReview: 'notInRfiReview',
  reviewAlreadyDecided: 'reviewAlreadyDecided',
  rfiCompletesByReview: 'rfiCompletesByReview',
  publicityCompletesByTimer: 'publicityCompletesByTimer',
  rfiAlreadySubmitted: 'rfiAlreadySubmitted',
  reasonRequired: 'reasonRequired',
  nothingToReassign: 'nothingToReassign',
  approvalNotPending: 'approvalNotPending',
  notPendingApprover: 'notPendingApprover',
  approvalInProgress: 'approvalInProgress',
  approverMissing: 'approverMissing',
  applicationMissing: 'applicationMissing',
  rejectReasonTooLong: 'rejectReasonTooLong',
  cannotRevertHere: 'cannotRevertHere',
} as const;
