import { addWorkingDays } from '../calendar/working-days.ts';

/**
 * An assessment round (req performance §2.4, §4; docs/decisions/0044-assessment-rounds.md): a running performance
 * plan's review tasks (one per reviewer and supplier, scoring the indices of the reviewer's role), their
 * reminder and escalation, the owner's summary and its approval. Pure, shared by workflow, API and web.
 */

/**
 * reviewing: review tasks open; summarizing: every task submitted, the owner calculates and adjusts;
 * approving: the summary waits for its approver; publishing: approved, results being published;
 * concluded: published to the suppliers.
 */
export const ROUND_PHASES = ['reviewing', 'summarizing', 'approving', 'publishing', 'concluded'] as const;
export type RoundPhase = (typeof ROUND_PHASES)[number];

/** Review task status, as every task of the product (req performance §3.4): 20 in progress, 30 finished. */
export const REVIEW_STATUS = { IN_PROGRESS: 20, FINISHED: 30 } as const;

/** The rows of "my open tasks" (cert_task) a round makes: node code and task types. */
export const ROUND_TASK = { nodeCode: 'ASSESSMENT', review: 'ASSESSMENT_REVIEW', summary: 'ASSESSMENT_SUMMARY', approval: 'ASSESSMENT_APPROVAL' } as const;
export type RoundTaskType = (typeof ROUND_TASK)['review' | 'summary' | 'approval'];
export const ROUND_TASK_TYPES: readonly RoundTaskType[] = [ROUND_TASK.review, ROUND_TASK.summary, ROUND_TASK.approval];
export const ROUND_TASK_NAME: Record<RoundTaskType, { zh: string; en: string }> = {
  ASSESSMENT_REVIEW: { zh: '绩效评审', en: 'Performance review' },
  ASSESSMENT_SUMMARY: { zh: '绩效汇总', en: 'Performance summary' },
  ASSESSMENT_APPROVAL: { zh: '绩效汇总审批', en: 'Performance summary approval' },
};
export const ROUND_NODE_NAME = { zh: '供应商绩效', en: 'Supplier performance' } as const;

/** Review task numbers are stable per plan, supplier, role and reviewer: a retried opening makes no second task. */
export const reviewTaskNo = (planNo: string, supplierNo: string, role: string, reviewerJobNumber: string) => `${planNo}-${supplierNo}-${role}-${reviewerJobNumber}`;
export const summaryTaskNo = (planNo: string) => `${planNo}-SUMMARY`;
export const approvalTaskNo = (planNo: string, round: number) => `${planNo}-APPROVAL-${round}`;

/** Screens the round's tasks and mails link to. */
export const reviewDetailPath = (taskNo: string) => `/assessment/review-detail?${new URLSearchParams({ taskNo })}`;
export const reviewWorkPath = (planNo: string) => `/assessment/review?${new URLSearchParams({ planNo })}`;
export const summaryPath = (planNo: string) => `/assessment/summary?${new URLSearchParams({ planNo })}`;
export const portalScorecardPath = '/client/portal/scorecard';

export const ROUND_REMINDER_KINDS = ['DUE_SOON', 'OVERDUE'] as const;
export type RoundReminderKind = (typeof ROUND_REMINDER_KINDS)[number];

/**
 * When the round reminds (docs/decisions/0044-assessment-rounds.md): the reviewers with open tasks one working
 * day before the deadline, the plan owner once it has passed. A moment at or before the start is left out.
 */
export function roundReminderMoments(startedAt: number, deadline: number): { kind: RoundReminderKind; at: number }[] {
  return [
    { kind: 'DUE_SOON' as const, at: addWorkingDays(new Date(deadline), -1).getTime() },
    { kind: 'OVERDUE' as const, at: deadline },
  ].filter((m) => m.at > startedAt);
}

