import type { ApprovalCardStatus } from '#domain/approvals/card.ts';
import type { ChangeStatus } from '#domain/supplier-change/status.ts';
import { APPROVAL_STATUS } from '#domain/supplier-change/status.ts';
import type { ApprovalDesk } from '#services/approvals/desk.ts';
import { isoOf } from '#services/approvals/desk.ts';
import { changeApprovalRecord } from './record.ts';
import { decideChange } from './decide.ts';

const CARD_STATUS: Record<ChangeStatus, ApprovalCardStatus> = {
  saved: 'none',
  approving: 'approving',
  // Every step passed; the approver then decides the conflict on the change's own page.
  conflict: 'approved',
  applying: 'approved',
  finished: 'approved',
  rejected: 'rejected',
  cancelled: 'withdrawn',
};

/** An information change on the approval card: readable by its approvers, its staff submitter and administrators (record.ts). */
export const changeApprovalDesk: ApprovalDesk = {
  readers: [],
  async card(db, flowNo, staff) {
    const record = await changeApprovalRecord(db, flowNo, staff);
    const rows = await db.selectFrom('supplier_change_step').selectAll().where('flow_no', '=', flowNo).orderBy('round').orderBy('seq').execute();
    return {
      status: CARD_STATUS[record.status],
      submitterName: record.submitterName,
      steps: rows
        .filter((s) => s.status !== APPROVAL_STATUS.NOTSTART)
        .map((s) => ({
          round: s.round,
          step: s.seq,
          approverId: s.approver_job_number,
          approverName: s.approver_name,
          decision: s.status === APPROVAL_STATUS.FINISHED ? 'pass' : s.status === APPROVAL_STATUS.REJECT && s.decided_at ? 'reject' : null,
          decidedBy: s.decided_by_name,
          reason: s.reason,
          openedAt: isoOf(s.created_at),
          decidedAt: isoOf(s.decided_at),
        })),
      canDecide: record.canDecide,
    };
  },
  async decide(deps, flowNo, ask, staff) {
    await decideChange(deps, { flowNo, decision: ask.decision === 'pass' ? 'approve' : 'reject', reason: ask.reason }, staff);
  },
};
