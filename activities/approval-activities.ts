import { mailStaffTask } from '#services/mail/staff-task-mail.ts';
import { APPROVAL_TASK_NAME, type ApprovalOutcome, type Approver } from '#domain/cert-flow/approvals.ts';
import type { ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import type { StaffActor } from '#domain/identity.ts';
import { approvalCardPath } from '#domain/rfi/routes.ts';
import { applyApprovalOutcome, closeApprovalTasks, openApproval, openApprovalStep, recordApprovalDecision } from '#services/approval/progress.ts';
import type { CertFlowActivityDeps } from './cert-flow-activities.ts';

/**
 * What the approval of a flow's application does to the outside world: the flow opens it and applies
 * its outcome, the approval workflow opens each step and records each decision. All idempotent.
 */
export function createApprovalActivities(deps: CertFlowActivityDeps) {
  const { db } = deps;

  /** The step's approver gets the task and a mail linking to the approval record card. */
  async function openStep(input: { flowNo: string; kind: ApprovalKind; approvalNo: string; step: number; approver: Approver }): Promise<void> {
    const taskNo = await openApprovalStep(db, input);
    const flow = await db.selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', input.flowNo).executeTakeFirstOrThrow();
    await mailStaffTask(deps, {
      jobNumber: input.approver.jobNumber,
      dedupeKey: `task:${taskNo}`,
      taskName: (locale) => APPROVAL_TASK_NAME[input.kind][locale],
      flowNo: input.flowNo,
      supplierName: flow.supplier_name,
      path: approvalCardPath({ flowNo: input.flowNo, taskNo }),
    });
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
      if (openFirstStep && first) await openStep({ flowNo: input.flowNo, kind: input.kind, approvalNo: opened.approvalNo, step: 1, approver: first });
      return opened;
    },

    openApprovalStep: openStep,

    async recordApprovalDecision(input: Parameters<typeof recordApprovalDecision>[1]): Promise<void> {
      await recordApprovalDecision(db, input);
    },

    async closeApprovalTasks(input: { approvalNo: string }): Promise<void> {
      await closeApprovalTasks(db, input.approvalNo);
    },

    async applyApprovalOutcome(input: { flowNo: string; kind: ApprovalKind; approvalNo: string; outcome: ApprovalOutcome }): Promise<void> {
      await applyApprovalOutcome(db, input);
    },
  };
}

export type ApprovalActivities = ReturnType<typeof createApprovalActivities>;
