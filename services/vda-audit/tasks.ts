import type { DbOrTrx } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { FOLLOW_UP_TASK_NAME, taskNo } from '#domain/cert-flow/tasks.ts';
import { flowDetailPath } from '#domain/rfi/routes.ts';
import { ensureTask } from '#services/cert-flow/projection.ts';
import { mailStaffTask, type StaffTaskMailDeps } from '#services/mail/staff-task-mail.ts';

/**
 * The audit's tasks, each its owner's under "my open tasks": an expert's per element (VDA_AUDIT_SCORE), the
 * principal's to complete once every element is handed in (VDA_AUDIT_CLOSE), an expert's to look at an answered action
 * item (VDA_ACTION_ANSWERED). Numbers are derived, so a retried write finds the task it made.
 */
export type VdaTaskType = 'VDA_AUDIT_SCORE' | 'VDA_AUDIT_CLOSE' | 'VDA_ACTION_ANSWERED';

export const vdaTaskNo = (flowNo: string, type: VdaTaskType, key = '') => `${taskNo(flowNo, 'SYSTEM_CERT', type)}${key ? `-${key}` : ''}`;

/** Opens (or hands over) the task to `jobNumber`; null closes it. */
export async function assignVdaTask(db: DbOrTrx, flowNo: string, type: VdaTaskType, key: string, jobNumber: string | null): Promise<void> {
  const no = vdaTaskNo(flowNo, type, key);
  if (!jobNumber) return closeVdaTask(db, flowNo, type, key);
  await ensureTask(db, { flowNo, nodeCode: 'SYSTEM_CERT', taskType: type, taskName: FOLLOW_UP_TASK_NAME[type].zh, principalJobNumber: jobNumber, taskNo: no, endTime: null });
  await db.updateTable('cert_task').set({ principal_job_number: jobNumber, status: TASK_STATUS.IN_PROGRESS, updated_at: new Date() }).where('task_no', '=', no).execute();
}

export async function closeVdaTask(db: DbOrTrx, flowNo: string, type: VdaTaskType, key = ''): Promise<void> {
  await db
    .updateTable('cert_task')
    .set({ status: TASK_STATUS.FINISHED, updated_at: new Date() })
    .where('task_no', '=', vdaTaskNo(flowNo, type, key))
    .where('status', '!=', TASK_STATUS.FINISHED)
    .execute();
}

/** Tells the owner by mail, once per task and person. */
export async function mailVdaTask(deps: StaffTaskMailDeps, flowNo: string, type: VdaTaskType, key: string, jobNumber: string): Promise<void> {
  const flow = await deps.db.selectFrom('cert_flow').select('supplier_name').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
  await mailStaffTask(deps, {
    jobNumber,
    dedupeKey: `task:${vdaTaskNo(flowNo, type, key)}:${jobNumber}`,
    taskName: (locale) => `${FOLLOW_UP_TASK_NAME[type][locale]}${key ? ` (${key})` : ''}`,
    flowNo,
    supplierName: flow.supplier_name,
    path: flowDetailPath(flowNo, 'SYSTEM_CERT'),
  });
}
