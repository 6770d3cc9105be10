import type { Db } from '#db/connection.ts';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import type { StaffActor } from '#domain/identity.ts';
import { EXIT_APPROVAL_TASK_NAME, exitDetailPath } from '#domain/supplier-exit/exit.ts';
import { mailStaffTask } from '#services/mail/staff-task-mail.ts';
import { applyExit, closeExit, recordExitApproval } from '#services/supplier-exit/apply.ts';

/** What a supplier exit's workflow does to the outside world (services/supplier-exit/apply.ts); all idempotent. */
export function createSupplierExitActivities(deps: { db: Db; erp: ErpClient; mailer: Mailer; publicUrl: string }) {
  const { db } = deps;
  return {
    /** The approver is mailed a link to the exit's approval card, in the language of their last login. */
    async openExitApproval(input: { flowNo: string }): Promise<void> {
      const row = await db
        .selectFrom('supplier_exit as e')
        .innerJoin('supplier as s', 's.supplier_no', 'e.supplier_no')
        .select(['s.name as supplier_name', 'e.approver_job_number'])
        .where('e.flow_no', '=', input.flowNo)
        .executeTakeFirstOrThrow();
      if (!row.approver_job_number) return;
      await mailStaffTask(deps, {
        jobNumber: row.approver_job_number,
        dedupeKey: `exit-approval:${input.flowNo}`,
        taskName: (locale) => EXIT_APPROVAL_TASK_NAME[locale],
        flowNo: input.flowNo,
        supplierName: row.supplier_name,
        path: exitDetailPath(input.flowNo),
      });
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
