import type { Locale } from '../i18n.ts';
import type { NodeCode } from './enums.ts';
import type { FlowResponsibility } from './node-principals.ts';
import type { TodoSource } from './todos.ts';

/**
 * The tasks of a flow (cert_task, spec 1 §4 "Tasks", spec 2 §6): the questionnaire's REGISTER_RFI task,
 * the two reviews of each submitted round, and the principal task of every later node.
 */

/** The two reviews of a submitted questionnaire; only these are decided with audit-pass / audit-reject. */
export const RFI_REVIEW_KINDS = ['PURCHASE_REVIEW', 'CMT_REVIEW'] as const;
export type RfiReviewKind = (typeof RFI_REVIEW_KINDS)[number];

export const isRfiReviewKind = (taskType: string): taskType is RfiReviewKind => (RFI_REVIEW_KINDS as readonly string[]).includes(taskType);

/** Whose review each is: the flow's purchasing manager and its CMT leader. */
export const RFI_REVIEW_ROLE: Record<RfiReviewKind, FlowResponsibility> = { PURCHASE_REVIEW: 'PURCHASE_MANAGER', CMT_REVIEW: 'CMT_LEADER' };

/** A review's name: its task's stored name and its words in the change log. */
export const RFI_REVIEW_NAME: Record<RfiReviewKind, Record<Locale, string>> = {
  PURCHASE_REVIEW: { zh: '采购审核', en: 'Purchasing review' },
  CMT_REVIEW: { zh: 'CMT审核', en: 'CMT review' },
};

/** The tasks of stage 10 that the RFI task list shows, in the spec's order (spec 1 §3 "Task row"). */
export const RFI_TASK_TYPES = ['REGISTER_RFI', ...RFI_REVIEW_KINDS] as const;
export type RfiTaskType = (typeof RFI_TASK_TYPES)[number];

/**
 * TODO: a to-do of the comprehensive evaluation (domain/cert-flow/todos.ts), a task of its own principal.
 * APPROVAL: one approver's step of a high-potential or supplier-code approval (domain/cert-flow/approvals.ts).
 */
export type TaskType = RfiTaskType | 'NODE_PRINCIPAL' | 'TODO' | 'APPROVAL';

/** The RFI tasks as the dashboard and the task mails name them; a principal task is named after its node. */
export const RFI_TASK_NAME: Record<RfiTaskType, Record<Locale, string>> = {
  REGISTER_RFI: { zh: 'RFI问卷', en: 'RFI questionnaire' },
  PURCHASE_REVIEW: { zh: '采购审核RFI', en: 'Purchasing review of the RFI' },
  CMT_REVIEW: { zh: 'CMT审核RFI', en: 'CMT review of the RFI' },
};

/**
 * Task numbers are derived (`<flowNo>-<node>-<type>`), so a retried activity finds the task it made;
 * a task that recurs (the questionnaire and its reviews in a later round) carries its round.
 */
export function taskNo(flowNo: string, nodeCode: NodeCode, taskType: TaskType, round = 1): string {
  return `${flowNo}-${nodeCode}-${taskType}${round > 1 ? `-${round}` : ''}`;
}

/**
 * A to-do's task number: one per to-do of a list, named by its list and its seq. Seqs are never
 * reused within a list, so a number names one to-do for good (and its mail's dedupe key with it).
 */
export function todoTaskNo(flowNo: string, source: TodoSource, seq: number): string {
  return `${flowNo}-${source}-TODO-${seq}`;
}
