import type { Db } from '#db/connection.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import type { ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import type { StaffActor } from '#domain/identity.ts';
import type { FlowGateway } from '#services/cert-flow/flow-gateway.ts';
import { ServiceError } from '#domain/errors.ts';
import { isRetryWithoutOutcome } from '#adapters/request/request-scope.ts';

type Decision = 'pass' | 'reject';

/**
 * The id of the update that decides a task (an RFI review or an approval step): same task and decision →
 * same id, so the engine applies a decision sent twice once.
 */
export function decisionUpdateId(taskNo: string, decision: Decision): string {
  return `${taskNo}:${decision}`;
}

/**
 * Runs a task decision; a refusal met by a keyed retry of an attempt that left no outcome (docs/decisions/0045-under-load-the-production-shape-repeats-signals-after-commit.md "Request keys") may be that attempt's own decision, applied by the engine after its answer was lost — the
 * task decided, the approval moved on, the flow ended since. Then, if the task was decided this way by this
 * caller and the engine has the decision's update as completed, the decision stands and is answered as the
 * first attempt would have been. Otherwise — no key, a new key, another decision or decider — the refusal.
 */
export async function decideOnce(
  deps: { db: Db; flows: FlowGateway },
  input: { flowNo: string; taskNo: string; decision: Decision; actor: StaffActor },
  decide: () => Promise<void>,
): Promise<void> {
  try {
    await decide();
  } catch (err) {
    if (!(isRetryWithoutOutcome() && err instanceof ServiceError && err.kind === 'conflict')) throw err;
    if (!(await decidedInEngine(deps, input))) throw err;
  }
}

/**
 * The task was decided as asked by this caller: its own record (the approval step's decision and decider, or
 * the review task finished under its principal) and the engine's outcome of the decision's update id. The
 * update's own failure throws its refusal (409), an unreachable engine the 503 (the retry is tried again).
 */
async function decidedInEngine(
  deps: { db: Db; flows: FlowGateway },
  input: { flowNo: string; taskNo: string; decision: Decision; actor: StaffActor },
): Promise<boolean> {
  const task = await deps.db
    .selectFrom('cert_task')
    .select(['task_type', 'principal_job_number', 'status', 'apply_no'])
    .where('task_no', '=', input.taskNo)
    .where('flow_no', '=', input.flowNo)
    .executeTakeFirst();
  if (!task || task.principal_job_number !== input.actor.jobNumber) return false;
  const updateId = decisionUpdateId(input.taskNo, input.decision);
  if (task.task_type === 'APPROVAL') {
    const step = await deps.db
      .selectFrom('flow_approval_step as s')
      .innerJoin('flow_approval as a', 'a.approval_no', 's.approval_no')
      .select(['s.decision', 's.job_number', 'a.kind'])
      .where('s.approval_no', '=', task.apply_no ?? '')
      .where('s.task_no', '=', input.taskNo)
      .executeTakeFirst();
    if (step?.decision !== input.decision || step.job_number !== input.actor.jobNumber) return false;
    // The decision went to the approval's own workflow (FlowGateway.decideApproval): its outcome is there.
    return (await deps.flows.updateOutcome(input.flowNo, updateId, step.kind as ApprovalKind)) === 'completed';
  }
  if (task.status !== TASK_STATUS.FINISHED) return false;
  return (await deps.flows.updateOutcome(input.flowNo, updateId)) === 'completed';
}
