import type { ApprovalOutcome } from '#domain/cert-flow/approvals.ts';
import type { ApprovalRef, EngineApprovalKind, StepApprover } from '#domain/approvals/kinds.ts';
import type { ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import type { Actor, StaffActor } from '#domain/identity.ts';
import { applyApprovalOutcome, openApproval } from '#services/approval/progress.ts';
import { APPROVAL_SUBJECTS } from '#services/approvals/subjects.ts';
import type { StepRef } from '#services/approvals/subject.ts';
import type { CertFlowActivityDeps } from './cert-flow-activities.ts';

/**
 * What the approval engine (workflows/approval-flow.ts) does to the outside world, through the subject of the
 * approval's kind (services/approvals/subjects.ts); and a certification flow's opening of its approvals and
 * applying of their outcome. All idempotent.
 */
export function createApprovalActivities(deps: CertFlowActivityDeps) {
  const { db } = deps;
  // Approvals started before the engine served every kind name no kind where they close: theirs were the flow's.
  const subjectOf = (kind: EngineApprovalKind | undefined) => APPROVAL_SUBJECTS[kind ?? 'HIGH_POTENTIAL'];

  async function openApprovalStep(input: StepRef & { approver: StepApprover; submitter?: Actor }): Promise<void> {
    await subjectOf(input.kind).openStep(deps, input);
  }

  return {
    /**
     * Refused (non-retryable) when a role has no holder or the application was never saved. With
     * `openFirstStep` the first approver's step opens too (task and mail), so the flow's start of the
     * approval answers without waiting for the approval's own workflow to open it.
     */
    async openApproval(input: { flowNo: string; kind: ApprovalKind; round: number; actor: StaffActor; openFirstStep?: true }) {
      const { openFirstStep, ...opening } = input;
      const opened = await openApproval(db, opening);
      const [first] = opened.approvers;
      if (openFirstStep && first) {
        await openApprovalStep({ kind: input.kind, flowNo: input.flowNo, round: input.round, approvalNo: opened.approvalNo, step: 1, approver: first });
      }
      return opened;
    },

    openApprovalStep,

    async recordApprovalDecision(input: StepRef & { decision: 'pass' | 'reject'; reason?: string; actor: StaffActor }): Promise<void> {
      await subjectOf(input.kind).recordDecision(deps, input);
    },

    async withdrawApproval(input: StepRef & { actor: Actor; reason?: string }): Promise<void> {
      await subjectOf(input.kind).withdraw(deps, input);
    },

    async closeApprovalTasks(input: Partial<ApprovalRef> & { approvalNo: string }): Promise<void> {
      await subjectOf(input.kind).close(deps, { kind: input.kind ?? 'HIGH_POTENTIAL', flowNo: input.flowNo ?? '', round: input.round ?? 0, approvalNo: input.approvalNo });
    },

    async applyApprovalOutcome(input: { flowNo: string; kind: ApprovalKind; approvalNo: string; outcome: ApprovalOutcome }): Promise<void> {
      await applyApprovalOutcome(db, input);
    },
  };
}

export type ApprovalActivities = ReturnType<typeof createApprovalActivities>;
