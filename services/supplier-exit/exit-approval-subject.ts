import { EXIT_APPROVAL_TASK_NAME, exitDetailPath } from '#domain/supplier-exit/exit.ts';
import type { StaffActor } from '#domain/identity.ts';
import type { ApprovalSubject } from '#services/approvals/subject.ts';
import { mailStaffTask } from '#services/mail/staff-task-mail.ts';
import { closeExit, recordExitApproval } from './apply.ts';
import { closeExitTask, openExitTask } from './exit-task.ts';

/**
 * A submitted supplier exit as the approval engine's subject (req exit §2.3): the approver's task (made with the
 * submit) and a mail linking to the exit's card; a rejection closes the exit, a withdrawal is the sponsor's
 * termination. What an approval does (the ERP's block, the categories, the supplier) is the exit workflow's next step.
 */
export const exitApprovalSubject: ApprovalSubject = {
  async openStep(deps, input) {
    await openExitTask(deps.db, { flowNo: input.flowNo, approverJobNumber: input.approver.jobNumber });
    const supplier = await deps.db
      .selectFrom('supplier_exit as e')
      .innerJoin('supplier as s', 's.supplier_no', 'e.supplier_no')
      .select('s.name')
      .where('e.flow_no', '=', input.flowNo)
      .executeTakeFirstOrThrow();
    await mailStaffTask(deps, {
      jobNumber: input.approver.jobNumber,
      dedupeKey: `exit-approval:${input.flowNo}${input.step > 1 ? `:${input.step}` : ''}`,
      taskName: (locale) => EXIT_APPROVAL_TASK_NAME[locale],
      flowNo: input.flowNo,
      supplierName: supplier.name,
      path: exitDetailPath(input.flowNo),
    });
  },
  async recordDecision(deps, input) {
    if (input.decision === 'pass') await recordExitApproval(deps.db, input);
    else await closeExit(deps.db, { flowNo: input.flowNo, outcome: 'rejected', actor: input.actor, reason: input.reason });
  },
  async withdraw(deps, input) {
    // Only staff (the sponsor or an administrator) terminate an exit: the API's check.
    await closeExit(deps.db, { flowNo: input.flowNo, outcome: 'terminated', actor: input.actor as StaffActor, reason: input.reason });
  },
  async close(deps, ref) {
    await closeExitTask(deps.db, ref.flowNo);
  },
};
