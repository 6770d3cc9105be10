import type { Db } from '#db/connection.ts';
import type { Locale } from '#domain/i18n.ts';
import { PERMISSIONS, hasPermission } from '#domain/permissions.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { FlowTaskRow } from '#domain/cert-flow/review.ts';
import { RFI_REVIEW_NAME, RFI_TASK_TYPES, isRfiReviewKind } from '#domain/cert-flow/tasks.ts';
import type { StaffActor } from '#domain/identity.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { conflict, forbidden, notFound } from '#domain/errors.ts';
import { requireFlowRunning } from './node-work.ts';
import { latestTask, questionnairePrincipal, tasksOfFlow } from './task-rows.ts';
import { decideApprovalTask } from '#services/approval/decide.ts';
import { decideOnce, decisionUpdateId } from './decision-outcome.ts';

/** Stage-10 tasks of a flow and the actions on them (req rfi §3 "Task row", req rfi §4 "Tasks"; req flow §2.4). */

export const TASK_STATUS_TEXT: Record<number, Record<Locale, string>> = {
  [TASK_STATUS.NOT_START]: { zh: '未开始', en: 'Not started' },
  [TASK_STATUS.IN_PROGRESS]: { zh: '进行中', en: 'In progress' },
  [TASK_STATUS.FINISHED]: { zh: '已完成', en: 'Finished' },
};

/** GET /v1/cert-flow-node/task-list: the RFI tasks of every round, oldest first. */
export async function listRfiTasks(db: Db, flowNo: string, locale: Locale): Promise<FlowTaskRow[]> {
  const rows = await tasksOfFlow(db, flowNo, RFI_TASK_TYPES);
  // The reviews of a round open in one transaction (same time): they list in the requirements’ order.
  const order = (type: string) => RFI_TASK_TYPES.indexOf(type as (typeof RFI_TASK_TYPES)[number]);
  rows.sort((a, b) => +a.createdAt - +b.createdAt || order(a.taskType) - order(b.taskType));
  return rows.map((r) => ({
    taskNo: r.taskNo,
    // A review's stored name is its Chinese one; the caller's language names it.
    taskName: isRfiReviewKind(r.taskType) ? RFI_REVIEW_NAME[r.taskType][locale] : r.taskName,
    taskType: r.taskType,
    taskPrincipalId: r.principalJobNumber,
    taskPrincipalName: r.principalName,
    taskStatus: r.status,
    taskStatusStr: TASK_STATUS_TEXT[r.status]?.[locale] ?? String(r.status),
    applyNo: r.applyNo,
    flowNo,
    taskEndTime: r.endTime,
    updateTime: r.updateTime,
  }));
}

/**
 * audit-pass / audit-reject (req flow §2.4, §6) of an RFI review or an approval step: only the task's
 * principal decides. A review only on the current review task of its kind — an older round's task
 * number must not reach this round's review; an approval step only while it waits for its approver.
 * The workflow records the decision (task, change log, return or pass); its validator may refuse.
 */
export async function decideReview(
  deps: { db: Db; flows: FlowGateway },
  input: { flowNo: string; taskNo: string; decision: 'pass' | 'reject'; reason?: string; actor: StaffActor },
): Promise<void> {
  // A keyed retry may meet the task already decided by its own lost attempt: answered as that attempt.
  await decideOnce(deps, input, () => sendDecision(deps, input));
}

async function sendDecision(
  deps: { db: Db; flows: FlowGateway },
  input: { flowNo: string; taskNo: string; decision: 'pass' | 'reject'; reason?: string; actor: StaffActor },
): Promise<void> {
  const { db, flows } = deps;
  await requireFlowRunning(db, input.flowNo);
  const task = await db
    .selectFrom('cert_task')
    .select(['task_no', 'task_type', 'principal_job_number', 'status', 'apply_no'])
    .where('task_no', '=', input.taskNo)
    .where('flow_no', '=', input.flowNo)
    .executeTakeFirst();
  if (!task) throw notFound();
  if (task.task_type === 'APPROVAL') return decideApprovalTask(deps, { ...input, task });
  const reviewType = task.task_type;
  if (!isRfiReviewKind(reviewType)) throw conflict('notReviewTask');
  if (task.principal_job_number !== input.actor.jobNumber) throw forbidden('notTaskPrincipal');
  const latest = await latestTask(db, { flowNo: input.flowNo, taskType: reviewType });
  if (latest?.taskNo !== task.task_no) throw conflict('taskNotCurrent');

  // Same task and decision → same update id: a retried request is applied once.
  await flows.reviewRfi(
    input.flowNo,
    { reviewType, decision: input.decision, reason: input.reason, actor: input.actor },
    decisionUpdateId(task.task_no, input.decision),
  );
}

/**
 * POST /v1/cert-flow-node/reissue-rfi: the REGISTER_RFI task's principal (or a holder of
 * cert_process_manage_all) mails the supplier a fresh link; the workflow refuses once submitted.
 */
export async function reissueRfiLink(
  deps: { db: Db; flows: FlowGateway },
  input: { flowNo: string; actor: StaffActor; permissions: readonly string[] },
): Promise<void> {
  const { db, flows } = deps;
  await requireFlowRunning(db, input.flowNo);
  const principal = await questionnairePrincipal(db, input.flowNo);
  if (principal !== input.actor.jobNumber && !hasPermission(input.permissions, PERMISSIONS.certProcessManageAll)) {
    throw forbidden('notTaskPrincipal');
  }
  // Derived from the link being replaced: a double click re-issues once.
  const app = await db.selectFrom('rfi_application').select('invite_seq').where('flow_no', '=', input.flowNo).executeTakeFirst();
  await flows.reissueRfi(input.flowNo, input.actor, `reissue:${input.flowNo}:${app?.invite_seq ?? 0}`);
}
