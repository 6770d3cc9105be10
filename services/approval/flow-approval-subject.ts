import { APPROVAL_TASK_NAME } from '#domain/cert-flow/approvals.ts';
import type { ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import type { FlowResponsibility } from '#domain/cert-flow/node-principals.ts';
import { approvalCardPath } from '#domain/rfi/routes.ts';
import type { ApprovalSubject } from '#services/approvals/subject.ts';
import { mailStaffTask } from '#services/mail/staff-task-mail.ts';
import { closeApprovalTasks, openApprovalStep, recordApprovalDecision } from './progress.ts';

/**
 * A certification flow's high-potential or supplier-code application as the approval engine's subject (req flow
 * §2.4): each step is a task at the node the application is worked at, mailed with a link to the approval
 * record card. Withdrawn only by the flow's end (the flow applies the outcome, flow-approvals.ts).
 */
export const flowApprovalSubject: ApprovalSubject = {
  async openStep(deps, input) {
    const kind = input.kind as ApprovalKind;
    const approver = { ...input.approver, role: (input.approver.role ?? 'CMT_LEADER') as FlowResponsibility };
    const taskNo = await openApprovalStep(deps.db, { flowNo: input.flowNo, kind, approvalNo: input.approvalNo, step: input.step, approver });
    const flow = await deps.db.selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', input.flowNo).executeTakeFirstOrThrow();
    await mailStaffTask(deps, {
      jobNumber: input.approver.jobNumber,
      dedupeKey: `task:${taskNo}`,
      taskName: (locale) => APPROVAL_TASK_NAME[kind][locale],
      flowNo: input.flowNo,
      supplierName: flow.supplier_name,
      path: approvalCardPath({ flowNo: input.flowNo, taskNo }),
    });
  },
  async recordDecision(deps, input) {
    await recordApprovalDecision(deps.db, { ...input, kind: input.kind as ApprovalKind });
  },
  async withdraw(deps, input) {
    await closeApprovalTasks(deps.db, input.approvalNo);
  },
  async close(deps, ref) {
    await closeApprovalTasks(deps.db, ref.approvalNo);
  },
};
