import type { DbOrTrx } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { FOLLOW_UP_TASK_NAME } from '#domain/cert-flow/tasks.ts';
import { erpRefusalAdvice } from '#domain/release/erp-refusal.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { mailStaffTask, type StaffTaskMailDeps } from '#services/mail/staff-task-mail.ts';
import { releaseWriteNode, type ReleaseRow } from './release-row.ts';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import type { Locale } from '#domain/i18n.ts';

/**
 * The ERP refused an approved supplier-code application: the flow's purchasing manager gets a to-do at
 * the node the release form is written at (KCP2, or RELEASE while it is open) and a mail saying which
 * field to correct. A resubmission closes the to-do (closeErpRefusalTasks). One to-do per approval round.
 */
const ERP_REFUSED_TASK = 'ERP_REFUSED';

const refusalTaskNo = (approvalNo: string) => `${approvalNo}-${ERP_REFUSED_TASK}`;

export async function openErpRefusalTask(trx: DbOrTrx, input: { flowNo: string; approvalNo: string }): Promise<void> {
  const manager = await trx.selectFrom('cert_flow_role').select('job_number').where('flow_no', '=', input.flowNo).where('role', '=', 'PURCHASE_MANAGER').executeTakeFirst();
  if (!manager) return;
  await ensureTask(trx, {
    flowNo: input.flowNo,
    nodeCode: await releaseWriteNode(trx, input.flowNo),
    taskType: ERP_REFUSED_TASK,
    taskName: FOLLOW_UP_TASK_NAME.ERP_REFUSED.zh,
    principalJobNumber: manager.job_number,
    taskNo: refusalTaskNo(input.approvalNo),
  });
}

/** The to-do's mail, in the manager's language, once per round. */
export async function mailErpRefusal(deps: StaffTaskMailDeps, input: { flowNo: string; approvalNo: string; refusal: string }): Promise<void> {
  const task = await deps.db
    .selectFrom('cert_task as t')
    .innerJoin('cert_flow as f', 'f.flow_no', 't.flow_no')
    .select(['t.principal_job_number', 't.node_code', 'f.supplier_name'])
    .where('t.task_no', '=', refusalTaskNo(input.approvalNo))
    .executeTakeFirst();
  if (!task) return;
  await mailStaffTask(deps, {
    jobNumber: task.principal_job_number,
    dedupeKey: `task:${refusalTaskNo(input.approvalNo)}`,
    taskName: (locale) => erpRefusalAdvice(input.refusal, locale),
    flowNo: input.flowNo,
    supplierName: task.supplier_name,
    path: flowDetailPath(input.flowNo, task.node_code),
  });
}

/** The advice on a release the ERP refused (status 30 with its message), else null. */
export function erpRefusalOf(row: Pick<ReleaseRow, 'status' | 'sapResult'> | undefined, locale: Locale): string | null {
  return row?.status === RELEASE_STATUS.REJECTED && row.sapResult ? erpRefusalAdvice(row.sapResult, locale) : null;
}

/** The application is submitted again: the refusal's to-dos are done. */
export async function closeErpRefusalTasks(db: DbOrTrx, flowNo: string): Promise<void> {
  await db
    .updateTable('cert_task')
    .set({ status: TASK_STATUS.FINISHED, end_time: new Date(), updated_at: new Date() })
    .where('flow_no', '=', flowNo)
    .where('task_type', '=', ERP_REFUSED_TASK)
    .where('status', '!=', TASK_STATUS.FINISHED)
    .execute();
}
