import type { Db } from '#db/connection.ts';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { StaffActor } from '#domain/identity.ts';
import { exitApprovalSubject } from '#services/supplier-exit/exit-approval-subject.ts';
import { applyExit, closeExit, recordExitApproval } from '#services/supplier-exit/apply.ts';

/**
 * What a supplier exit's workflow does to the outside world (services/supplier-exit/apply.ts); all idempotent.
 * Its approval is the engine's (exit-approval-subject.ts); the rest serve exits from before it.
 */
export function createSupplierExitActivities(deps: { db: Db; erp: ErpClient; mailer: Mailer; publicUrl: string }) {
  const { db } = deps;
  return {
    /** Exits from before the approval engine: the approver is mailed as the engine's step does. */
    async openExitApproval(input: { flowNo: string }): Promise<void> {
      const row = await db.selectFrom('supplier_exit').select('approver_job_number').where('flow_no', '=', input.flowNo).executeTakeFirstOrThrow();
      if (!row.approver_job_number) return;
      const approver = { jobNumber: row.approver_job_number, name: row.approver_job_number };
      await exitApprovalSubject.openStep(deps, { kind: 'SUPPLIER_EXIT', flowNo: input.flowNo, round: 1, approvalNo: input.flowNo, step: 1, approver });
    },
    async closeExit(input: { flowNo: string; outcome: 'rejected' | 'terminated'; actor: StaffActor; reason?: string }): Promise<void> {
      await closeExit(db, input);
    },
    async recordExitApproval(input: { flowNo: string; actor: StaffActor; reason?: string }): Promise<void> {
      await recordExitApproval(db, input);
    },
    async applyExit(input: { flowNo: string }): Promise<void> {
      await applyExit(deps, input.flowNo);
    },
  };
}

export type SupplierExitActivities = ReturnType<typeof createSupplierExitActivities>;
