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
  return {
    /** Refused (non-retryable) when a role has no holder or the application was never saved. */
    async openApproval(input: { flowNo: string; kind: ApprovalKind; round: number; actor: StaffActor }) {
      return openApproval(db, input);
    },

    /** The step's approver gets the task and a mail linking to the approval record card. */
    async openApprovalStep(input: { flowNo: string; kind: ApprovalKind; approvalNo: string; step: number; approver: Approver }): Promise<void> {
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
    },

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
