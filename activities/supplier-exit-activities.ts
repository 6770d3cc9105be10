import type { Db } from '#db/connection.ts';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import type { Mailer } from '#adapters/mail/mailer.ts';
import { taskNotificationMail } from '#adapters/mail/templates.ts';
import type { StaffActor } from '#domain/identity.ts';
import { exitDetailPath } from '#domain/supplier-exit/exit.ts';
import { applyExit, closeExit, recordExitApproval } from '#services/supplier-exit/apply.ts';

/** What a supplier exit's workflow does to the outside world (services/supplier-exit/apply.ts); all idempotent. */
export function createSupplierExitActivities(deps: { db: Db; erp: ErpClient; mailer: Mailer; publicUrl: string }) {
  const { db } = deps;
  return {
    /** The approver is mailed a link to the exit's approval card. */
    async openExitApproval(input: { flowNo: string }): Promise<void> {
      const row = await db
        .selectFrom('supplier_exit as e')
        .innerJoin('supplier as s', 's.supplier_no', 'e.supplier_no')
        .leftJoin('staff as a', 'a.job_number', 'e.approver_job_number')
        .select(['s.name as supplier_name', 'a.email'])
        .where('e.flow_no', '=', input.flowNo)
        .executeTakeFirstOrThrow();
      if (!row.email) return;
      const mail = taskNotificationMail({
        taskName: '供应商退出审批',
        flowNo: input.flowNo,
        supplierName: row.supplier_name,
        link: `${deps.publicUrl}${exitDetailPath(input.flowNo)}`,
        locale: 'zh',
      });
      await deps.mailer.send({ dedupeKey: `exit-approval:${input.flowNo}`, to: row.email, locale: 'zh', ...mail });
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
