import type { Db } from '#db/connection.ts';
import { APPROVAL_STATUS, type ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { StaffActor } from '#domain/identity.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { conflict, forbidden } from '#services/errors.ts';
import { decisionUpdateId } from '#services/cert-flow/decision-outcome.ts';

/**
 * audit-pass / audit-reject of an approval task (spec 2 §2.4, §5.2): only the task's principal — the
 * approver of the step — decides, and only while the step waits for them. The approval workflow
 * records the decision; its validator checks the same again against its own state.
 */
export async function decideApprovalTask(
  deps: { db: Db; flows: FlowGateway },
  input: {
    flowNo: string;
    task: { task_no: string; principal_job_number: string; status: number; apply_no: string | null };
    decision: 'pass' | 'reject';
    reason?: string;
    actor: StaffActor;
  },
): Promise<void> {
  const { db, flows } = deps;
  const { task, actor } = input;
  if (task.principal_job_number !== actor.jobNumber) throw forbidden('notTaskPrincipal');
  const step = await db
    .selectFrom('flow_approval_step as s')
    .innerJoin('flow_approval as a', 'a.approval_no', 's.approval_no')
    .select(['a.kind', 'a.status', 's.decision'])
    .where('a.flow_no', '=', input.flowNo)
    .where('s.approval_no', '=', task.apply_no ?? '')
    .where('s.task_no', '=', task.task_no)
    .executeTakeFirst();
  const pending = step && step.decision === null && step.status === APPROVAL_STATUS.INPROGRESS && task.status === TASK_STATUS.IN_PROGRESS;
  if (!pending) throw conflict('approvalNotPending');
  // Same task and decision → same update id: a retried request is applied once.
  await flows.decideApproval(
    input.flowNo,
    { kind: step.kind as ApprovalKind, decision: input.decision, reason: input.reason, actor },
    decisionUpdateId(task.task_no, input.decision),
  );
}
