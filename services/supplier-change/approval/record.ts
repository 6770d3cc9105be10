import type { Db } from '#db/connection.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import type { ChangeApprovalRecord } from '#domain/supplier-change/approval.ts';
import type { ChangeStepView } from '#domain/supplier-change/requests.ts';
import { forbidden } from '#domain/errors.ts';
import { isChangeAdmin } from '../access.ts';
import { conflictRefusal, stepRefusal } from './decide.ts';
import { loadChange } from '../change-rows.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * GET /v1/supplier-change/approval-record: the change's approval steps (every round: who, decision,
 * reason, when) and whether the reader decides now. Readable by its approvers, its staff submitter and
 * administrators; anyone else is refused (the record names the supplier's bank change and its people).
 */
export async function changeApprovalRecord(db: Db, flowNo: string, staff: StaffPrincipal): Promise<ChangeApprovalRecord> {
  const change = await loadChange(db, flowNo);
  const steps = await db.selectFrom('supplier_change_step').selectAll().where('flow_no', '=', flowNo).orderBy('round').orderBy('seq').execute();
  const involved =
    isChangeAdmin(staff) ||
    (change.side === 'staff' && change.submitter_id === staff.jobNumber) ||
    steps.some((s) => s.approver_job_number === staff.jobNumber || s.decided_by_job_number === staff.jobNumber);
  if (!involved) throw forbidden('changeNotApprover');
  const supplier = await db.selectFrom('supplier').select('name').where('supplier_no', '=', change.supplier_no).executeTakeFirstOrThrow();
  const stepRefused = change.status === 'approving' ? await stepRefusal(db, change, staff) : undefined;
  const conflictRefused = change.status === 'conflict' ? await conflictRefusal(db, change, staff) : undefined;
  return {
    flowNo,
    supplierNo: change.supplier_no,
    supplierName: supplier.name,
    modifyType: change.modify_type,
    status: change.status,
    bankChange: change.bank_change,
    round: change.round,
    submitterName: change.submitter_name,
    reason: change.reason,
    erpMessage: change.erp_message,
    steps: steps.map((s) => ({
      round: s.round,
      seq: s.seq,
      approverName: s.approver_name,
      status: s.status as ChangeStepView['status'],
      decidedByName: s.decided_by_name,
      reason: s.reason,
      decidedAt: iso(s.decided_at),
    })),
    canDecide: change.status === 'approving' && !stepRefused,
    canResolveConflict: change.status === 'conflict' && !conflictRefused,
    refusal: (change.status === 'approving' ? stepRefused : conflictRefused)?.message ?? null,
  };
}
