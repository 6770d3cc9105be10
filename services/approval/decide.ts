import type { Db } from '#db/connection.ts';
import { APPROVAL_STATUS, type ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { StaffActor } from '#domain/identity.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { conflict, forbidden } from '#domain/errors.ts';
import { decisionUpdateId } from '#services/cert-flow/decision-outcome.ts';

/**
 * audit-pass / audit-reject of an approval task (req flow §2.4, §5.2): only the task's principal — the
 * approver of the step — decides, and only while the step waits for them. The approval workflow
 * records the decision; its validator checks the same again against its own state.
 */
export async function decideApprovalTask(
  deps: { db: Db; flows: FlowGateway },
  input: {
    flowNo: string;
    task: { task_no: string; principal_job_number: string; apply_no: string | null };
    decision: 'pass' | 'reject';
    reason?: string;
    actor: StaffActor;
  },
): Promise<void> {
  const { db, flows } = deps;
  const { task, actor } = input;
  if (task.principal_job_number !== actor.jobNumber) throw forbidden('notTaskPrincipal');
  const step = { flowNo: input.flowNo, approvalNo: task.apply_no ?? '', taskNo: task.task_no };
  const pending = await pendingApprovalStep(db, step);
  if (!pending) throw conflict('approvalNotPending');
  // Same task and decision → same update id: a retried request is applied once. The step pending while the
  // approval's workflow is not found yet: its start is queued on a busy engine (the flow opens the step before
  // it starts the workflow) — waited for; ended meanwhile, the engine's not found is the answer.
  await flows.decideApproval(
    input.flowNo,
    { kind: pending.kind, decision: input.decision, reason: input.reason, actor },
    decisionUpdateId(task.task_no, input.decision),
    async () => (await pendingApprovalStep(db, step)) !== undefined,
  );
}

/**
 * The approval step of a task while it waits for its approver's decision: the approval in progress, the step
 * undecided and its task open. Undefined once decided, rejected, withdrawn or never opened.
 */
export async function pendingApprovalStep(db: Db, ref: { flowNo: string; approvalNo: string; taskNo: string }): Promise<{ kind: ApprovalKind } | undefined> {
  const step = await db
    .selectFrom('flow_approval_step as s')
    .innerJoin('flow_approval as a', 'a.approval_no', 's.approval_no')
    .innerJoin('cert_task as t', 't.task_no', 's.task_no')
    .select('a.kind')
    .where('a.flow_no', '=', ref.flowNo)
    .where('s.approval_no', '=', ref.approvalNo)
    .where('s.task_no', '=', ref.taskNo)
    .where('s.decision', 'is', null)
    .where('a.status', '=', APPROVAL_STATUS.INPROGRESS)
    .where('t.status', '=', TASK_STATUS.IN_PROGRESS)
    .executeTakeFirst();
  return step && { kind: step.kind as ApprovalKind };
}
