import type { ApprovalCardStatus } from '#domain/approvals/card.ts';
import { notFound } from '#domain/errors.ts';
import { ROUTES } from '#domain/permissions.ts';
import type { ApprovalDesk } from '#services/approvals/desk.ts';
import { isoOf } from '#services/approvals/desk.ts';
import { decideExit } from './decide.ts';
import { isExitAdmin, loadExit, type ExitRecord } from './exit-rows.ts';

function statusOf(e: ExitRecord): ApprovalCardStatus {
  if (e.status === 'draft') return 'none';
  if (e.status === 'terminated') return 'withdrawn';
  if (e.status === 'rejected') return 'rejected';
  // Approved and still being applied (ERP block, categories) counts as approved.
  return e.decided_by_name ? 'approved' : 'approving';
}

/** An exit on the approval card: one step, its approver's (or an administrator's); a draft is its sponsor's own. */
export const exitApprovalDesk: ApprovalDesk = {
  readers: [ROUTES.supplierExit],
  async card(db, flowNo, staff) {
    const e = await loadExit(db, flowNo);
    if (e.status === 'draft' && e.sponsor_job_number !== staff.jobNumber) throw notFound('exitNotFound');
    const status = statusOf(e);
    const decided = status === 'approved' || status === 'rejected';
    return {
      status,
      submitterName: e.sponsor_name,
      steps:
        status === 'none' || !e.approver_job_number
          ? []
          : [
              {
                round: 1,
                step: 1,
                approverId: e.approver_job_number,
                approverName: e.approver_name ?? e.approver_job_number,
                decision: decided ? (status === 'rejected' ? 'reject' : 'pass') : null,
                decidedBy: e.decided_by_name,
                reason: e.decision_reason,
                openedAt: isoOf(e.submitted_at),
                decidedAt: decided ? isoOf(e.finished_at ?? e.updated_at) : null,
              },
            ],
      canDecide: status === 'approving' && e.sponsor_job_number !== staff.jobNumber && (e.approver_job_number === staff.jobNumber || isExitAdmin(staff)),
    };
  },
  async decide(deps, flowNo, ask, staff) {
    await decideExit(deps, { flowNo, ...ask }, staff);
  },
};
