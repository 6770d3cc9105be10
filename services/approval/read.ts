import type { DbOrTrx } from '#db/connection.ts';
import { APPROVAL_STATUS, APPROVAL_KINDS, type ApprovalKind, type ApprovalStatus } from '#domain/cert-flow/evaluation.ts';
import { APPROVAL_STATUS_TEXT, APPROVAL_TASK_NAME, DECISION_TEXT } from '#domain/cert-flow/approvals.ts';
import type { ApprovalInfo, ApprovalRecordCard, ApprovalRecordRow } from '#domain/cert-flow/approval-record.ts';
import { TASK_STATUS } from '#domain/cert-flow/enums.ts';
import { RESPONSIBILITY_NAME, type FlowResponsibility } from '#domain/cert-flow/node-principals.ts';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#domain/messages.ts';
import { approvalCardPath } from '#domain/rfi/routes.ts';
import { notFound } from '#domain/errors.ts';
import { TASK_STATUS_TEXT } from '#services/cert-flow/tasks.ts';
import { approvalSubject } from './subject.ts';

/**
 * Reads of the approvals of a flow's applications: what the KCP2, high-potential and release screens
 * show (status, bpmUrl, bpmRemark) and the approval record card of a task (req flow §2.4, §3.6).
 */

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The remark the screens show as bpmRemark: the approvers' last reason, or why the approval was withdrawn. */
function remarkOf(row: { remark: string | null; outcome: string | null }, locale: Locale): string | null {
  return row.remark ?? (row.outcome === 'withdrawn' ? translate('approvalWithdrawn', locale) : null);
}

/** The latest approval of each kind: status, the card of its current (or last) task, the remark. */
export async function approvalInfos(db: DbOrTrx, flowNo: string, locale: Locale): Promise<Record<ApprovalKind, ApprovalInfo>> {
  const rows = await db
    .selectFrom('flow_approval as a')
    .leftJoin('flow_approval_step as s', (j) => j.onRef('s.approval_no', '=', 'a.approval_no').on('s.task_no', 'is not', null))
    .select(['a.kind', 'a.round', 'a.status', 'a.remark', 'a.outcome', 's.step', 's.task_no'])
    .where('a.flow_no', '=', flowNo)
    .orderBy('a.round', 'desc')
    .orderBy('s.step', 'desc')
    .execute();
  const info = {} as Record<ApprovalKind, ApprovalInfo>;
  for (const kind of APPROVAL_KINDS) {
    // Newest round first, its latest opened step first.
    const latest = rows.find((r) => r.kind === kind);
    info[kind] = latest
      ? {
          status: latest.status as ApprovalStatus,
          bpmUrl: latest.task_no ? approvalCardPath({ flowNo, taskNo: latest.task_no }) : null,
          bpmRemark: remarkOf(latest, locale),
        }
      : { status: APPROVAL_STATUS.NOTSTART, bpmUrl: null, bpmRemark: null };
  }
  return info;
}

/** One kind's approval of a flow (see approvalInfos). */
export async function approvalInfo(db: DbOrTrx, flowNo: string, kind: ApprovalKind, locale: Locale): Promise<ApprovalInfo> {
  return (await approvalInfos(db, flowNo, locale))[kind];
}

/**
 * GET /v1/cert-flow-node/approval-record: the task, its approval and every opened step of the
 * application's approvals (who, when, decision, reason), and whether the reader decides now.
 */
export async function approvalRecord(
  db: DbOrTrx,
  input: { flowNo: string; taskNo: string; readerJobNumber: string; locale: Locale },
): Promise<ApprovalRecordCard> {
  const { flowNo, taskNo, locale } = input;
  const task = await db
    .selectFrom('cert_task as t')
    .leftJoin('staff as s', 's.job_number', 't.principal_job_number')
    .select(['t.task_no', 't.task_name', 't.task_type', 't.principal_job_number', 's.name', 't.status', 't.apply_no'])
    .where('t.flow_no', '=', flowNo)
    .where('t.task_no', '=', taskNo)
    .executeTakeFirst();
  if (!task) throw notFound();
  const approval =
    task.task_type === 'APPROVAL' && task.apply_no
      ? await db.selectFrom('flow_approval').selectAll().where('approval_no', '=', task.apply_no).where('flow_no', '=', flowNo).executeTakeFirst()
      : undefined;
  const kind = approval?.kind as ApprovalKind | undefined;
  const steps = approval
    ? await db
        .selectFrom('flow_approval_step as s')
        .innerJoin('flow_approval as a', 'a.approval_no', 's.approval_no')
        .select(['a.round', 's.step', 's.role', 's.job_number', 's.name', 's.task_no', 's.decision', 's.reason', 's.opened_at', 's.decided_at'])
        .where('a.flow_no', '=', flowNo)
        .where('a.kind', '=', approval.kind)
        .where('s.opened_at', 'is not', null)
        .orderBy('a.round')
        .orderBy('s.step')
        .execute()
    : [];
  const records: ApprovalRecordRow[] = steps.map((s) => ({
    round: s.round,
    step: s.step,
    approverId: s.job_number,
    approverName: s.name,
    roleName: RESPONSIBILITY_NAME[s.role as FlowResponsibility]?.[locale] ?? s.role,
    decision: s.decision,
    decisionStr: DECISION_TEXT[s.decision ?? 'pending'][locale],
    reason: s.reason,
    openedAt: iso(s.opened_at),
    decidedAt: iso(s.decided_at),
  }));
  const pendingStep = steps.find((s) => s.task_no === taskNo && s.decision === null);
  return {
    task: {
      taskNo: task.task_no,
      taskName: kind ? APPROVAL_TASK_NAME[kind][locale] : task.task_name,
      taskType: task.task_type,
      taskPrincipalId: task.principal_job_number,
      taskPrincipalName: task.name ?? task.principal_job_number,
      taskStatus: task.status,
      taskStatusStr: TASK_STATUS_TEXT[task.status]?.[locale] ?? String(task.status),
    },
    approval:
      approval && kind
        ? {
            kind,
            kindName: APPROVAL_TASK_NAME[kind][locale],
            approvalNo: approval.approval_no,
            round: approval.round,
            status: approval.status as ApprovalStatus,
            statusStr: APPROVAL_STATUS_TEXT[approval.status]?.[locale] ?? String(approval.status),
            remark: remarkOf(approval, locale),
          }
        : null,
    records,
    subject: approval ? await approvalSubject(db, approval, locale) : null,
    canDecide:
      Boolean(pendingStep) &&
      approval?.status === APPROVAL_STATUS.INPROGRESS &&
      task.status === TASK_STATUS.IN_PROGRESS &&
      task.principal_job_number === input.readerJobNumber,
  };
}
