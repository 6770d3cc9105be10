import { heartbeat } from '@temporalio/activity';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import { mailErpRefusal } from '#services/release/erp-refusal-task.ts';
import type { StaffTaskMailDeps } from '#services/mail/staff-task-mail.ts';
import { sendReleaseToErp } from '#services/release/erp-release.ts';

/**
 * The ERP call of an approved supplier-code application (req flow §4.5, §7.9). The approval number is
 * the idempotency key: a retry after a lost answer (a worker that died mid-call) gets the vendor the
 * first call created, and a later round after a refusal is a new request.
 */
const ERP_HEARTBEAT_MS = 2_000;

export function createErpActivities(deps: StaffTaskMailDeps & { erp: ErpClient }) {
  return {
    async releaseToErp(input: { flowNo: string; approvalNo: string }): Promise<{ supplierCode: string } | { refused: string }> {
      // Heartbeats while the ERP thinks (up to 60 s), so a worker that dies mid-call is noticed in seconds.
      const beating = setInterval(() => heartbeat(), ERP_HEARTBEAT_MS);
      try {
        const result = await sendReleaseToErp(deps, { flowNo: input.flowNo, idempotencyKey: input.approvalNo });
        if ('refused' in result) await mailErpRefusal(deps, { ...input, refusal: result.refused });
        return result;
      } finally {
        clearInterval(beating);
      }
    },
  };
}

export type ErpActivities = ReturnType<typeof createErpActivities>;
