import type { DbOrTrx } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { allScored, systemCertCompleter } from '#domain/cert-flow/nodes/system-cert.ts';
import { FOLLOW_UP_TASK_NAME, taskNo } from '#domain/cert-flow/tasks.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { mailStaffTask, type StaffTaskMailDeps } from '#services/mail/staff-task-mail.ts';
import { itemState, loadItemRows } from './items.ts';

/**
 * A to-do always belongs to someone who can act on it (req flow §4.8, §6): once every assigned expert has
 * scored, the person who may complete the node (the quality expert, else the purchasing manager) gets a
 * to-do to complete it, and a mail. Experts re-chosen before that is done take it back. The node's
 * completion closes it with the node's other tasks.
 */
const closeTaskNo = (flowNo: string) => taskNo(flowNo, 'SYSTEM_CERT', 'SYSTEM_CERT_CLOSE');

/** Opens or withdraws the to-do as the scores stand; answers whose it is when it is open. */
export async function syncSystemCertCloseTask(trx: DbOrTrx, flowNo: string): Promise<string | undefined> {
  const states = (await loadItemRows(trx, flowNo)).map(itemState);
  if (!allScored(states)) {
    await trx
      .updateTable('cert_task')
      .set({ status: TASK_STATUS.FINISHED, updated_at: new Date() })
      .where('task_no', '=', closeTaskNo(flowNo))
      .where('status', '!=', TASK_STATUS.FINISHED)
      .execute();
    return undefined;
  }
  const manager = await trx.selectFrom('cert_flow_role').select('job_number').where('flow_no', '=', flowNo).where('role', '=', 'PURCHASE_MANAGER').executeTakeFirst();
  const { jobNumber } = systemCertCompleter(states, manager?.job_number ?? null);
  if (!jobNumber) return undefined;
  await ensureTask(trx, {
    flowNo,
    nodeCode: 'SYSTEM_CERT',
    taskType: 'SYSTEM_CERT_CLOSE',
    taskName: FOLLOW_UP_TASK_NAME.SYSTEM_CERT_CLOSE.zh,
    principalJobNumber: jobNumber,
    taskNo: closeTaskNo(flowNo),
    endTime: null,
  });
  await trx
    .updateTable('cert_task')
    .set({ principal_job_number: jobNumber, status: TASK_STATUS.IN_PROGRESS, updated_at: new Date() })
    .where('task_no', '=', closeTaskNo(flowNo))
    .execute();
  return jobNumber;
}

/** The to-do's mail, once per person it goes to. */
export async function mailSystemCertCloseTask(deps: StaffTaskMailDeps, flowNo: string, jobNumber: string): Promise<void> {
  const flow = await deps.db.selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  await mailStaffTask(deps, {
    jobNumber,
    dedupeKey: `task:${closeTaskNo(flowNo)}:${jobNumber}`,
    taskName: (locale) => FOLLOW_UP_TASK_NAME.SYSTEM_CERT_CLOSE[locale],
    flowNo,
    supplierName: flow.supplier_name,
    path: flowDetailPath(flowNo, 'SYSTEM_CERT'),
  });
}
