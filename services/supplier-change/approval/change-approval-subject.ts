import type { ApprovalSubject } from '#services/approvals/subject.ts';
import { closeChangeTasks } from './change-tasks.ts';
import { mailChangeApprover } from './notify.ts';
import { cancelChangeRound, openChangeStep, recordChangeDecision } from './progress.ts';

/**
 * A round of a supplier information change as the approval engine's subject (req change §2.2): each step is a
 * task with a mail linking to the change's approval card; a withdrawal is the submitter side's cancellation.
 * The approval's outcome — apply to the master under its version check, send to the ERP, or return to the
 * submitter — is the change workflow's next step.
 */
export const changeApprovalSubject: ApprovalSubject = {
  async openStep(deps, input) {
    const taskNo = await openChangeStep(deps.db, { flowNo: input.flowNo, round: input.round, step: input.step, approver: input.approver });
    await mailChangeApprover(deps, { flowNo: input.flowNo, taskNo, approverJobNumber: input.approver.jobNumber });
  },
  async recordDecision(deps, input) {
    await recordChangeDecision(deps.db, { ...input, decision: input.decision === 'pass' ? 'approve' : 'reject' });
  },
  async withdraw(deps, input) {
    await cancelChangeRound(deps.db, input);
  },
  async close(deps, ref) {
    await closeChangeTasks(deps.db, ref.flowNo);
  },
};
