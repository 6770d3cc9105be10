import type { Locale } from '../i18n.ts';
import { INSPECTION_DIMENSIONS, type DimensionCode } from './dimensions.ts';
import type { NodeCode } from './enums.ts';
import type { FlowResponsibility } from './node-principals.ts';
import type { TodoSource } from './todos.ts';

/**
 * The tasks of a flow (cert_task, req rfi §4 "Tasks", req flow §6): the questionnaire's REGISTER_RFI task,
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

/** The tasks of stage 10 that the RFI task list shows, in the requirements’ order (req rfi §3 "Task row"). */
export const RFI_TASK_TYPES = ['REGISTER_RFI', ...RFI_REVIEW_KINDS] as const;
export type RfiTaskType = (typeof RFI_TASK_TYPES)[number];

/**
 * TODO: a to-do of the comprehensive evaluation (domain/cert-flow/todos.ts), a task of its own principal.
 * APPROVAL: one approver's step of a high-potential or supplier-code approval (domain/cert-flow/approvals.ts).
 */
export type TaskType = RfiTaskType | 'NODE_PRINCIPAL' | 'TODO' | 'APPROVAL' | DimensionTaskType | FollowUpTaskType;

/**
 * Tasks that call their principal back to a node they cannot otherwise tell is waiting for them:
 * ERP_REFUSED, the ERP refused the approved supplier code; SYSTEM_CERT_CLOSE, every expert has scored; NODE_OVERDUE,
 * the open node passed its time limit — the CMT leader's escalation (docs/decisions/0056-node-time-limits.md).
 */
export const FOLLOW_UP_TASK_NAME = {
  ERP_REFUSED: { zh: 'SAP拒绝了供应商编码申请：修改发布表单并重新提交', en: 'The ERP refused the supplier code: correct the release form and submit again' },
  SYSTEM_CERT_CLOSE: { zh: '体系认证专家已全部评分：请完成节点', en: 'Every expert has scored the system certification: complete the node' },
  NODE_OVERDUE: { zh: '节点已超过时限：请督办', en: 'A node has passed its time limit: follow it up' },
  VDA_AUDIT_SCORE: { zh: 'VDA 6.3 过程审核：为您负责的过程要素评分', en: 'VDA 6.3 process audit: score your process elements' },
  VDA_AUDIT_CLOSE: { zh: 'VDA 6.3 过程要素已全部提交：请完成节点', en: 'Every VDA 6.3 process element is handed in: complete the node' },
  PPAP_INTERIM_ENDING: { zh: 'PPAP 临时批准即将到期：请跟进正式批准', en: 'A PPAP interim approval ends soon: follow up the full approval' },
  PPAP_INTERIM_LAPSED: { zh: 'PPAP 临时批准已到期，零件批准已失效', en: 'A PPAP interim approval ended: the part approval has lapsed' },
  VDA_ACTION_ANSWERED: { zh: '供应商已答复 VDA 6.3 措施项：请关闭或退回', en: 'The supplier answered a VDA 6.3 action item: close or return it' },
} as const satisfies Record<string, Record<Locale, string>>;
export type FollowUpTaskType = keyof typeof FOLLOW_UP_TASK_NAME;
export const isFollowUpTaskType = (taskType: string): taskType is FollowUpTaskType => Object.hasOwn(FOLLOW_UP_TASK_NAME, taskType);

/**
 * The tasks of one inspection dimension, each its owner's: issuing the self-inspection checklist,
 * auditing the supplier's answer (once per submission), scoring it in the system certification.
 */
export const DIMENSION_TASK_TYPES = ['SELF_INSPECTION_ISSUE', 'SELF_INSPECTION_AUDIT', 'SYSTEM_CERT_SCORE'] as const;
export type DimensionTaskType = (typeof DIMENSION_TASK_TYPES)[number];

export const isDimensionTaskType = (taskType: string): taskType is DimensionTaskType => (DIMENSION_TASK_TYPES as readonly string[]).includes(taskType);

const DIMENSION_TASK_VERB: Record<DimensionTaskType, Record<Locale, string>> = {
  SELF_INSPECTION_ISSUE: { zh: '下发自检清单', en: 'Issue the self-inspection checklist' },
  SELF_INSPECTION_AUDIT: { zh: '审核自检', en: 'Audit the self-inspection' },
  SYSTEM_CERT_SCORE: { zh: '体系认证评审', en: 'System certification review' },
};

/** A dimension task's name: what to do and for which dimension. */
export function dimensionTaskName(taskType: DimensionTaskType, dimension: DimensionCode, locale: Locale): string {
  const d = INSPECTION_DIMENSIONS.find((x) => x.code === dimension);
  return `${DIMENSION_TASK_VERB[taskType][locale]}${locale === 'zh' ? '：' : ': '}${d?.[locale] ?? dimension}`;
}

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

/**
 * A dimension task's number: one per dimension and type; an audit recurs with each submission
 * after a rejection, so it carries its round (1 + the rejections before it).
 */
export function dimensionTaskNo(flowNo: string, taskType: DimensionTaskType, dimension: DimensionCode, round = 1): string {
  return `${flowNo}-${taskType}-${dimension}${round > 1 ? `-${round}` : ''}`;
}

/** The dimension a dimension task's number names (its task row keeps no other trace of it). */
export function dimensionOfTaskNo(taskNo: string, taskType: DimensionTaskType): DimensionCode | undefined {
  const rest = taskNo.split(`-${taskType}-`)[1]?.split('-')[0];
  return INSPECTION_DIMENSIONS.find((d) => d.code === rest)?.code;
}
