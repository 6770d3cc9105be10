import type { ApprovalCardStatus } from '#domain/approvals/card.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { APPROVAL_STATUS, type ApprovalKind } from '#domain/cert-flow/evaluation.ts';
import { actorOf } from '#domain/identity.ts';
import { conflict } from '#domain/errors.ts';
import { ROUTES } from '#domain/permissions.ts';
import type { ApprovalDesk } from '#services/approvals/desk.ts';
import { isoOf } from '#services/approvals/desk.ts';
import type { DbOrTrx } from '#db/connection.ts';
import { decideApprovalTask } from './decide.ts';

/** Every opened step of a flow's approvals of one kind, oldest round first, with its task. */
async function openedSteps(db: DbOrTrx, flowNo: string, kind: ApprovalKind) {
  return db
    .selectFrom('flow_approval_step as s')
    .innerJoin('flow_approval as a', 'a.approval_no', 's.approval_no')
    .leftJoin('cert_task as t', 't.task_no', 's.task_no')
    .select(['a.round', 'a.status as approvalStatus', 'a.outcome', 's.step', 's.job_number', 's.name', 's.task_no', 's.decision', 's.reason', 's.opened_at', 's.decided_at'])
    .select(['t.status as taskStatus', 't.principal_job_number', 't.apply_no'])
    .where('a.flow_no', '=', flowNo)
    .where('a.kind', '=', kind)
    .where('s.opened_at', 'is not', null)
    .orderBy('a.round')
    .orderBy('s.step')
    .execute();
}

type Step = Awaited<ReturnType<typeof openedSteps>>[number];
const isOpen = (s: Step) => s.decision === null && s.approvalStatus === APPROVAL_STATUS.INPROGRESS && s.taskStatus === TASK_STATUS.IN_PROGRESS;

/**
 * A flow's high-potential or supplier-code application on the approval card (the latest round and those before):
 * read by whoever reads the flow's detail; the open step's task principal decides (req flow §2.4, §5.2).
 */
export function flowApprovalDesk(kind: ApprovalKind): ApprovalDesk {
  return {
    readers: [ROUTES.certFlowDetail],
    async card(db, flowNo, staff) {
      const steps = await openedSteps(db, flowNo, kind);
      const last = steps.at(-1);
      const status: ApprovalCardStatus = !last ? 'none' : (last.outcome ?? (last.approvalStatus === APPROVAL_STATUS.INPROGRESS ? 'approving' : 'withdrawn'));
      return {
        status,
        submitterName: null,
        steps: steps.map((s) => ({
          round: s.round,
          step: s.step,
          approverId: s.job_number,
          approverName: s.name,
          decision: s.decision,
          decidedBy: s.decision ? s.name : null,
          reason: s.reason,
          openedAt: isoOf(s.opened_at),
          decidedAt: isoOf(s.decided_at),
        })),
        canDecide: steps.some((s) => isOpen(s) && s.principal_job_number === staff.jobNumber),
      };
    },
    async decide(deps, flowNo, ask, staff) {
      const open = (await openedSteps(deps.db, flowNo, kind)).find(isOpen);
      if (!open?.task_no || !open.principal_job_number) throw conflict('approvalNotPending');
      const task = { task_no: open.task_no, principal_job_number: open.principal_job_number, apply_no: open.apply_no };
      await decideApprovalTask(deps, { flowNo, task, decision: ask.decision, reason: ask.reason, actor: actorOf(staff) });
    },
  };
}
